import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";

const me = vi.hoisted(() => ({ current: {} as { data?: unknown; error?: unknown } }));
vi.mock("../../web/session/use-me.ts", () => ({ useMe: () => me.current }));

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
    // The page as it is: nothing added around it.
    expect(renderGate().container.innerHTML).toBe("<p>La página</p>");
  });

  it("shows 'Sin conexión' in place of the page when opened offline, and 'Reintentar' reloads", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    renderGate();
    // Said at once to a screen reader, as the page's one heading.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(MSG.offlineTitle);
    expect(screen.getByRole("alert").textContent).toContain(MSG.networkError);
    expect(screen.queryByText("La página")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows it when the first /api/me never reached the server", () => {
    me.current = { error: new ApiError("network_error", MSG.networkError, 0) };
    renderGate();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(MSG.offlineTitle);
    expect(screen.queryByText("La página")).toBeNull();
  });

  it("keeps the page when a later refetch fails (her form stays as it is)", () => {
    me.current = {
      data: { user: null },
      error: new ApiError("network_error", MSG.networkError, 0),
    };
    expect(renderGate().container.innerHTML).toBe("<p>La página</p>");
  });

  it("keeps the page for a server error (not a connection problem)", () => {
    me.current = { error: new ApiError("internal", MSG.internal, 500) };
    expect(renderGate().container.innerHTML).toBe("<p>La página</p>");
  });
});
