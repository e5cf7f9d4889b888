// Toasts sit at the bottom of the screen, above the navigation (web/lib/lazy-toaster.tsx). A
// screen with something of its own down there (the chat's message box) lifts them above it while
// it is shown: a toast over 'Enviar' would take the tap meant for it.
import { type RefObject, useEffect } from "react";

/** The CSS variable lazy-toaster.tsx reads for the toasts' distance from the bottom. */
export const TOASTS_BOTTOM = "--toasts-bottom";
/** Room between the toast and what it stays above. */
const GAP_PX = 8;

/** While mounted, toasts stay above `ref`'s element, following its size and the window's. */
export function useToastsAbove(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const lift = () => {
      const bottom = window.innerHeight - element.getBoundingClientRect().top + GAP_PX;
      root.style.setProperty(TOASTS_BOTTOM, `${Math.max(0, Math.round(bottom))}px`);
    };
    lift();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(lift);
    observer?.observe(element);
    window.addEventListener("resize", lift);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", lift);
      root.style.removeProperty(TOASTS_BOTTOM);
    };
  }, [ref]);
}
