import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { openChat, sendFrame, type TestSocket } from "./helpers/sockets.ts";

const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function storedMessages(rideId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, user_id, body, kind FROM ride_messages WHERE ride_id = ? ORDER BY created_at, id",
  )
    .bind(rideId)
    .all<{ id: string; user_id: string | null; body: string; kind: string }>();
  return results;
}

describe("ride chat over websockets", () => {
  it("delivers each message to every socket in the room, after storing it", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const a = await openChat(ana.browser, ride.id);
    const b = await openChat(bea.browser, ride.id);
    open.push(a, b);

    a.send(sendFrame("  ¡Hola grupeta!  "));
    const ack = await a.next("ack");
    expect(ack.message.text).toBe("¡Hola grupeta!");
    const seen = await b.next("message");
    expect(seen.message).toMatchObject({
      id: ack.message.id,
      userId: ana.user.id,
      kind: "user",
      author: { username: ana.user.username },
    });
    expect(await storedMessages(ride.id)).toEqual([
      { id: ack.message.id, user_id: ana.user.id, body: "¡Hola grupeta!", kind: "user" },
    ]);
  });
});
