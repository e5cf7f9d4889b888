// A newcomer opens a shared ride while signed out: login, 'Crear cuenta', profile setup, and she
// lands on that ride, not on the feed. The page travels as `?from=` (our own /app paths only).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { MeResponse, MeUser } from "../../domain/api-types.ts";
import { RequireProfile } from "../../web/auth/guards.tsx";
import Login from "../../web/auth/login.tsx";
import Signup from "../../web/auth/signup.tsx";
import ProfileSetup from "../../web/profiles/profile-setup.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";

const RIDE = "/app/ride/r-123";

const newcomer: MeUser = {
  id: "u-new",
  email: "lucia@example.com",
  username: null,
  avatarKey: "ava01",
  avatarUrl: null,
  city: null,
  modalities: [],
  profileComplete: false,
  hasPassword: true,
  isModerator: false,
  createdAt: 0,
};
const withProfile: MeUser = {
  ...newcomer,
  username: "lucia_rueda",
  city: "Madrid",
  modalities: ["road"],
  profileComplete: true,
};
const me = (user: MeUser | null): MeResponse => ({
  user,
  signupMode: "open",
  googleEnabled: true,
});

/** The shared ride's page, naming the ride it was opened for. */
function SharedRide() {
  const { id } = useParams();
  return (
    <>
      <p>La salida compartida</p>
      <p>{id}</p>
    </>
  );
}

function renderApp(entry: string, signedIn: MeUser | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me(signedIn));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/app/login" element={<Login />} />
          <Route path="/app/signup" element={<Signup />} />
          <Route path="/app/profile-setup" element={<ProfileSetup />} />
          <Route path="/app/feed" element={<p>El feed</p>} />
          <Route
            path="/app/ride/:id"
            element={
              <RequireProfile>
                <SharedRide />
              </RequireProfile>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const fetchMock = stubFetchEachTest();

/** The API of a sign-up then a profile save; `/api/me` answers who she is by then. */
function answerSignupAndProfile() {
  let current: MeUser | null = null;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url === "/api/auth/signup" && method === "POST") {
      current = newcomer;
      return Response.json({ ...me(newcomer), referralClaimed: false }, { status: 201 });
    }
    if (url === "/api/profile" && method === "PUT") {
      current = withProfile;
      return Response.json({ user: withProfile });
    }
    if (url.startsWith("/api/profile/username-available")) {
      return Response.json({ status: "available" });
    }
    if (url === "/api/me") return Response.json(me(current));
    return Response.json({ error: { code: "not_found", message: "?" } }, { status: 404 });
  });
}

describe("a newcomer sent a ride lands on it after signing up", () => {
  it("carries the ride from login to 'Crear cuenta' to profile setup, then opens it", async () => {
    answerSignupAndProfile();
    renderApp(`/app/login?from=${encodeURIComponent(RIDE)}`);

    fireEvent.click(screen.getByRole("link", { name: "Crear cuenta" }));
    fireEvent.change(await screen.findByLabelText("Correo electrónico"), {
      target: { value: "lucia@example.com" },
    });
    fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "secreto1" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));
    });

    fireEvent.change(await screen.findByLabelText("Nombre de usuario"), {
      target: { value: "lucia_rueda" },
    });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Madrid" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    });

    const page = await screen.findByText("La salida compartida");
    expect(page.nextElementSibling?.textContent).toBe("r-123");
    expect(screen.queryByText("El feed")).toBeNull();
  });

  it("'Iniciar sesión' on the sign-up page keeps it too", () => {
    renderApp(`/app/signup?from=${encodeURIComponent(RIDE)}`);
    expect(screen.getByRole("link", { name: "Iniciar sesión" }).getAttribute("href")).toBe(
      `/app/login?from=${encodeURIComponent(RIDE)}`,
    );
  });

  it("an account without a profile that opens the ride completes it, then comes back", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/profile" && init?.method === "PUT") {
        return Response.json({ user: withProfile });
      }
      return Response.json(me(withProfile));
    });
    renderApp(RIDE, newcomer);
    fireEvent.change(await screen.findByLabelText("Nombre de usuario"), {
      target: { value: "lucia_rueda" },
    });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Madrid" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    });
    const page = await screen.findByText("La salida compartida");
    expect(page.nextElementSibling?.textContent).toBe("r-123");
  });

  it("Google takes it along, from login and from sign-up", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    renderApp(`/app/signup?from=${encodeURIComponent(RIDE)}`);
    fireEvent.click(screen.getByRole("button", { name: "Continuar con Google" }));
    expect(assign).toHaveBeenLastCalledWith(
      `/api/auth/google?from=signup&next=${encodeURIComponent(RIDE)}`,
    );
  });

  it("carries nothing that is not one of our /app pages", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    renderApp(`/app/login?from=${encodeURIComponent("https://evil.example/app/feed")}`);
    expect(screen.getByRole("link", { name: "Crear cuenta" }).getAttribute("href")).toBe(
      "/app/signup",
    );
    fireEvent.click(screen.getByRole("button", { name: "Continuar con Google" }));
    expect(assign).toHaveBeenLastCalledWith("/api/auth/google");
  });
});
