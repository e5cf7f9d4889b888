// A message a moderator hides while a rider is offline (docs/security.md: hidden text is served
// as 'Mensaje ocultado por moderación' in every read, sync included): the `hidden` frame reaches
// only open sockets, so her sync after the newest message she holds names it as hidden.
import { describe, expect, it } from "vitest";
import { parseServerMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { rideWithTwo } from "./helpers/factories.ts";
import { block, moderator } from "./helpers/safety.ts";
import { sendFrame, socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";

const { chat } = socketsClosedAfterEach();
const because = { reason: "Incumple las normas" };

async function say(socket: TestSocket, text: string) {
  const clientId = crypto.randomUUID();
  socket.send(sendFrame(text, clientId));
  return (await socket.next("ack", (f) => f.clientId === clientId)).message;
}

async function hide(messageId: string) {
  const mod = await moderator();
  const res = await mod.browser.post(`/api/moderation/messages/${messageId}/hide`, because);
  expect(res.status).toBe(200);
}

describe("a message hidden while she was offline", () => {
  it("her sync after the newest she holds names it as hidden", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const offensive = await say(a, "algo que no debe quedarse");
    const newest = await say(a, "otra cosa");
    await b.next("message", (f) => f.message.id === newest.id);
    b.close();

    await hide(offensive.id);
    const back = await chat(bea.browser, ride.id);
    back.send({ type: "sync", after: newest.id });
    const synced = await back.next("synced");
    expect(synced).toEqual({
      type: "synced",
      messages: [],
      hasMore: false,
      hidden: [offensive.id],
    });
    // Typed and validated like every other frame.
    expect(parseServerMessage(JSON.stringify(synced))).toEqual({ ok: true, msg: synced });
  });

  it("names the cursor itself and leaves later ones to the backfill, already hidden", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const held = await say(a, "la última que tiene");
    const later = await say(a, "una que no vio");
    await hide(held.id);
    await hide(later.id);

    const b = await chat(bea.browser, ride.id);
    b.send({ type: "sync", after: held.id });
    const synced = await b.next("synced");
    expect(synced.hidden).toEqual([held.id]);
    expect(synced.messages).toEqual([
      expect.objectContaining({ id: later.id, text: MSG.messageHidden, hidden: true }),
    ]);
    expect(JSON.stringify(synced)).not.toContain("una que no vio");

    const clean = await say(a, "nada oculto después");
    b.send({ type: "sync", after: clean.id });
    // Newest first; the shown ones stay listed: she may hold any of them.
    expect((await b.next("synced")).hidden).toEqual([later.id, held.id]);
  });

  it("does not name the hidden messages of a rider she and the author blocked each other", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const offensive = await say(a, "algo que no debe quedarse");
    await hide(offensive.id);
    await block(bea.browser, ana.user.id);

    const b = await chat(bea.browser, ride.id);
    const mine = await say(b, "la mía");
    b.send({ type: "sync", after: mine.id });
    expect(await b.next("synced")).toEqual({ type: "synced", messages: [], hasMore: false });
  });
});
