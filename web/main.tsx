import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { LazyToaster } from "./lib/lazy-toaster.tsx";
import { queryClient } from "./lib/query-client.ts";
import { prefetchStartupData } from "./lib/startup-prefetch.ts";
import { createAppRouter } from "./router.tsx";

// The first requests leave at once; the rest waits for its own task (below).
prefetchStartupData(queryClient, location.pathname);

/**
 * Starting the router, then creating the root and rendering, run in tasks of their own after
 * this module's, and rendering runs as a transition (which React splits into short slices): the
 * main thread is free in between, so a phone stays responsive while the app boots instead of
 * freezing for one long task.
 */
function start() {
  const router = createAppRouter();
  const render = () => {
    const root = createRoot(document.getElementById("root")!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            {/* Toasts' code loads with the first toast (web/lib/toast.ts). */}
            <LazyToaster position="top-center" richColors closeButton />
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  };
  // The shell's static splash stays until the first screen's code is in (the router is
  // initialized): rendering React's copy of the splash first cost a render and a layout on
  // the main thread for the same pixels.
  if (router.state.initialized) return void setTimeout(render, 0);
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    setTimeout(render, 0);
  });
}

setTimeout(start, 0);
