// A ride's title is one line, enforced by the API on create and edit: a line break or other
// control character is refused with a Spanish message, and nothing is written.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { rides } from "../../worker/db/schema.ts";
import { db, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { multipart, rideBody, rideRow } from "./helpers/rides.ts";

const BROKEN_TITLES = [
  "Ruta\nEND:VEVENT\nBEGIN:VEVENT",
  "Ruta\r\nal pantano",
  "Ruta\u0085al pantano",
  "Ruta\u0000",
];

async function expectTitleRefused(res: Response) {
  expect(res.status).toBe(400);
  const { error } = await json<{ error: { code: string; message: string; fields: object } }>(res);
  expect(error).toMatchObject({
    code: "validation_error",
    message: MSG.titleOneLine,
    fields: { title: MSG.titleOneLine },
  });
}

describe("a ride's title is one line", () => {
  test("a create with a line break or control character in the title is a 400, and no ride is written", async () => {
    const { user, browser } = await signedIn();
    for (const title of BROKEN_TITLES) {
      await expectTitleRefused(await browser.post("/api/rides", rideBody({ title })));
      await expectTitleRefused(
        await browser.fetch("/api/rides", { method: "POST", body: multipart(rideBody({ title })) }),
      );
    }
    expect(await db().select().from(rides).where(eq(rides.organizerId, user.id)).all()).toEqual([]);
  });

  test("an edit with one is a 400, and the ride keeps its title", async () => {
    const { browser } = await signedIn();
    const created = await browser.post("/api/rides", rideBody({ title: "Vuelta al pantano" }));
    expect(created.status).toBe(201);
    const { ride } = await json<{ ride: { id: string } }>(created);
    const before = await rideRow(ride.id);
    for (const title of BROKEN_TITLES) {
      await expectTitleRefused(await browser.put(`/api/rides/${ride.id}`, rideBody({ title })));
    }
    expect(await rideRow(ride.id)).toEqual(before);
  });
});
