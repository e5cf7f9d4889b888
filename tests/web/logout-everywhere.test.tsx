// Settings → 'Cerrar sesión en todos los dispositivos': it asks first, then the API
// ends every session of hers, and she lands on the login screen with nothing of hers left here.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import type { MeResponse } from "../../domain/api-types.ts";
import { LOGOUT_EVERYWHERE_MSG } from "../../domain/texts/settings.ts";
import { ME_KEY } from "../../web/session/use-me.ts";
import { LogoutEverywhereSection } from "../../web/settings/logout-everywhere.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();

function renderSettings() {
  const client = signedInClient();
  client.setQueryData(["calendar-feed"], { status: "active", createdAt: 1 });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/app/settings"]}>
        <Routes>
          <Route path="/app/settings" element={<LogoutEverywhereSection />} />
          <Route path="/app/login" element={<h1>Iniciar sesión</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}

const BUTTON = "Cerrar sesión en todos los dispositivos";
const apiCalls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);

describe("'Cerrar sesión en todos los dispositivos'", () => {
  it("asks first: 'Cancelar' leaves everything as it was", async () => {
    renderSettings();
    fireEvent.click(screen.getByRole("button", { name: BUTTON }));
    await screen.findByRole("dialog", { name: "¿Cerrar sesión en todos los dispositivos?" });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: BUTTON })).toHaveProperty("disabled", false);
  });

  it("confirmed, ends every session through the API and lands her on the login screen", async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    const client = renderSettings();
    fireEvent.click(screen.getByRole("button", { name: BUTTON }));
    const confirm = await screen.findByRole("button", { name: "Cerrar sesión en todos" });
    await act(async () => {
      fireEvent.click(confirm);
    });
    await screen.findByRole("heading", { name: "Iniciar sesión" });
    await screen.findByText(LOGOUT_EVERYWHERE_MSG.done);
    expect(apiCalls()).toEqual(["POST /api/auth/logout-everywhere"]);
    // Nothing of hers stays in memory: signed out, her calendar state gone.
    expect(client.getQueryData<MeResponse>(ME_KEY)?.user).toBeNull();
    expect(client.getQueryData(["calendar-feed"])).toBeUndefined();
  });

  it("says so when it fails, and she stays where she was", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "internal", message: "x" } }, { status: 500 }),
    );
    const client = renderSettings();
    fireEvent.click(screen.getByRole("button", { name: BUTTON }));
    const confirm = await screen.findByRole("button", { name: "Cerrar sesión en todos" });
    await act(async () => {
      fireEvent.click(confirm);
    });
    await screen.findByText(LOGOUT_EVERYWHERE_MSG.failed);
    expect(screen.queryByRole("heading", { name: "Iniciar sesión" })).toBeNull();
    expect(client.getQueryData<MeResponse>(ME_KEY)?.user).not.toBeNull();
  });
});
