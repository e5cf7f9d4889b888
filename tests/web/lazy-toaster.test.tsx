import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { toast, toasterWanted } from "../../web/lib/toast.ts";
import { toastShowing } from "./helpers/toasts.ts";

// The order matters: sonner is imported once per module graph, so the first test runs before
// any toast has been raised in this file.
describe("LazyToaster (web/main.tsx)", () => {
  it("mounts nothing and loads nothing until a toast is raised, a dismiss included", async () => {
    const { container } = render(<LazyToaster />);
    toast.dismiss("nothing-yet");
    // Asking for sonner marks the toaster wanted at once (web/lib/toast.ts): nothing to wait for.
    expect(toasterWanted()).toBe(false);
    expect(container.innerHTML).toBe("");
  });

  it("mounts sonner's Toaster with the first toast, and shows that toast", async () => {
    const { container } = render(<LazyToaster position="top-center" closeButton />);
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
