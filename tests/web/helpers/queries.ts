import { notifyManager, type QueryClient } from "@tanstack/react-query";
import { act, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Every query and mutation of `client` has settled, and the screen has heard of it: React Query
 * tells its observers in a later task of its own (notifyManager), so this waits for one more of
 * its turns too. The drain before asserting that a refetch changed nothing or asked for nothing
 * more: a fixed wait passes without checking anything when the refetch is merely late.
 */
export async function queriesSettled(client: QueryClient) {
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
}
