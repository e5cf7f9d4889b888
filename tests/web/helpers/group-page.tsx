// The group's page in web tests (docs/product.md#grupos): the screen at its address, with the API
// answered by method — the group on GET, `answer`'s reply to a POST, PUT or DELETE — and what the
// screen sent recorded.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { GroupDetail } from "../../../domain/api/groups.ts";
import type { RideSummary } from "../../../domain/api/rides.ts";
import type { MeResponse } from "../../../domain/api-types.ts";
import GroupScreen from "../../../web/groups/group-page.tsx";
import { LazyToaster } from "../../../web/lib/lazy-toaster.tsx";
import { ME_KEY } from "../../../web/session/use-me.ts";
import { stubFetchEachTest } from "./fetch.ts";
import { signedInClient } from "./signed-in-client.ts";

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Installs the fetch stub for the file's tests; returns `renderGroup` bound to it. */
export function groupPageStub() {
  const fetchMock = stubFetchEachTest();
  /**
   * Serves `first` on GET (and `options.rides` as its next rides); a POST, PUT or DELETE gets
   * `answer`'s reply (the group by default).
   */
  return function renderGroup(
    first: GroupDetail | Response,
    answer: (sent: Sent) => Response = () => Response.json({ group: first }),
    options: { address?: string; me?: MeResponse; rides?: RideSummary[] } = {},
  ) {
    const sent: Sent[] = [];
    const client = signedInClient();
    if (options.me) client.setQueryData(ME_KEY, options.me);
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(request.url, "http://x").pathname;
      // Who she is, as the screen's parts read it again when they mount.
      if (path === "/api/me") return Response.json(client.getQueryData(ME_KEY));
      // Its next rides ('Próximas salidas').
      if (path.endsWith("/rides")) return Response.json({ rides: options.rides ?? [] });
      if (request.method === "GET") {
        return first instanceof Response ? first.clone() : Response.json({ group: first });
      }
      const text = await request.text();
      const call = { method: request.method, path, body: text ? JSON.parse(text) : null };
      sent.push(call);
      return answer(call);
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[options.address ?? "/app/grupo/las-madrugadoras"]}>
          <Routes>
            <Route path="/app/grupo/:slug" element={<GroupScreen />} />
          </Routes>
        </MemoryRouter>
        <LazyToaster />
      </QueryClientProvider>,
    );
    return sent;
  };
}

export const refusal = (message: string, status = 409) =>
  Response.json({ error: { code: "conflict", message } }, { status });
