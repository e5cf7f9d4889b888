import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from "react";
import { SHELL_TEXT } from "../../domain/texts/app.ts";
import { loadSonner, onToasterWanted, toasterWanted } from "./toast.ts";
import { TOASTS_BOTTOM } from "./toasts-above.ts";

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

// sonner names its region and close buttons in English ('Notifications', 'Close toast'): a
// screen reader in a Spanish app should hear Spanish.
const TOAST_OPTIONS = { closeButtonAriaLabel: SHELL_TEXT.closeToast };

// At the bottom, above the bottom navigation (3.5rem tall, on the phone's safe area), instead of
// over the top of the screen, where every screen has its title and 'Volver'; higher while a
// screen keeps something of its own there (web/lib/toasts-above.ts). One toast at a time
// (web/lib/toast.ts replaces the one on screen).
const ABOVE_NAV = {
  bottom: `var(${TOASTS_BOTTOM}, calc(4.5rem + env(safe-area-inset-bottom)))`,
};

/**
 * sonner's Toaster, mounted once the first toast is raised (web/lib/toast.ts): a screen that
 * shows no toast never downloads, evaluates or renders it.
 */
export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-center"
        offset={ABOVE_NAV}
        mobileOffset={ABOVE_NAV}
        visibleToasts={1}
        richColors
        closeButton
        containerAriaLabel={SHELL_TEXT.toasts}
        toastOptions={TOAST_OPTIONS}
        {...props}
      />
    </Suspense>
  );
}
