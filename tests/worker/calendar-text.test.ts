// Calendar files as text (RFC 5545): every TEXT value escaped, lines folded at 75 octets without
// splitting a character, read back with ical.js, a parser independent of the writer.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rides } from "../../worker/db/schema.ts";
import { createRide, db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { parseCalendar } from "./helpers/ics.ts";

/** A ride titled `title` as an older row may hold it (titles now refuse control characters). */
async function rideTitled(organizerId: string, title: string) {
  const ride = await createRide({ organizerId });
  await db().update(rides).set({ title }).where(eq(rides.id, ride.id));
  return ride;
}

async function rideIcs(browser: Browser, rideId: string) {
  const res = await browser.get(`/api/rides/${rideId}/calendar.ics`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const CRLF = [0x0d, 0x0a];

/** The file's lines as bytes, split at CR LF; a line feed alone is not a line end. */
function linesOf(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === CRLF[0] && bytes[i + 1] === CRLF[1]) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  lines.push(bytes.subarray(start));
  return lines;
}

function expectWellFormed(bytes: Uint8Array) {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  for (const line of linesOf(bytes)) {
    expect(line.byteLength).toBeLessThanOrEqual(75);
    // A fold inside a multi-byte character would leave a line that is not UTF-8.
    expect(() => decoder.decode(line)).not.toThrow();
    expect(line.includes(0x0a) || line.includes(0x0d)).toBe(false);
  }
  const text = new TextDecoder().decode(bytes);
  expect(text.match(/^BEGIN:VCALENDAR/gm)).toHaveLength(1);
  return text;
}

const FORGED = "Ruta\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Falsa\nEND:VEVENT\nBEGIN:VEVENT";

describe("the ride's .ics as text", () => {
  test("a title with line breaks stays one event, and comes back exact as event and calendar name", async () => {
    const { browser, user } = await signedIn();
    const ride = await rideTitled(user.id, FORGED);
    const text = expectWellFormed(await rideIcs(browser, ride.id));
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    const calendar = parseCalendar(text);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]?.summary).toBe(FORGED);
    expect(calendar.name).toBe(FORGED);
    expect(calendar.calName).toBe(FORGED);
  });

  test("backslash, semicolon and comma are escaped in every text", async () => {
    const { browser, user } = await signedIn();
    // "\n" written by her (a backslash, then n) is not a line break, nor "\," a comma.
    const title = 'Ruta C:\\norte; sur, "este" \\, fin';
    const ride = await rideTitled(user.id, title);
    await db()
      .update(rides)
      .set({ meetingPoint: "Sol; km 0, \\ puerta", description: "Una; dos,\ntres \\ cuatro" })
      .where(eq(rides.id, ride.id));
    const calendar = parseCalendar(expectWellFormed(await rideIcs(browser, ride.id)));
    expect(calendar).toMatchObject({ name: title, calName: title });
    expect(calendar.events[0]).toMatchObject({
      summary: title,
      location: "Sol; km 0, \\ puerta, Madrid",
    });
    expect(calendar.events[0]?.description).toMatch(/^Una; dos,\ntres \\ cuatro\n\nVer la salida/);
  });

  test("long lines are folded at 75 octets, never inside a character", async () => {
    const { browser, user } = await signedIn();
    const title =
      "Cañera por Navacerrada y Cotos 🚴‍♀️ ¡ánimo, compañeras! ✨ señal €€€ ñññ áéíóú 🚵‍♀️🚵‍♀️";
    const ride = await rideTitled(user.id, title);
    await db()
      .update(rides)
      .set({ description: "ñ€🚴".repeat(60) })
      .where(eq(rides.id, ride.id));
    const bytes = await rideIcs(browser, ride.id);
    const text = expectWellFormed(bytes);
    // Folded at all: the title alone is longer than a line.
    expect(text).toMatch(/\r\n /);
    const calendar = parseCalendar(text);
    expect(calendar).toMatchObject({ name: title, calName: title });
    expect(calendar.events[0]?.summary).toBe(title);
    expect(calendar.events[0]?.description).toContain("ñ€🚴".repeat(60));
  });

  test("other control characters of an older row (NEL, form feed, NUL) never reach the file", async () => {
    const { browser, user } = await signedIn();
    const ride = await rideTitled(user.id, "Ruta\u0085END:VEVENT\u000cBEGIN:VEVENT\u0000fin");
    const text = expectWellFormed(await rideIcs(browser, ride.id));
    expect(text).not.toMatch(/(?![\r\n])\p{Cc}/u);
    const calendar = parseCalendar(text);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]?.summary).toBe("RutaEND:VEVENTBEGIN:VEVENTfin");
    expect(calendar.name).toBe("RutaEND:VEVENTBEGIN:VEVENTfin");
  });
});

describe("her calendar feed as text", () => {
  test("one event per ride, each title exact, however it is written", async () => {
    const me = await signedIn();
    const titles = [FORGED, 'Ruta \\ norte; sur, "este"', "Cañera 🚴‍♀️ ".repeat(8).trim()];
    for (const title of titles) await rideTitled(me.user.id, title);
    const created = await me.browser.post("/api/calendar/feed");
    expect(created.status).toBe(201);
    const { url } = await json<{ url: string }>(created);
    const res = await new Browser().get(new URL(url).pathname);
    expect(res.status).toBe(200);
    const text = expectWellFormed(new Uint8Array(await res.arrayBuffer()));
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(titles.length);
    const calendar = parseCalendar(text);
    expect(calendar.events.map((e) => e.summary).sort()).toEqual([...titles].sort());
    expect(calendar.name).toBe("Mis salidas en Rodamos");
  });
});
