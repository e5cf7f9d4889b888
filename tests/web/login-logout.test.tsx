// /app/login and /app/logout: the spec's texts for each failure (spec 01 §8).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import type { MeResponse } from "../../domain/api-types.ts";
import { MSG } from "../../domain/messages.ts";
import Login from "../../web/auth/login.tsx";
import Logout from "../../web/auth/logout.tsx";
import { ME_KEY } from "../../web/auth/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";

function renderAt(entry: string, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
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
