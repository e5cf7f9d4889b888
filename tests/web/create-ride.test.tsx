// The create form's key (decision 0012): every retry of one submission sends the same UUID, so
// a create whose answer was lost comes back as the ride already stored; the next ride gets a
// new one. Edit sends none.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import { toIsoDate } from "../../domain/dates.ts";
import { MSG } from "../../domain/messages.ts";
import { GROUP_PUBLISH_TEXT } from "../../domain/texts/groups-publish.ts";
import { JOIN_MODE_TEXT } from "../../domain/texts/rides-create.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { toZonedDateTime } from "../../domain/zones.ts";
import { RIDES_KEY } from "../../web/ride-core/queries.ts";
import { startErrorField } from "../../web/ride-core/ride-form-values.ts";
import CreateRideScreen from "../../web/rides/create.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { describedBy } from "./helpers/described-by.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { groupDetail } from "./helpers/groups.ts";
import { ORGANIZER_VIEWER, rideDetail } from "./helpers/rides.ts";
import { ANA_OF_MADRID } from "./helpers/signed-in-client.ts";

/** The next 5 June (summer time on every ride clock), always within the next 12 months. */
const JUNE_5 = (() => {
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  const year = now < new Date(Date.UTC(thisYear, 5, 4)) ? thisYear : thisYear + 1;
  return `${year}-06-05`;
})();

/** A start date the form accepts: within the next 12 months. */
const IN_A_MONTH = toIsoDate(new Date(Date.now() + 30 * 24 * 3_600_000));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const me = ANA_OF_MADRID;

function RidePage() {
  const { id } = useParams();
  return (
    <div>
      <p>Salida {id}</p>
      <Link to="/app/create">Proponer otra</Link>
    </div>
  );
}

