import { describe, expect, test } from "vitest";
import { cityTimeZone } from "../../domain/cities.ts";
import { type PublicRideFacts, sharePageNote, sharePreview } from "../../domain/share-preview.ts";

const HOUR = 3_600_000;
const now = Date.UTC(2027, 0, 10, 12, 0);
const ride = (overrides: Partial<PublicRideFacts> = {}): PublicRideFacts => ({
  id: "r1",
  title: "Café y Casa de Campo",
  city: "Madrid",
  startTime: Date.UTC(2027, 0, 16, 8, 30),
  timeZone: "Europe/Madrid",
  level: "chill",
  modalities: ["road", "gravel"],
  routeKm: 42.5,
  status: "published",
  maxParticipants: 6,
  participantCount: 2,
  joinMode: "open",
  ...overrides,
});

describe("sharePreview", () => {
  test("date and time on the ride's clock, labelled only off mainland time", () => {
    expect(sharePreview(ride(), now).when).toBe("sábado, 16 de enero · 09:30");
    expect(sharePreview(ride({ city: "Arrecife", timeZone: "Atlantic/Canary" }), now).when).toBe(
      "sábado, 16 de enero · 08:30 (hora canaria)",
    );
  });

  test("reads the stored zone, not the city: a ride pinned in Lisboa at 10:00 shows 10:00", () => {
    const lisbon = ride({ city: "Lisboa", timeZone: "Europe/Lisbon", startTime: now + 4 * HOUR });
    expect(sharePreview(lisbon, now).when).toBe("domingo, 10 de enero · 16:00 (hora de Lisboa)");
    // A Madrid-named ride whose pin put it on Canary time keeps Canary time.
    expect(sharePreview(ride({ timeZone: "Atlantic/Canary" }), now).when).toBe(
      "sábado, 16 de enero · 08:30 (hora canaria)",
    );
  });

  test("places left, full, cancelled, past", () => {
    expect(sharePreview(ride(), now).stateText).toBe("Quedan 4 plazas");
    expect(sharePreview(ride({ participantCount: 5 }), now).stateText).toBe("Queda 1 plaza");
    expect(sharePreview(ride({ participantCount: 6 }), now)).toMatchObject({
      state: "full",
      stateText: "Completa",
    });
    expect(sharePreview(ride({ maxParticipants: null, participantCount: 20 }), now).state).toBe(
      "full",
    );
    expect(sharePreview(ride({ status: "cancelled", participantCount: 6 }), now)).toMatchObject({
      state: "cancelled",
      stateText: "Cancelada",
    });
    expect(sharePreview(ride({ startTime: now - HOUR }), now).stateText).toBe("Ya ha pasado");
  });

  test("one summary line for og:description", () => {
    expect(sharePreview(ride(), now).summary).toBe(
      "sábado, 16 de enero · 09:30 en Madrid · Chill · Road · Gravel · 42,5 km · Quedan 4 plazas",
    );
    expect(sharePreview(ride({ routeKm: null }), now).distance).toBeNull();
  });
});

describe("sharePageNote", () => {
  test("says what signing in shows: on an approval ride, the point and the route wait for her yes", () => {
    const note = (over: Partial<PublicRideFacts>) =>
      sharePageNote(ride(over), sharePreview(ride(over), now).state);
    expect(note({ joinMode: "approval" })).toBe(
      "Quién va se ve al entrar en Rodamos; el punto de encuentro y la ruta, cuando la organizadora te acepte.",
    );
    expect(note({ joinMode: "approval", participantCount: 6 })).toBe(
      note({ joinMode: "approval" }),
    );
    expect(note({})).toBe(
      "El punto de encuentro y quién va se ven al entrar en Rodamos; la ruta, cuando tengas plaza.",
    );
    expect(note({ status: "cancelled" })).toBeNull();
    expect(note({ joinMode: "approval", startTime: now - HOUR })).toBeNull();
  });
});

describe("cityTimeZone", () => {
  test.each([
    ["Madrid", "Europe/Madrid"],
    ["Palma", "Europe/Madrid"],
    ["Santa Cruz de Tenerife", "Atlantic/Canary"],
    ["las palmas de gran canaria", "Atlantic/Canary"],
    ["Mogán, Gran Canaria", "Atlantic/Canary"],
    ["Ceuta", "Africa/Ceuta"],
    ["Melilla", "Africa/Ceuta"],
    ["Ordino", "Europe/Andorra"],
    ["Pueblo sin lista", "Europe/Madrid"],
  ])("%s keeps %s", (city, zone) => {
    expect(cityTimeZone(city)).toBe(zone);
  });
});
