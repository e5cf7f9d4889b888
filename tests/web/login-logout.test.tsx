// /app/login and /app/logout: the spec's texts for each failure
// (docs/product.md#accounts-and-sign-in).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import {
  MemoryRouter,
  type NavigateFunction,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from "react-router-dom";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import type { MeResponse } from "../../domain/api-types.ts";
import { MSG } from "../../domain/messages.ts";
import Login from "../../web/auth/login.tsx";
import Logout from "../../web/auth/logout.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";

/** The address bar as the app leaves it (path, query and fragment), and a way to change it. */
let address = "";
let go: NavigateFunction = () => undefined;
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}${location.hash}`;
  go = useNavigate();
  return null;
}

function renderAt(entry: string, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Address />
        <Routes>
          <Route path="/app/login" element={<Login />} />
          <Route path="/app/logout" element={<Logout />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const visitor: MeResponse = { user: null, signupMode: "open", googleEnabled: true };
const ana = {
  user: { id: "u1", username: "Ana", profileComplete: true },
  signupMode: "open",
  googleEnabled: true,
} as MeResponse;
const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

const fetchMock = stubFetchEachTest();

describe("login", () => {
  it("says 'Error al iniciar sesión con Google' when Google sends her back with an error", async () => {
    renderAt("/app/login?error=google", visitor);
    await screen.findByText(MSG.googleLoginFailed);
  });

  async function forgotPassword(email: string) {
    fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "¿Olvidaste tu contraseña?" }));
    });
  }

  it("asks for the e-mail first when 'forgot password' has none", async () => {
    renderAt("/app/login", visitor);
    await forgotPassword("");
    await screen.findByText(MSG.forgotPasswordEmailFirst);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Error al enviar el correo de recuperación' when the server fails", async () => {
    fetchMock.mockResolvedValue(failure(503, "unavailable", MSG.internal));
    renderAt("/app/login", visitor);
    await forgotPassword("ana@example.com");
    await screen.findByText(MSG.recoveryMailFailed);
  });

  it("keeps the API's reason for a deliberate refusal (too many tries)", async () => {
    fetchMock.mockResolvedValue(failure(429, "rate_limited", MSG.rateLimited));
    renderAt("/app/login", visitor);
    await forgotPassword("ana@example.com");
    await screen.findByText(MSG.rateLimited);
  });
});

describe("the mailed reset link", () => {
  const TOKEN = "k3x9reset0token7abc";

  it("reads the token from the fragment, takes it out of the address and posts it in the body", async () => {
    fetchMock.mockResolvedValue(Response.json(ana));
    renderAt(`/app/login#reset=${TOKEN}`, visitor);
    await screen.findByRole("heading", { name: "Nueva contraseña" });
    await vi.waitFor(() => expect(address).toBe("/app/login"));
    // Still in reset mode once the address no longer has it: it is kept in memory.
    fireEvent.change(screen.getByLabelText("Nueva contraseña"), {
      target: { value: "nueva-clave-9" },
    });
    fireEvent.change(screen.getByLabelText("Confirmar contraseña"), {
      target: { value: "nueva-clave-9" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    });
    // The form's schemas load on first use; the toast says the call is done.
    await screen.findByText(MSG.passwordUpdated, {}, { timeout: 10_000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/api/auth/reset/confirm");
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: "nueva-clave-9" });
  });

  it("works when the link lands on the login page already open (only the fragment changes)", async () => {
    renderAt("/app/login", visitor);
    await screen.findByRole("heading", { name: "Iniciar sesión" });
    act(() => {
      void go(`/app/login#reset=${TOKEN}`);
    });
    await screen.findByRole("heading", { name: "Nueva contraseña" });
    await vi.waitFor(() => expect(address).toBe("/app/login"));
  });

  it("refuses an older ?reset= link: the token leaves the address and she is told to ask again", async () => {
    renderAt(`/app/login?reset=${TOKEN}`, visitor);
    await screen.findByText(MSG.resetTokenInvalid);
    await vi.waitFor(() => expect(address).toBe("/app/login"));
    screen.getByRole("heading", { name: "Iniciar sesión" });
    expect(screen.queryByRole("heading", { name: "Nueva contraseña" })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("logout", () => {
  it("says 'Error al cerrar sesión' when it fails, and still leaves for the login page", async () => {
    fetchMock.mockResolvedValue(failure(500, "internal", MSG.internal));
    renderAt("/app/logout", ana);
    await screen.findByText(MSG.logoutFailed);
    await screen.findByRole("button", { name: "Iniciar sesión" });
  });

  it("says 'Sesión cerrada correctamente' when it works", async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    renderAt("/app/logout", ana);
    await screen.findByText(MSG.logoutSuccess);
  });
});
