import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { toast, toasterWanted } from "../../web/lib/toast.ts";

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
    expect(await screen.findByText("Te has unido a la salida")).toBeTruthy();
    expect(toasterWanted()).toBe(true);
    expect(container.querySelector("[data-sonner-toaster]")).not.toBeNull();
    // In Spanish for screen readers, not sonner's English.
    expect(screen.getByRole("button", { name: "Cerrar aviso" })).toBeTruthy();
    expect(screen.getByRole("region", { name: /^Avisos/ })).toBeTruthy();
  });
});
