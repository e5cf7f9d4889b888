import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useLocation } from "react-router-dom";
import { AppSplash } from "./components/spinner.tsx";
import { LazyToaster } from "./lib/lazy-toaster.tsx";
import { inNextTask } from "./lib/next-task.ts";
import { queryClient } from "./lib/query-client.ts";
import { AppRoutes, loadScreenCode } from "./router.tsx";
import { RouteErrorBoundary } from "./screens/route-error.tsx";
import { prefetchStartupData } from "./startup-prefetch.ts";

/** The routes, with the error page in place of the app when a screen fails. */
function App() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/* Only for an update outside a transition that waits for a screen's code. */}
      <Suspense fallback={<AppSplash />}>
        <AppRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Creating the root and rendering run in a task of their own after this module's, once the
 * first screen's code and data are in, and rendering runs as a transition (which React splits
 * into short slices): the main thread is free in between, so a phone stays responsive while the
 * app boots instead of freezing for one long task. Until then the shell's static splash stays: rendering
 * React's copy of it first cost a render and a layout on the main thread for the same pixels.
 */
function render() {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
          {/* Toasts' code loads with the first toast (web/lib/toast.ts). */}
          <LazyToaster />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

/**
 * How long the splash waits for the first screen's data. Data arriving while React renders
 * the screen (a transition, in slices) makes it throw that work away and render again in one
 * long task, so that no component shows an older answer than its neighbours; rendered after
 * the data, the screen renders once. On a slow network the screen's own loading state shows
 * after this long.
 */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * Resolves once the browser has drawn a frame of the shell (its prerendered splash and
 * navigation, ADR 0057): the callback of the frame, then a task after it. When the first
 * screen's code and data are in at once (a visitor without a session: /api/me answers 401 in
 * milliseconds), React would otherwise replace the shell before its first frame, and the first
 * paint would wait for the app's whole start-up. A hidden tab draws no frames: no wait there.
 */
function afterShellFrame(): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => inNextTask(resolve)));
}

// Start-up is a chain of short tasks instead of one long one: evaluating this module, asking
// for the first screen's data (its requests already left from the shell's preload links),
// finding and loading the screen's code, then rendering, never before the shell's first frame.
inNextTask(() => {
  const firstData = Promise.race([
    prefetchStartupData(queryClient, location.pathname),
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
  inNextTask(() => {
    void Promise.all([loadScreenCode(location.pathname), firstData, afterShellFrame()]).then(() =>
      inNextTask(render),
    );
  });
});
