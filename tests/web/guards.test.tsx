import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { RequireProfile } from "../../web/auth/guards.tsx";

afterEach(() => vi.unstubAllGlobals());

/** /api/me answers each call with the next of `answers`. */
function stubMe(...answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? Response.json({}, { status: 500 }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderGuarded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/app/my-rides"]}>
        <Routes>
          <Route
            path="/app/my-rides"
            element={
              <RequireProfile>
                <p>Mis salidas</p>
              </RequireProfile>
            }
          />
          <Route path="/app/login" element={<p>Formulario de acceso</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const serverError = () =>
  Response.json({ error: { code: "unavailable", message: MSG.internal } }, { status: 503 });
const signedIn = () =>
  Response.json({
    user: { id: "u1", username: "Ana", profileComplete: true },
    signupMode: "open",
    googleEnabled: false,
  });

describe("RequireAuth / RequireProfile", () => {
  it("keeps her on her page with a retry when the session check fails on the server", async () => {
    const fetchMock = stubMe(serverError(), signedIn());
    renderGuarded();
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.internal);
    expect(screen.queryByText("Formulario de acceso")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    await screen.findByText("Mis salidas");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("sends a visitor to the login form", async () => {
    stubMe(Response.json({ user: null, signupMode: "open", googleEnabled: false }));
    renderGuarded();
    await screen.findByText("Formulario de acceso");
  });
});
