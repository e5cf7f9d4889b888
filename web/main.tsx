import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { Toaster } from "sonner";
import { queryClient } from "./lib/query-client.ts";
import { prefetchStartupData } from "./lib/startup-prefetch.ts";
import { createAppRouter } from "./router.tsx";

// The first requests leave at once; the rest waits for its own task (below).
prefetchStartupData(queryClient, location.pathname);

/**
 * Starting the router and rendering in a task of their own, and rendering as a transition
 * (which React splits into short slices), keeps the main thread free in between: a phone
 * stays responsive while the app boots instead of freezing for one long task.
 */
function start() {
  const router = createAppRouter();
  const root = createRoot(document.getElementById("root")!);
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <Toaster position="top-center" richColors closeButton />
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  // The shell's static splash stays until the first screen's code is in (the router is
  // initialized): rendering React's copy of the splash first cost a render and a layout on
  // the main thread for the same pixels.
  if (router.state.initialized) return render();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}

setTimeout(start, 0);
