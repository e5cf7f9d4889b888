// Toasts, with sonner loaded on demand. sonner (its code and the 10 KB of CSS it injects) used to
// ship in the app's entry and be evaluated before the first screen, which never shows a toast
// on arrival; it now loads with the first toast, and only then is the Toaster mounted
// (LazyToaster, web/lib/lazy-toaster.tsx). Calls keep their order: each waits on the same import,
// and sonner keeps toasts raised before its Toaster mounts.
import type { toast as sonnerToast } from "sonner";

type Sonner = typeof import("sonner");
type SonnerToast = typeof sonnerToast;

let sonner: Promise<Sonner> | undefined;

/** The sonner module, imported once; the first call also asks for the Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of toasterListeners) listener();
  }
  return sonner;
}

const toasterListeners = new Set<() => void>();

/** Whether a toast has been raised yet (the Toaster is mounted from then on). */
export function toasterWanted(): boolean {
  return sonner !== undefined;
}

/** Calls `listener` when the first toast is raised; returns the unsubscribe function. */
export function onToasterWanted(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

type Method = "success" | "error" | "info" | "loading" | "custom";

/**
 * One toast at a time: a new toast dismisses whatever is on screen, so an old error never
 * lingers under a new success. A toast raised again with the same id (a check's loading toast
 * becoming its outcome) is updated in place.
 */
function replaceShown(toast: SonnerToast, id: string | number | undefined) {
  for (const shown of toast.getToasts()) {
    if (shown.id !== id) toast.dismiss(shown.id);
  }
}

function deferred<M extends Method>(method: M) {
  return (...args: Parameters<SonnerToast[M]>): void => {
    void loadSonner().then(({ toast }) => {
      replaceShown(toast, args[1]?.id);
      (toast[method] as (...a: Parameters<SonnerToast[M]>) => unknown)(...args);
    });
  };
}

/** sonner's `toast`, minus the return values (the toast id is passed in when one is needed). */
export const toast = Object.assign(
  (...args: Parameters<SonnerToast>): void => {
    void loadSonner().then(({ toast }) => {
      replaceShown(toast, args[1]?.id);
      toast(...args);
    });
  },
  {
    success: deferred("success"),
    error: deferred("error"),
    info: deferred("info"),
    loading: deferred("loading"),
    custom: deferred("custom"),
    // Nothing to dismiss before any toast was raised: no reason to load sonner for it.
    dismiss: (...args: Parameters<SonnerToast["dismiss"]>): void => {
      if (toasterWanted()) void loadSonner().then(({ toast }) => toast.dismiss(...args));
    },
  },
);
