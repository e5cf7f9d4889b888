import { act, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { toastShowing } from "./helpers/toasts.ts";

/**
 * web/lib/toast.ts fresh (sonner not asked for yet on this page, whatever ran before), and the
 * app's Toaster over it, loaded the way web/main.tsx loads it.
 */
async function freshToasts() {
  vi.resetModules();
  const { loadSonner, toast } = await import("../../web/lib/toast.ts");
  const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));
  return { loadSonner, toast, Toaster };
}

describe("toast (sonner loaded on demand)", () => {
  it("keeps the order of toasts raised before the Toaster has loaded: the last one shows", async () => {
    const { toast, Toaster } = await freshToasts();
    // Raised before sonner is even imported: a loading toast replaced by its outcome (same id),
    // as the update check does, then a plain one, which replaces it (one toast at a time).
    toast.loading("Buscando actualizaciones…", { id: "update" });
    toast.success("Ya tienes la última versión", { id: "update" });
    toast("Hecho");
    render(
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>,
    );
    expect(await toastShowing("Hecho")).toEqual({ type: undefined, front: true });
    expect(screen.queryByText("Ya tienes la última versión")).toBeNull();
    expect(screen.queryByText("Buscando actualizaciones…")).toBeNull();
  });

  it("dismisses a toast by its id", async () => {
    const { loadSonner, toast, Toaster } = await freshToasts();
    render(
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>,
    );
    toast.error("No se pudo", { id: "err" });
    expect(await toastShowing("No se pudo")).toEqual({ type: "error", front: true });
    await act(async () => {
      toast.dismiss("err");
      await loadSonner();
    });
    // sonner removes a dismissed toast after its exit animation.
    await expect.poll(() => screen.queryByText("No se pudo"), { timeout: 3000 }).toBeNull();
  });
});
