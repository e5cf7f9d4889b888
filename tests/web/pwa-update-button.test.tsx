import { fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { UpdateButton } from "../../web/pwa/update-button.tsx";
import { UPDATE_AVAILABLE_EVENT } from "../../web/pwa/update-check.ts";
import { toastShowing } from "./helpers/toasts.ts";

// The real hook and toasts, with the browser's service worker container replaced.
function setServiceWorker(container: unknown) {
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
}

function renderButton(errorMessage?: string) {
  return render(
    <>
      <UpdateButton label="Buscar actualizaciones" errorMessage={errorMessage} />
      <Toaster />
    </>,
  );
}

describe("UpdateButton", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("tells a browser without service workers that it cannot update itself", async () => {
    Reflect.deleteProperty(navigator, "serviceWorker");
    expect("serviceWorker" in navigator).toBe(false);
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Buscar actualizaciones" }));
    expect(await toastShowing(MSG.updateUnsupported)).toEqual({ type: "error", front: true });
  });

  it("reports the latest version after asking the registration", async () => {
    const registration = { waiting: null, installing: null, update: vi.fn(async () => {}) };
    setServiceWorker(
      Object.assign(new EventTarget(), {
        controller: {},
        getRegistration: vi.fn(async () => registration),
      }),
    );
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Buscar actualizaciones" }));
    expect(await toastShowing(MSG.updateLatest)).toEqual({ type: "success", front: true });
    expect(registration.update).toHaveBeenCalledOnce();
    expect(
      (screen.getByRole("button", { name: "Buscar actualizaciones" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it("shows the caller's error message when the check fails", async () => {
    setServiceWorker(
      Object.assign(new EventTarget(), {
        controller: null,
        getRegistration: vi.fn(async () => undefined),
      }),
    );
    renderButton(MSG.updateSettingsError);
    fireEvent.click(screen.getByRole("button", { name: "Buscar actualizaciones" }));
    expect(await toastShowing(MSG.updateSettingsError)).toEqual({ type: "error", front: true });
  });

  it("notes a new version announced by /app/register-sw.js", async () => {
    setServiceWorker(
      Object.assign(new EventTarget(), {
        controller: {},
        getRegistration: vi.fn(async () => undefined),
      }),
    );
    renderButton();
    expect(screen.queryByRole("status")).toBeNull();
    window.dispatchEvent(new CustomEvent(UPDATE_AVAILABLE_EVENT));
    expect((await screen.findByText(MSG.updateFound)).getAttribute("role")).toBe("status");
  });
});
