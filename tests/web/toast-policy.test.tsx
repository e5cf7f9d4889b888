// One toast at a time, at the bottom above the navigation: an old error toast never stays under
// a new success toast, and no toast covers a screen's header or its 'Volver'.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { toast } from "../../web/lib/toast.ts";
import { toastShowing } from "./helpers/toasts.ts";

describe("the app's toasts", () => {
  it("show one at a time: a new toast replaces the one on screen", async () => {
    const { container } = render(<LazyToaster />);
    toast.error("No se pudo guardar");
    expect(await toastShowing("No se pudo guardar")).toEqual({ type: "error", front: true });
    toast.success("Guardado");
    expect(await toastShowing("Guardado")).toEqual({ type: "success", front: true });
    // sonner removes a dismissed toast after its exit animation.
    await expect.poll(() => screen.queryByText("No se pudo guardar"), { timeout: 3000 }).toBeNull();
    expect(container.querySelectorAll("[data-sonner-toast]").length).toBe(1);
  });

  it("still update a toast in place by its id (a check that becomes its outcome)", async () => {
    render(<LazyToaster />);
    toast.loading("Buscando actualizaciones...", { id: "update" });
    await screen.findByText("Buscando actualizaciones...");
    toast.success("Estás en la última versión", { id: "update" });
    // Updated in place: the render that shows the outcome no longer shows the check (a second
    // toast would leave the first on screen through its exit animation).
    await screen.findByText("Estás en la última versión");
    expect(screen.queryByText("Buscando actualizaciones...")).toBeNull();
  });

  it("sit at the bottom centre, above the bottom navigation", async () => {
    const { container } = render(<LazyToaster />);
    toast("Hecho");
    await screen.findByText("Hecho");
    const list = container.querySelector<HTMLElement>("[data-sonner-toaster]")!;
    expect(list.dataset.yPosition).toBe("bottom");
    expect(list.dataset.xPosition).toBe("center");
    // Above the navigation (56 px tall, plus the phone's safe area), on phones and wider screens.
    expect(list.style.getPropertyValue("--mobile-offset-bottom")).toContain("4.5rem");
    expect(list.style.getPropertyValue("--offset-bottom")).toContain("4.5rem");
  });
});
