// /app/signup: the spec's texts for failures (docs/product.md#accounts-and-sign-in), Google's
// included.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MeResponse } from "../../domain/api-types.ts";
import { MSG } from "../../domain/messages.ts";
import Signup from "../../web/auth/signup.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { toastShowing } from "./helpers/toasts.ts";

const visitor: MeResponse = { user: null, signupMode: "open", googleEnabled: true };

function renderSignup(entry = "/app/signup") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, visitor);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/app/signup" element={<Signup />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const fetchMock = stubFetchEachTest();
afterEach(() => localStorage.clear());

async function submitCredentials() {
  fireEvent.change(screen.getByLabelText("Correo electrónico"), {
    target: { value: "ana@example.com" },
  });
  fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "secreto1" } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));
  });
}

describe("sign-up failures", () => {
  it("shows 'Error al crear cuenta' when the server fails", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "internal", message: MSG.internal } }, { status: 500 }),
    );
    renderSignup();
    await submitCredentials();
    expect(await toastShowing(MSG.signupFailed)).toEqual({ type: "error", front: true });
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });

  it("shows the server's own message when it refuses (email taken)", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "conflict", message: MSG.emailTaken } }, { status: 409 }),
    );
    renderSignup();
    await submitCredentials();
    expect(await toastShowing(MSG.emailTaken)).toEqual({ type: "error", front: true });
  });
});

describe("Google sign-up", () => {
  it("starts the flow marked as a sign-up, with her stored invitation", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const ref = crypto.randomUUID();
    renderSignup(`/app/signup?ref=${ref}`);
    fireEvent.click(screen.getByRole("button", { name: "Continuar con Google" }));
    expect(assign).toHaveBeenCalledWith(`/api/auth/google?ref=${ref}&from=signup`);
  });

  it("shows 'Error al crear cuenta con Google' when the flow comes back failed", async () => {
    renderSignup("/app/signup?error=google");
    expect(await toastShowing(MSG.googleSignupFailed)).toEqual({ type: "error", front: true });
    expect(screen.queryByText(MSG.googleLoginFailed)).toBeNull();
  });
});