function renderCreate(entry = "/app/create", editing?: RideDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me);
  if (editing) client.setQueryData([...RIDES_KEY, "detail", editing.id], { ride: editing });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/app/create" element={<CreateRideScreen />} />
          <Route path="/app/ride/:id" element={<RidePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

function fillRide(title = "Café y Casa de Campo") {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type("Título", title);
  type("Fecha", IN_A_MONTH);
  type("Hora", "08:30");
  fireEvent.click(screen.getByRole("radio", { name: "Chill" }));
  type("Punto de encuentro", "Puente del Rey");
  type("Distancia (km)", "35.5");
  type("Desnivel (m)", "250");
}

async function submit(name = "Crear salida") {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

const unavailable = () =>
  Response.json({ error: { code: "unavailable", message: MSG.unavailable } }, { status: 503 });
const created = (id: string) => Response.json({ ride: { id } }, { status: 201 });

const fetchMock = stubFetchEachTest();

/** The JSON the create requests carried, in order. */
function sentRides() {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/rides" && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe("creating a ride", () => {
  it("retries with the same create key, and the next ride gets a new one", async () => {
    fetchMock
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(created("r1"))
      .mockResolvedValueOnce(created("r2"));
    renderCreate();
    fillRide();

    await submit();
    // The 503 leaves her on the form with her values; she tries again.
    expect(screen.getByLabelText<HTMLInputElement>("Título").value).toBe("Café y Casa de Campo");
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r1");

    const [failed, retried] = sentRides();
    expect(failed).toMatchObject({
      title: "Café y Casa de Campo",
      city: "Madrid",
      modalities: ["road"],
      level: "chill",
      createKey: expect.stringMatching(UUID),
    });
    expect(retried).toEqual(failed);

    fireEvent.click(screen.getByRole("link", { name: "Proponer otra" }));
    fillRide("Vuelta al pantano");
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r2");
    const next = sentRides()[2]!;
    expect(next.createKey).toEqual(expect.stringMatching(UUID));
    expect(next.createKey).not.toBe(failed!.createKey);
  });

  it("keeps the key when she fixes a field the server refused", async () => {
    fetchMock
      .mockResolvedValueOnce(
        Response.json(
          { error: { code: "validation_error", message: MSG.titleTooLong } },
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(created("r3"));
    renderCreate();
    fillRide();
    await submit();
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Otra ruta" } });
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r3");
    const [refused, sent] = sentRides();
    expect(sent).toMatchObject({ title: "Otra ruta", createKey: refused!.createKey });
  });

  it("an edit sends no create key", async () => {
    const ride = rideDetail({
      id: "r9",
      description: null,
      startTime: Date.parse(`${IN_A_MONTH}T06:30:00.000Z`),
      socialTags: [],
      organizer: {
        id: "ana",
        username: "ana_rueda",
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
      participantIds: ["ana"],
      viewer: ORGANIZER_VIEWER,
    });
    // The ride's reads and the save all answer with it.
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r9", ride);
    await submit("Guardar cambios");
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r9");
    const saves = fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(saves.map(([url]) => url)).toEqual(["/api/rides/r9"]);
    const sent = JSON.parse(String(saves[0]![1]?.body));
    expect(sent.title).toBe("Café y Casa de Campo");
    expect(sent).not.toHaveProperty("createKey");
  });
});

describe("editing, when a reload fails", () => {
  it("keeps her on the form with what she typed (the ride it had stays)", async () => {
    const ride = rideDetail({
      id: "r9",
      organizer: {
        id: "ana",
        username: "ana_rueda",
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const client = renderCreate("/app/create?edit=r9", ride);
    const title = screen.getByLabelText("Título") as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Mi título nuevo" } });
    // Back to the tab, or a chat notice: the ride's reload goes out and fails.
    await act(async () => {
      await client.invalidateQueries({ queryKey: RIDES_KEY });
    });
    expect(client.getQueryState([...RIDES_KEY, "detail", "r9"])?.status).toBe("error");
    // The screen has rendered that state and run its effects (a redirect would have gone out).
    await act(async () => {});
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Mi título nuevo");
    expect(
      (screen.getByRole("button", { name: "Guardar cambios" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe("'¿Quién puede unirse?' (docs/product.md#join-by-approval)", () => {
  it("is 'Abierta' unless she picks 'Con aprobación', and an edit starts from the ride's", async () => {
    fetchMock.mockResolvedValueOnce(created("r1"));
    renderCreate();
    fillRide();
    const group = screen.getByRole("group", { name: JOIN_MODE_TEXT.label });
    const open = screen.getByRole("radio", { name: new RegExp(`^${JOIN_MODE_TEXT.open}`) });
    const approval = screen.getByRole("radio", { name: new RegExp(`^${JOIN_MODE_TEXT.approval}`) });
    expect(group.contains(open)).toBe(true);
    expect((open as HTMLInputElement).checked).toBe(true);
    fireEvent.click(approval);
    await submit();
    // Created: she is on the new ride's page.
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r1");
    expect(sentRides()[0]).toMatchObject({ joinMode: "approval" });
  });

  it("an edit keeps the ride's mode", () => {
    const ride = rideDetail({
      id: "r9",
      joinMode: "approval",
      organizer: {
        id: "ana",
        username: "ana_rueda",
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
      viewer: { ...rideDetail().viewer, joined: true, isOrganizer: true },
    });
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r9", ride);
    const approval = screen.getByRole("radio", { name: new RegExp(`^${JOIN_MODE_TEXT.approval}`) });
    expect((approval as HTMLInputElement).checked).toBe(true);
  });
});

describe("'Solo verificadas' (docs/product.md#verificada)", () => {
  const option = () =>
    screen.getByRole("checkbox", { name: VERIFICATION_MSG.verifiedOnlyOption }) as HTMLInputElement;

  it("is off unless she ticks it, and says who may join", async () => {
    fetchMock.mockResolvedValueOnce(created("r1"));
    renderCreate();
    fillRide();
    expect(option().checked).toBe(false);
    expect(describedBy(option())).toBe(VERIFICATION_MSG.verifiedOnlyHint);
    fireEvent.click(option());
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r1");
    expect(sentRides()[0]).toMatchObject({ verifiedOnly: true });
  });

  it("an edit starts from the ride's and sends what she leaves", async () => {
    const ride = rideDetail({
      id: "r9",
      startTime: Date.parse(`${IN_A_MONTH}T06:30:00.000Z`),
      verifiedOnly: true,
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r9", ride);
    expect(option().checked).toBe(true);
    fireEvent.click(option());
    await submit("Guardar cambios");
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r9");
    const save = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(save![1]?.body))).toMatchObject({ verifiedOnly: false });
  });
});

describe("the start time's error sits on the field to fix", () => {
  it("blames the blank field, else the date for a past day, else the time", () => {
    const city = "Madrid";
    const today = toZonedDateTime(Date.now(), "Europe/Madrid")!.date;
    expect(startErrorField({ city, date: "", time: "08:30" })).toBe("date");
    expect(startErrorField({ city, date: "2099-06-07", time: "" })).toBe("time");
    expect(startErrorField({ city, date: "2000-01-01", time: "08:30" })).toBe("date");
    expect(startErrorField({ city, date: today, time: "00:00" })).toBe("time");
  });

  it("a blank 'Hora' marks 'Hora', not 'Fecha'", async () => {
    renderCreate();
    fillRide();
    fireEvent.change(screen.getByLabelText("Hora"), { target: { value: "" } });
    await submit();
    expect(screen.getByLabelText("Hora").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Fecha").getAttribute("aria-invalid")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the start is on the ride's clock (docs/product.md#times-and-time-zones)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("an organizer in New York creates a Madrid ride at 19:55 Madrid time", async () => {
    vi.stubEnv("TZ", "America/New_York");
    fetchMock.mockResolvedValue(created("r4"));
    renderCreate();
    fillRide();
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: JUNE_5 } });
    fireEvent.change(screen.getByLabelText("Hora"), { target: { value: "19:55" } });
    const hint = screen.getByLabelText("Hora").getAttribute("aria-describedby");
    expect(document.getElementById(String(hint))?.textContent).toBe("En hora de Madrid");
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r4");
    expect(sentRides()[0]).toMatchObject({
      startTime: `${JUNE_5}T17:55:00.000Z`,
      // As she entered it: the server reads it on the clock it stores (ADR 0042).
      startLocal: { date: JUNE_5, time: "19:55" },
    });
    expect(sentRides()[0]).not.toHaveProperty("timeZone");
  });

  it("a Canarias ride's 19:55 is Canary time, an hour after Madrid's", async () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    fetchMock.mockResolvedValue(created("r5"));
    renderCreate();
    fillRide();
    const city = screen.getByLabelText("Ciudad");
    fireEvent.change(city, { target: { value: "Las Palmas de Gran Canaria" } });
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: JUNE_5 } });
    fireEvent.change(screen.getByLabelText("Hora"), { target: { value: "19:55" } });
    const hint = screen.getByLabelText("Hora").getAttribute("aria-describedby");
    expect(document.getElementById(String(hint))?.textContent).toBe("En hora canaria");
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r5");
    expect(sentRides()[0]).toMatchObject({ startTime: `${JUNE_5}T18:55:00.000Z` });
  });

  it("editing shows the start on the ride's clock, whatever her device's zone", () => {
    vi.stubEnv("TZ", "America/New_York");
    const ride = rideDetail({
      id: "r9",
      startTime: Date.parse(`${JUNE_5}T17:55:00.000Z`),
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r9", ride);
    expect(screen.getByLabelText<HTMLInputElement>("Fecha").value).toBe(JUNE_5);
    expect(screen.getByLabelText<HTMLInputElement>("Hora").value).toBe("19:55");
  });

  it("editing a ride stored on Lisbon time shows its 10:00, and sends 10:00 back as entered", async () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    // A winter day, 10:00 in Lisbon (UTC); the city is off the list, so only the stored zone
    // knows it is Lisbon's clock.
    const day = (() => {
      let at = Date.now() + 30 * 24 * 3_600_000;
      while (toZonedDateTime(at, "Europe/Madrid")?.date.slice(5, 7) !== "01") {
        at += 24 * 3_600_000;
      }
      return toZonedDateTime(at, "Europe/Madrid")!.date;
    })();
    const ride = rideDetail({
      id: "r10",
      city: "Lisboa",
      timeZone: "Europe/Lisbon",
      startTime: Date.parse(`${day}T10:00:00.000Z`),
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r10", ride);
    expect(screen.getByLabelText<HTMLInputElement>("Fecha").value).toBe(day);
    expect(screen.getByLabelText<HTMLInputElement>("Hora").value).toBe("10:00");
    await submit("Guardar cambios");
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      startLocal: { date: day, time: "10:00" },
    });
  });
});

describe("a pin abroad sets the form's clock (docs/decisions/0042-a-rides-zone-is-stored.md)", () => {
  afterEach(() => vi.unstubAllEnvs());

  const LISBOA = { lat: 38.7139, lon: -9.1394 };
  /** The text under 'Hora' ('En hora de Lisboa'), if any. */
  const timeHint = () =>
    document.getElementById(String(screen.getByLabelText("Hora").getAttribute("aria-describedby")))
      ?.textContent;

  /** Her ride pinned in Lisboa opened for editing, the server saying the pin is on Lisbon's clock. */
  function editLisbonRide(overrides: Parameters<typeof rideDetail>[0]) {
    vi.stubEnv("TZ", "Europe/Madrid");
    const ride = rideDetail({
      timeZone: "Europe/Lisbon",
      meetingPin: LISBOA,
      viewer: ORGANIZER_VIEWER,
      ...overrides,
    });
    fetchMock.mockImplementation(async (url) =>
      url === "/api/rides/zone"
        ? Response.json({ timeZone: "Europe/Lisbon" })
        : Response.json({ ride }),
    );
    renderCreate(`/app/create?edit=${ride.id}`, ride);
  }

  it("asks the server which clock the pin has, and says the time is on it", async () => {
    editLisbonRide({
      id: "r11",
      city: "Lisboa",
      startTime: Date.parse(`${JUNE_5}T09:00:00.000Z`),
    });
    await waitFor(() => expect(timeHint()).toBe("En hora de Lisboa"));
    // The pin went in the body, with the city: never in an address the server logs.
    const asked = fetchMock.mock.calls.find(([url]) => url === "/api/rides/zone");
    expect(asked?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ pin: LISBOA, city: "Lisboa" });
    expect(screen.getByLabelText<HTMLInputElement>("Hora").value).toBe("10:00");
  });

  it("checks the start on that clock: half an hour from now in Lisbon is not past", async () => {
    editLisbonRide({ id: "r13", city: "Madrid", startTime: Date.now() + 5 * 24 * 3_600_000 });
    await waitFor(() => expect(timeHint()).toBe("En hora de Lisboa"));
    // Lisbon's clock half an hour from now: on Madrid's clock that hour has already passed.
    const soon = toZonedDateTime(Date.now() + 30 * 60_000, "Europe/Lisbon")!;
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: soon.date } });
    fireEvent.change(screen.getByLabelText("Hora"), { target: { value: soon.time } });
    await submit("Guardar cambios");
    // Sent, and saved: the ride's page.
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r13");
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      startLocal: { date: soon.date, time: soon.time },
    });
  });

  it("keeps the city's clock when the server cannot say", async () => {
    vi.stubEnv("TZ", "America/New_York");
    const ride = rideDetail({
      id: "r12",
      meetingPin: { lat: 40.4169, lon: -3.7035 },
      startTime: Date.parse(`${JUNE_5}T17:55:00.000Z`),
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockImplementation(async (url) =>
      url === "/api/rides/zone" ? new Response("", { status: 503 }) : Response.json({ ride }),
    );
    renderCreate("/app/create?edit=r12", ride);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === "/api/rides/zone")).toBe(true),
    );
    expect(timeHint()).toBe("En hora de Madrid");
  });
});

describe("the form's errors", () => {
  const errorOf = (label: string) => {
    const field = screen.getByLabelText(label);
    const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent).join(" ");
  };

  it("shows every problem at once: a past date alongside the missing distance", async () => {
    renderCreate();
    fillRide();
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: "2000-01-01" } });
    fireEvent.change(screen.getByLabelText("Distancia (km)"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "" } });
    await submit();
    expect(errorOf("Fecha")).toContain(MSG.ridePastStart);
    expect(errorOf("Distancia (km)")).toContain(MSG.rideDistanceElevationRequired);
    expect(errorOf("Título")).toContain(MSG.rideRequiredFields);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows each field's message from the server under its field", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        {
          error: {
            code: "validation_error",
            message: MSG.titleTooLong,
            fields: { title: MSG.titleTooLong, maxParticipants: MSG.maxParticipantsBelowJoined },
          },
        },
        { status: 400 },
      ),
    );
    renderCreate();
    fillRide();
    await submit();
    expect(errorOf("Título")).toContain(MSG.titleTooLong);
    expect(errorOf("Máximo de participantes (opcional)")).toContain(MSG.maxParticipantsBelowJoined);
  });

  it("counts the title's characters and says so at the limit of 80", () => {
    renderCreate();
    const title = screen.getByLabelText<HTMLInputElement>("Título");
    fireEvent.change(title, { target: { value: "Vuelta al pantano" } });
    expect(errorOf("Título")).toContain("17/80");
    expect(screen.queryByText(MSG.titleAtLimit)).toBeNull();
    fireEvent.change(title, { target: { value: "x".repeat(80) } });
    expect(errorOf("Título")).toContain("80/80");
    expect(screen.getByRole("status").textContent).toBe(MSG.titleAtLimit);
  });
});

