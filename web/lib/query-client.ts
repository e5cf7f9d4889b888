import { onlineManager, QueryClient, timeoutManager } from "@tanstack/react-query";
import { ApiError } from "../../domain/errors.ts";
import { coalescedTimers } from "./coalesced-timers.ts";

// Before any query exists: timers of two providers could not cancel each other.
timeoutManager.setTimeoutProvider(coalescedTimers());

/**
 * The app's query client settings (tests build theirs with the same function).
 *
 * networkMode "always": a request is tried even when the browser says it is offline, and fails
 * with our network error, so the screen says 'Sin conexión' (components/feedback.tsx LoadFailed)
 * and a button stops being busy. TanStack's default ("online") pauses it instead: an endless
 * skeleton or spinner with nothing said. When the browser is back online, queries that failed
 * are fetched again and the screen fills by itself (refetchOnReconnect: with "always", TanStack
 * would turn it off unless asked).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: "always",
        staleTime: 30_000,
        // A 4xx will not fix itself by retrying, nor will a request made offline; network
        // errors and 5xx get one more try.
        retry: (count, error) =>
          count < 1 &&
          onlineManager.isOnline() &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { networkMode: "always" },
    },
  });
}

export const queryClient = createQueryClient();
