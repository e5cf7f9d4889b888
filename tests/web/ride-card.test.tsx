import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideSummary } from "../../domain/api/rides.ts";
import { RIDE_GROUP_TEXT } from "../../domain/texts/groups-publish.ts";
import { RideCard } from "../../web/rides/ride-card.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { ORGANIZER_VIEWER, rideSummary } from "./helpers/rides.ts";

/** Two places, Ana's (Puente del Rey, 35.5 km, 250 m, Coffee Stop). */
const ride = (overrides: Partial<RideSummary> = {}) =>
  rideSummary({
    maxParticipants: 2,
    capacity: 2,
    organizer: {
      id: "org",
      username: "AnaRueda",
      avatarKey: "ava01",
      avatarUrl: null,
      verified: false,
    },
    ...overrides,
  });

function renderCard(card: RideSummary, viewerId = "me") {
  const client = new QueryClient();
  client.setQueryData(ME_KEY, { user: { id: viewerId }, signupMode: "open", googleEnabled: false });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RideCard ride={card} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("RideCard", () => {
  it("shows every element and UNIRME for a rider not in it", () => {
    renderCard(ride());
    expect(screen.getByText(/^Participantes/).textContent).toBe("Participantes 1/2");
    expect(screen.getByText("Comentarios adicionales:").nextElementSibling?.textContent).toBe(
      "Ritmo tranquilo",
    );
    expect(screen.getByText("Organizadora:").parentElement?.textContent).toBe(
      "Organizadora:AnaRueda",
    );
    // The social tag's chip comes after the level's.
    expect(screen.getByText("Coffee Stop").previousElementSibling?.textContent).toBe("Chill");
    const maps = screen.getByRole("link", { name: "Abrir en Google Maps" });
    expect(maps.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("button", { name: "UNIRME" })).toHaveProperty("disabled", false);
    expect(screen.queryByRole("link", { name: "Chat" })).toBeNull();
    // Not a participant: the title is not a link to the detail.
    expect(screen.queryByRole("link", { name: "Café y Casa de Campo" })).toBeNull();
  });

  it("offers the waiting list instead of the spec's disabled 'Completa' when full", () => {
    renderCard(ride({ participantCount: 2, participantIds: ["org", "x"] }));
    expect(screen.getByRole("button", { name: "Apuntarme a la lista de espera" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(screen.queryByRole("button", { name: "Completa" })).toBeNull();
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
    expect(screen.queryByText(/Lista de espera/)).toBeNull();
  });

  it("joins the list, tells her her place and opens the dialog", async () => {
    const full = ride({ participantCount: 2, participantIds: ["org", "x"] });
    const answer = {
      ride: {
        ...full,
        participants: [],
        waitingList: null,
        waitingCount: 2,
        viewer: { ...full.viewer, waitingPosition: 2 },
      },
    };
    const fetchMock = vi.fn(async () => Response.json(answer));
    vi.stubGlobal("fetch", fetchMock);
    renderCard(full);
    await userEvent.click(screen.getByRole("button", { name: "Apuntarme a la lista de espera" }));
    const dialog = await screen.findByRole("dialog", { name: "Estás en la lista de espera" });
    expect(dialog.textContent).toContain("Estás la 2ª en la lista de espera");
    expect(screen.getAllByText(/Estás la 2ª en la lista de espera/).length).toBeGreaterThan(0);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/rides/r1/waiting-list");
    expect(init.method).toBe("POST");
    vi.unstubAllGlobals();
  });

  it("shows her place with a way out, and the list's length to everyone", () => {
    renderCard(
      ride({
        participantCount: 2,
        participantIds: ["org", "x"],
        waitingCount: 3,
        viewer: {
          joined: false,
          isOrganizer: false,
          rodeWithCount: 0,
          rodeWith: [],
          waitingPosition: 2,
          request: null,
        },
      }),
    );
    expect(screen.getByRole("status").textContent).toContain("Estás la 2ª en la lista de espera");
    expect(screen.getByRole("button", { name: "Salir de la lista de espera" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(screen.queryByRole("button", { name: "Apuntarme a la lista de espera" })).toBeNull();
    expect(screen.getByText(/^Participantes/).textContent).toBe(
      "Participantes 2/2 · Lista de espera (3)",
    );
  });

  it("says nothing of the list once the ride has started", () => {
    renderCard(
      ride({
        startTime: Date.now() - 60_000,
        participantCount: 2,
        participantIds: ["org", "x"],
        waitingCount: 3,
        viewer: {
          joined: false,
          isOrganizer: false,
          rodeWithCount: 0,
          rodeWith: [],
          waitingPosition: 1,
          request: null,
        },
      }),
    );
    expect(screen.queryByText(/lista de espera/i)).toBeNull();
  });

  it("offers leave, chat and whom she has ridden with to a participant", () => {
    const bea = {
      id: "bea",
      username: "Bea",
      avatarKey: "ava03",
      avatarUrl: null,
      verified: false,
    };
    const cris = {
      id: "cris",
      username: "Cris",
      avatarKey: "ava04",
      avatarUrl: null,
      verified: false,
    };
    renderCard(
      ride({
        participantIds: ["org", "me", "bea", "cris"],
        participantCount: 4,
        maxParticipants: 5,
        capacity: 5,
        viewer: {
          joined: true,
          isOrganizer: false,
          rodeWithCount: 2,
          rodeWith: [bea, cris],
          waitingPosition: null,
          request: null,
        },
      }),
      "me",
    );
    expect(screen.getByRole("button", { name: "Desapuntarme" })).toHaveProperty("disabled", false);
    expect(screen.getByRole("link", { name: "Chat" }).getAttribute("href")).toBe("/app/chat/r1");
    const rodeWith = screen.getByRole("list", { name: "Con quién has rodado: Bea, Cris" });
    expect(
      within(rodeWith)
        .getAllByRole("listitem")
        .map((li) => li.title),
    ).toEqual(["Bea", "Cris"]);
    expect(rodeWith.nextElementSibling?.textContent).toBe("Has rodado con 2 de las que van");
    expect(screen.getByRole("link", { name: "Café y Casa de Campo" }).getAttribute("href")).toBe(
      "/app/ride/r1",
    );
  });

  it("says 'de las que fueron' once the ride has been", () => {
    const bea = {
      id: "bea",
      username: "Bea",
      avatarKey: "ava03",
      avatarUrl: null,
      verified: false,
    };
    const cris = {
      id: "cris",
      username: "Cris",
      avatarKey: "ava04",
      avatarUrl: null,
      verified: false,
    };
    renderCard(
      ride({
        startTime: Date.now() - 3 * 3_600_000,
        participantIds: ["org", "me", "bea", "cris"],
        participantCount: 4,
        viewer: {
          joined: true,
          isOrganizer: false,
          rodeWithCount: 2,
          rodeWith: [bea, cris],
          waitingPosition: null,
          request: null,
        },
      }),
      "me",
    );
    expect(
      screen.getByRole("list", { name: "Con quién has rodado: Bea, Cris" }).nextElementSibling
        ?.textContent,
    ).toBe("Has rodado con 2 de las que fueron");
    expect(screen.queryByText("Has rodado con 2 de las que van")).toBeNull();
  });

  it("offers the organizer 'Cancelar salida' and no leave", () => {
    renderCard(
      ride({
        viewer: ORGANIZER_VIEWER,
      }),
      "org",
    );
    expect(screen.getByRole("button", { name: "Cancelar salida" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(screen.queryByRole("button", { name: "Desapuntarme" })).toBeNull();
  });

  it("shows the cancelled banner, a disabled chat and no share", () => {
    renderCard(
      ride({
        status: "cancelled",
        cancelledByOrganizer: true,
        viewer: {
          joined: true,
          isOrganizer: false,
          rodeWithCount: 0,
          rodeWith: [],
          waitingPosition: null,
          request: null,
        },
      }),
      "me",
    );
    expect(screen.getByRole("status").textContent).toBe("Cancelada por la organizadora");
    expect((screen.getByRole("button", { name: "Chat" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Compartir" })).toBeNull();
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
  });

  it("a ride a suspension cancelled says 'Salida cancelada', blaming nobody", () => {
    renderCard(ride({ status: "cancelled", cancelledByOrganizer: false }), "me");
    expect(screen.getByRole("status").textContent).toBe("Salida cancelada");
    expect(screen.queryByText("Cancelada por la organizadora")).toBeNull();
  });
});

describe("RideCard times (docs/product.md#times-and-time-zones)", () => {
  // Friday 5 June 2099, 19:55 in Madrid (UTC+2).
  const madridAt1955 = Date.parse("2099-06-05T17:55:00.000Z");
  afterEach(() => vi.unstubAllEnvs());

  it("shows a Madrid ride at 19:55 in New York, labelled 'hora de Madrid'", () => {
    vi.stubEnv("TZ", "America/New_York");
    renderCard(ride({ startTime: madridAt1955 }));
    // The day's chip, then the time's.
    const day = screen.getByText(/^\d\d\/\d\d$/);
    expect(day.textContent).toBe("05/06");
    expect(day.nextElementSibling?.textContent).toBe("19:55 (hora de Madrid)");
  });

  it("shows a Canarias ride on its own clock on the mainland, labelled 'hora canaria'", () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    // 19:55 in Las Palmas is 20:55 in Madrid.
    const canary = ride({
      city: "Las Palmas de Gran Canaria",
      timeZone: "Atlantic/Canary",
      startTime: madridAt1955 + 3_600_000,
    });
    renderCard(canary);
    expect(screen.getByText(/^\d\d\/\d\d$/).nextElementSibling?.textContent).toBe(
      "19:55 (hora canaria)",
    );
  });

  it("shows a ride stored on Lisbon time at its 10:00, labelled 'hora de Lisboa' in Madrid", () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    // Saturday 5 December 2099, 10:00 in Lisbon (UTC in winter), 11:00 in Madrid. The city is
    // off the list: the stored zone, not the city, sets the clock.
    renderCard(
      ride({ city: "Lisboa", timeZone: "Europe/Lisbon", startTime: Date.UTC(2099, 11, 5, 10) }),
    );
    const day = screen.getByText(/^\d\d\/\d\d$/);
    expect(day.textContent).toBe("05/12");
    expect(day.nextElementSibling?.textContent).toBe("10:00 (hora de Lisboa)");
  });

  it("a Lisbon ride needs no label for a rider on Lisbon's clock", () => {
    vi.stubEnv("TZ", "Europe/Lisbon");
    renderCard(
      ride({ city: "Lisboa", timeZone: "Europe/Lisbon", startTime: Date.UTC(2099, 11, 5, 10) }),
    );
    expect(screen.getByText(/^\d\d\/\d\d$/).nextElementSibling?.textContent).toBe("10:00");
  });

  it("needs no label when her clock is the ride's, and the date is the ride's day", () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    // 00:30 on Saturday in Madrid, still Friday in UTC.
    renderCard(ride({ startTime: Date.parse("2099-06-05T22:30:00.000Z") }));
    const day = screen.getByText(/^\d\d\/\d\d$/);
    expect(day.textContent).toBe("06/06");
    expect(day.nextElementSibling?.textContent).toBe("00:30");
  });
});

describe("RideCard of a group's ride (docs/product.md#grupos)", () => {
  it("names the group with a link to its page; 'Solo el grupo' says it is for its members", () => {
    const group = { slug: "las-madrugadoras", name: "Las Madrugadoras", only: false };
    const { unmount } = renderCard(ride({ group }));
    const link = screen.getByRole("link", { name: "Las Madrugadoras" });
    expect(link.getAttribute("href")).toBe("/app/grupo/las-madrugadoras");
    expect(link.parentElement?.textContent).toBe(`${RIDE_GROUP_TEXT.of} Las Madrugadoras`);
    unmount();

    renderCard(ride({ group: { ...group, only: true } }));
    expect(screen.getByRole("link", { name: "Las Madrugadoras" }).parentElement?.textContent).toBe(
      `${RIDE_GROUP_TEXT.of} Las Madrugadoras${RIDE_GROUP_TEXT.onlyMembers}`,
    );
  });

  it("names none for her own ride", () => {
    renderCard(ride());
    expect(screen.queryByText(RIDE_GROUP_TEXT.of, { exact: false })).toBeNull();
  });
});
