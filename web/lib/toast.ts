// Toasts, with sonner loaded on demand. sonner (its code and the 10 KB of CSS it injects) used to
// ship in the app's entry and be evaluated before the first screen, which never shows a toast
// on arrival; it now loads once the first screen is up (the Toaster, web/main.tsx) or on the
// first toast, whichever comes first. Calls keep their order: each waits on the same import.
import type { toast as sonnerToast } from "sonner";

type Sonner = typeof import("sonner");
type SonnerToast = typeof sonnerToast;

let sonner: Promise<Sonner> | undefined;

/** The sonner module, imported once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

type Method = "success" | "error" | "info" | "loading" | "custom" | "dismiss";

function deferred<M extends Method>(method: M) {
  return (...args: Parameters<SonnerToast[M]>): void => {
    void loadSonner().then(({ toast }) =>
      (toast[method] as (...a: Parameters<SonnerToast[M]>) => unknown)(...args),
    );
  };
}

/** sonner's `toast`, minus the return values (the toast id is passed in when one is needed). */
export const toast = Object.assign(
  (...args: Parameters<SonnerToast>): void => {
    void loadSonner().then(({ toast }) => toast(...args));
  },
  {
    success: deferred("success"),
    error: deferred("error"),
    info: deferred("info"),
    loading: deferred("loading"),
    custom: deferred("custom"),
    dismiss: deferred("dismiss"),
  },
);
