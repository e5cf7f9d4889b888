import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from "react";
import { loadSonner, onToasterWanted, toasterWanted } from "./toast.ts";

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/**
 * sonner's Toaster, mounted once the first toast is raised (web/lib/toast.ts): a screen that
 * shows no toast never downloads, evaluates or renders it.
 */
export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
