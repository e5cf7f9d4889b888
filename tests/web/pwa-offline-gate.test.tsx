import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";

const me = vi.hoisted(() => ({ current: {} as { data?: unknown; error?: unknown } }));
vi.mock("../../web/auth/use-me.ts", () => ({ useMe: () => me.current }));

const { OfflineGate } = await import("../../web/pwa/offline-gate.tsx");

function renderGate() {
  return render(
    <OfflineGate>
      <p>La página</p>
    </OfflineGate>,
  );
}

describe("OfflineGate", () => {
  afterEach(() => {
    me.current = {};
  });

  it("shows the page when online", () => {
    me.current = { data: { user: null } };
    renderGate();
    expect(screen.getByText("La página")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: MSG.offlineTitle })).toBeNull();
  });

  it("shows 'Sin conexión' in place of the page when opened offline, and 'Reintentar' reloads", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    renderGate();
    expect(screen.getByRole("heading", { name: MSG.offlineTitle })).toBeTruthy();
    expect(screen.getByText(MSG.networkError)).toBeTruthy();
    expect(screen.queryByText("La página")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows it when the first /api/me never reached the server", () => {
    me.current = { error: new ApiError("network_error", MSG.networkError, 0) };
    renderGate();
    expect(screen.getByRole("heading", { name: MSG.offlineTitle })).toBeTruthy();
  });

  it("keeps the page when a later refetch fails (her form stays as it is)", () => {
    me.current = {
      data: { user: null },
      error: new ApiError("network_error", MSG.networkError, 0),
    };
    renderGate();
    expect(screen.getByText("La página")).toBeTruthy();
  });

  it("keeps the page for a server error (not a connection problem)", () => {
    me.current = { error: new ApiError("internal", MSG.internal, 500) };
    renderGate();
    expect(screen.getByText("La página")).toBeTruthy();
  });
});
