// A suspended rider hears nothing more from the app (docs/product.md#suspension): every push goes
// through subscriptionsFor, which leaves her devices out, whatever still counts her in (a ride
// under way keeps her among its riders, so its chat would still notify her).
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PushMessage, sendPush } from "../../worker/push/send.ts";
import { signedIn } from "./helpers/factories.ts";
import { pushServiceStandIn } from "./helpers/push-service.ts";
import { moderator } from "./helpers/safety.ts";

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());

const message: PushMessage = {
  payload: {
    title: "Rodada",
    body: "Tienes 1 mensaje nuevo en el chat.",
    url: "/app/chats",
    tag: "chat",
  },
  ttl: 60,
};

describe("a suspended rider's devices", () => {
  it("get no push while the suspension lasts, and again once it is lifted", async () => {
    const [cris, dora, mod] = await Promise.all([signedIn(), signedIn(), moderator()]);
    const hers = await service.subscribe(cris.browser);
    const other = await service.subscribe(dora.browser);
    const path = `/api/moderation/users/${cris.user.id}`;
    expect((await mod.browser.post(`${path}/suspend`, { reason: "Acoso" })).status).toBe(200);

    const outcome = await sendPush(env, [cris.user.id, dora.user.id], null, message);
    expect(outcome.sent).toBe(1);
    expect(service.to(hers)).toEqual([]);
    expect(service.to(other)).toHaveLength(1);

    expect((await mod.browser.post(`${path}/unsuspend`, { reason: "Revisado" })).status).toBe(200);
    expect((await sendPush(env, [cris.user.id], null, message)).sent).toBe(1);
    expect(service.to(hers)).toHaveLength(1);
  });
});
