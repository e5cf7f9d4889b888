// The search screen (both tabs) as its tests render it: signed in as Ana of Madrid, the API
// answered by `answer`, and the address it writes kept for the test to read.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import type { Mock } from "vitest";
import SearchScreen from "../../../web/search/search.tsx";
import { ME_KEY } from "../../../web/session/use-me.ts";
import { ANA_OF_MADRID, signedInClient } from "./signed-in-client.ts";

let address = "";
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

/** Path and query of the screen's address now. */
export const searchAddress = () => address;

/** The screen at `start`; each API call is answered by `answer(its URL)`, else a 404. */
export function renderSearchScreen(
  fetchMock: Mock<typeof fetch>,
  start: string,
  answer: (url: URL) => Response | undefined,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    return (
      answer(new URL(request.url, "http://x")) ??
      Response.json({ error: { code: "not_found", message: "?" } }, { status: 404 })
    );
  });
  const client = signedInClient();
  client.setQueryData(ME_KEY, ANA_OF_MADRID);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[start]}>
        <SearchScreen />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
