// 'Cerca de mí' on the search screen (docs/product.md#meeting-pin-and-near-me): her position is
// rounded to about 1 km before it leaves the device and travels in the X-Near header, never in the
// address bar or a request URL (docs/decisions/0034-nothing-secret-in-a-logged-url.md); declining
// it measures from her city's centre; with neither, the order goes back to dates and says why.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEAR_HEADER } from "../../domain/near.ts";
import { NEAR_ORDER_TEXT } from "../../domain/texts/rides-search.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import SearchScreen from "../../web/rides/search.tsx";
import { forgetDevicePosition } from "../../web/rides/use-near-position.ts";
import { ME_KEY } from "../../web/session/use-me.ts";
import { rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

let address = "";
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

/** Every request the screen made: its URL and the X-Near header it carried. */
const calls: { url: string; near: string | null }[] = [];

beforeEach(() => {
  calls.length = 0;
  forgetDevicePosition();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const near = new Headers(init?.headers).get(NEAR_HEADER);
      calls.push({ url, near });
      return Response.json({
        rides: [
          rideSummary({ id: "r1", title: "Vuelta al Retiro", distanceKm: near ? 2.6 : null }),
        ],
        page: 0,
        hasMore: false,
        cities: [],
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "geolocation");
});

function withGeolocation(answer: "allow" | "deny") {
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        answer === "allow"
          ? ok({
              coords: { latitude: 40.416812345, longitude: -3.703765432 },
            } as GeolocationPosition)
          : fail({ code: 1, message: "denied" } as GeolocationPositionError),
    },
  });
}

function renderSearch(city: string | null, entry = "/app/search?dateType=none") {
  const client = signedInClient();
  client.setQueryData(ME_KEY, {
    user: { id: "u1", username: "Ana", profileComplete: true, city, modalities: [] },
    signupMode: "open",
    googleEnabled: false,
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <SearchScreen />
        <Address />
        <LazyToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const nearCalls = () =>
  calls.filter((call) => call.url.startsWith("/api/rides?") && call.near !== null);
const urls = () => calls.map((call) => call.url).join(" ");

describe("search: 'Cerca de mí'", () => {
  it("sends her position rounded to about 1 km, keeps it out of the address, shows 'a 3 km'", async () => {
    withGeolocation("allow");
    renderSearch("Madrid");
    fireEvent.click(await screen.findByRole("radio", { name: "Cerca de mí" }));
    await screen.findByText(NEAR_ORDER_TEXT.fromPosition);
    await screen.findByText("a 3 km");
    expect(nearCalls().length).toBeGreaterThan(0);
    for (const call of nearCalls()) expect(call.near).toBe("40.42,-3.7");
    // No URL carries her position, not even rounded.
    expect(urls()).not.toMatch(/near|40\.4|3\.7/);
    expect(address).toContain("orden=cerca");
    expect(address).not.toMatch(/40\.4|3\.7/);
  });

  it("drops the city filter: the next town is near too", async () => {
    withGeolocation("allow");
    renderSearch("Madrid", "/app/search?city=Madrid&dateType=none");
    await vi.waitFor(() => expect(address).toContain("city=Madrid"));
    fireEvent.click(await screen.findByRole("radio", { name: "Cerca de mí" }));
    await vi.waitFor(() => expect(nearCalls().length).toBeGreaterThan(0));
    expect(address).not.toContain("city=");
    for (const call of nearCalls()) expect(call.url).not.toContain("city=");
  });

  it("measures from her city's centre when she declines", async () => {
    withGeolocation("deny");
    renderSearch("Sevilla");
    fireEvent.click(await screen.findByRole("radio", { name: "Cerca de mí" }));
    await screen.findByText(NEAR_ORDER_TEXT.fromCity("Sevilla"));
    await vi.waitFor(() => expect(nearCalls().length).toBeGreaterThan(0));
    expect(nearCalls()[0]?.near).toBe("37.39,-5.98");
    expect(urls()).not.toMatch(/near|37\.39|5\.98/);
  });

  it("goes back to the order by date when it cannot tell where she is", async () => {
    withGeolocation("deny");
    renderSearch(null);
    fireEvent.click(await screen.findByRole("radio", { name: "Cerca de mí" }));
    await screen.findByText(NEAR_ORDER_TEXT.unknown);
    await vi.waitFor(() => expect(address).not.toContain("orden=cerca"));
    expect(
      screen.getByRole("radio", { name: NEAR_ORDER_TEXT.date }).getAttribute("aria-checked"),
    ).toBe("true");
    expect(nearCalls()).toEqual([]);
  });
});
