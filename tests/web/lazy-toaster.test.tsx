import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toastShowing } from "./helpers/toasts.ts";

/**
 * web/lib/toast.ts and the LazyToaster over it, fresh: whether a toast was raised is module
 * state, so each test starts from a page that has raised none, whatever ran before it.
 */
async function freshToaster() {
  vi.resetModules();
  const { LazyToaster } = await import("../../web/lib/lazy-toaster.tsx");
  const { toast, toasterWanted } = await import("../../web/lib/toast.ts");
  return { LazyToaster, toast, toasterWanted };
}

describe("LazyToaster (web/main.tsx)", () => {
  it("mounts nothing and loads nothing until a toast is raised, a dismiss included", async () => {
    const { LazyToaster, toast, toasterWanted } = await freshToaster();
    const { container } = render(<LazyToaster />);
    toast.dismiss("nothing-yet");
    // Asking for sonner marks the toaster wanted at once (web/lib/toast.ts): nothing to wait for.
    expect(toasterWanted()).toBe(false);
    expect(container.innerHTML).toBe("");
  });

  it("mounts sonner's Toaster with the first toast, and shows that toast", async () => {
    const { LazyToaster, toast, toasterWanted } = await freshToaster();
    const { container } = render(<LazyToaster position="top-center" closeButton />);
    expect(toasterWanted()).toBe(false);
    toast.success("Te has unido a la salida");
    expect(await toastShowing("Te has unido a la salida")).toEqual({
      type: "success",
      front: true,
    });
    expect(toasterWanted()).toBe(true);
    expect(container.querySelector("[data-sonner-toaster]")).not.toBeNull();
    // In Spanish for screen readers, not sonner's English: the region she hears it in, and the
    // button that closes it.
    expect(screen.getByRole("region", { name: /^Avisos/ }).textContent).toContain(
      "Te has unido a la salida",
    );
    fireEvent.click(screen.getByRole("button", { name: "Cerrar aviso" }));
    await expect
      .poll(() => screen.queryByText("Te has unido a la salida"), { timeout: 3000 })
      .toBeNull();
  });
});