describe("the form's bounds: one day's ride, within the next 12 months", () => {
  it("shows the spec-style message on the field and sends nothing", async () => {
    renderCreate();
    fillRide();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    // The alert the field's aria-describedby points to.
    const errorOf = (label: string) => {
      const ids = screen.getByLabelText(label).getAttribute("aria-describedby")?.split(" ") ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent).join(" ");
    };
    type("Distancia (km)", "401");
    type("Desnivel (m)", "12000");
    await submit();
    expect(errorOf("Distancia (km)")).toBe("La distancia máxima es de 400 km");
    expect(errorOf("Desnivel (m)")).toBe("El desnivel máximo es de 10.000 m");
    type("Distancia (km)", "400");
    type("Desnivel (m)", "10000");
    type("Fecha", toIsoDate(new Date(Date.now() + 400 * 24 * 3_600_000)));
    await submit();
    expect(errorOf("Fecha")).toBe("No puedes crear una salida con más de 12 meses de antelación");
    expect(screen.getByLabelText("Fecha").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Distancia (km)").getAttribute("max")).toBe("400");
    expect(screen.getByLabelText("Desnivel (m)").getAttribute("max")).toBe("10000");
    expect(screen.getByLabelText("Fecha").getAttribute("max")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the form's chip groups and meeting point", () => {
  const group = (name: string) => screen.getByRole("group", { name });
  const chip = (name: string) => screen.getByRole("button", { name });

  it("'Nivel' is one choice of a radio group, and says so under it when missing", async () => {
    renderCreate();
    await submit();
    expect(group("Nivel").querySelector("[role=alert]")?.textContent).toBe(MSG.rideRequiredFields);
    // After 'Crear salida' each pick is checked again (asynchronously: the shared rules).
    await act(async () => {
      fireEvent.click(screen.getByRole("radio", { name: "Chill" }));
    });
    expect(screen.getByRole("radio", { name: "Chill" }).getAttribute("aria-checked")).toBe("true");
    await act(async () => {
      fireEvent.click(screen.getByRole("radio", { name: "Intermedio" }));
    });
    expect(screen.getByRole("radio", { name: "Chill" }).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("radio", { name: "Intermedio" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("'Modalidades' starts from her profile, toggles, and needs one", async () => {
    renderCreate();
    fillRide();
    expect(chip("Road").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(chip("Gravel"));
    expect(chip("Gravel").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(chip("Road"));
    fireEvent.click(chip("Gravel"));
    expect(chip("Road").getAttribute("aria-pressed")).toBe("false");
    await submit();
    expect(group("Modalidades").querySelector("[role=alert]")?.textContent).toBe(
      MSG.rideRequiredFields,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("'Etiquetas' takes two at most: the others wait until she drops one", () => {
    renderCreate();
    fireEvent.click(chip("Coffee Stop"));
    fireEvent.click(chip("Early Birds"));
    expect(chip("Sweet Break").hasAttribute("disabled")).toBe(true);
    expect(chip("Coffee Stop").hasAttribute("disabled")).toBe(false);
    fireEvent.click(chip("Coffee Stop"));
    expect(chip("Sweet Break").hasAttribute("disabled")).toBe(false);
  });

  it("'Ver en Google Maps' waits for a meeting point, then looks it up in her city", () => {
    renderCreate();
    expect(chip("Ver en Google Maps").hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("Punto de encuentro"), {
      target: { value: "Puente del Rey" },
    });
    expect(screen.getByRole("link", { name: "Ver en Google Maps" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Puente%20del%20Rey%2C%20Madrid",
    );
  });
});

describe("an error goes as soon as its field is fixed, by any means", () => {
  const group = (name: string) => screen.getByRole("group", { name });
  const alertIn = (name: string) => group(name).querySelector("[role=alert]");

  it("'Nivel': picking a chip clears 'Por favor completa todos los campos obligatorios'", async () => {
    renderCreate();
    await submit();
    expect(alertIn("Nivel")?.textContent).toBe(MSG.rideRequiredFields);
    await act(async () => {
      fireEvent.click(screen.getByRole("radio", { name: "Chill" }));
    });
    expect(alertIn("Nivel")).toBeNull();
  });

  it("'Modalidades': picking one clears its error", async () => {
    renderCreate();
    fireEvent.click(screen.getByRole("button", { name: "Road" }));
    await submit();
    expect(alertIn("Modalidades")?.textContent).toBe(MSG.rideRequiredFields);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Gravel" }));
    });
    expect(alertIn("Modalidades")).toBeNull();
  });

  it("'Ciudad': choosing one clears its error", async () => {
    renderCreate();
    const city = screen.getByRole("combobox", { name: "Ciudad" });
    fireEvent.change(city, { target: { value: "" } });
    await submit();
    expect(city.getAttribute("aria-invalid")).toBe("true");
    await act(async () => {
      fireEvent.change(city, { target: { value: "Sevilla" } });
    });
    expect(city.getAttribute("aria-invalid")).toBeNull();
  });

  it("a GPX file that fills distance and climbing clears 'Debes especificar distancia y desnivel'", async () => {
    renderCreate();
    await submit();
    expect(screen.getAllByText(MSG.rideDistanceElevationRequired)).toHaveLength(2);
    // 0.1° of latitude: 11.12 km; 620 → 700 m.
    const gpx = new File(
      [
        '<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="40.30" lon="-3.70"><ele>620</ele></trkpt><trkpt lat="40.40" lon="-3.70"><ele>700</ele></trkpt></trkseg></trk></gpx>',
      ],
      "ruta.gpx",
      { type: "application/gpx+xml" },
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Archivo GPX (opcional)"), {
        target: { files: [gpx] },
      });
    });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>("Distancia (km)").value).toBe("11.1"),
    );
    expect(screen.queryByText(MSG.rideDistanceElevationRequired)).toBeNull();
  });
});

describe("'Publicar en' (docs/product.md#grupos)", () => {
  const madrugadoras = groupDetail({ id: "g1", name: "Las Madrugadoras", myRole: "leader" });
  const rapidas = groupDetail({
    id: "g2",
    name: "Las Rápidas",
    myRole: "member",
    membersMayPublish: true,
  });
  const lentas = groupDetail({ id: "g3", name: "Las Lentas", myRole: "member" });

  /** The API by address: her groups, and the create. */
  function answerByUrl() {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === "/api/groups/mine") {
        return Response.json({ groups: [madrugadoras, rapidas, lentas], nextPage: null });
      }
      if (url === "/api/rides" && init?.method === "POST") return created("r1");
      return Response.json({ error: { code: "not_found", message: "" } }, { status: 404 });
    });
  }
  const groupReads = () => fetchMock.mock.calls.filter(([url]) => url === "/api/groups/mine");
  const publishIn = () => screen.getByLabelText<HTMLSelectElement>(GROUP_PUBLISH_TEXT.label);
  const optionNames = () => [...publishIn().options].map((o) => o.textContent);

  it("reads her groups once she reaches for the list, and offers those she may publish in", async () => {
    answerByUrl();
    renderCreate();
    fillRide();
    // The form's first paint asks nothing more.
    expect(groupReads()).toEqual([]);
    expect(optionNames()).toEqual([GROUP_PUBLISH_TEXT.herself]);
    fireEvent.focus(publishIn());
    await screen.findByRole("option", { name: "Las Madrugadoras" });
    // She leads the first; the second lets members publish; the third does not.
    expect(optionNames()).toEqual([GROUP_PUBLISH_TEXT.herself, "Las Madrugadoras", "Las Rápidas"]);
    expect(screen.queryByRole("group", { name: GROUP_PUBLISH_TEXT.audience })).toBeNull();

    fireEvent.change(publishIn(), { target: { value: "g1" } });
    const audience = screen.getByRole("group", { name: GROUP_PUBLISH_TEXT.audience });
    const only = within(audience).getByRole<HTMLInputElement>("radio", {
      name: GROUP_PUBLISH_TEXT.groupOnly,
    });
    expect(only.checked).toBe(true);
    expect(describedBy(only)).toBe(GROUP_PUBLISH_TEXT.groupOnlyHint);
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r1");
    expect(sentRides()[0]).toMatchObject({ groupId: "g1", groupOnly: true });
  });

  it("'Abierta' in a group goes as such; her own ride sends no group", async () => {
    answerByUrl();
    renderCreate();
    fillRide();
    fireEvent.focus(publishIn());
    await screen.findByRole("option", { name: "Las Rápidas" });
    fireEvent.change(publishIn(), { target: { value: "g2" } });
    const audience = screen.getByRole("group", { name: GROUP_PUBLISH_TEXT.audience });
    fireEvent.click(within(audience).getByRole("radio", { name: GROUP_PUBLISH_TEXT.open }));
    await submit();
    expect((await screen.findByText(/^Salida /)).textContent).toBe("Salida r1");
    // Back to the form for another, her own this time.
    fireEvent.click(screen.getByRole("link", { name: "Proponer otra" }));
    fillRide("Solo mía");
    await submit();
    await screen.findByText(/^Salida /);
    const [inGroup, own] = sentRides();
    expect(inGroup).toMatchObject({ groupId: "g2", groupOnly: false });
    expect(own).toMatchObject({ title: "Solo mía" });
    expect(own).not.toHaveProperty("groupId");
    expect(own).not.toHaveProperty("groupOnly");
  });

  it("an edit neither shows nor sends it: the ride keeps its group", async () => {
    const ride = rideDetail({
      id: "r9",
      group: { slug: "las-madrugadoras", name: "Las Madrugadoras", only: true },
      viewer: ORGANIZER_VIEWER,
    });
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderCreate("/app/create?edit=r9", ride);
    expect(screen.queryByLabelText(GROUP_PUBLISH_TEXT.label)).toBeNull();
    await submit("Guardar cambios");
    await screen.findByText(/^Salida /);
    const [save] = fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(save![1]?.body))).not.toHaveProperty("groupId");
    expect(groupReads()).toEqual([]);
  });
});
