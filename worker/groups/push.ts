// The group's pushes (docs/product.md#grupos), each run after the answer (inBackground). Sent
// through the push feature's one sender, so a suspended rider hears nothing.

import { and, eq, inArray } from "drizzle-orm";
import type { PushPayload } from "../../domain/push.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { createDb } from "../db/client.ts";
import { groupMembers, groups } from "../db/schema.ts";
import type { Bindings } from "../env.ts";
import { usernamesOf } from "../push/queries.ts";
import { sendPush } from "../push/send.ts";

const WEEK_S = 7 * 24 * 60 * 60;

const groupUrl = (slug: string) => `/app/grupo/${slug}`;

async function groupOf(env: Bindings, groupId: string) {
  return createDb(env.DB)
    .select({ slug: groups.slug, name: groups.name })
    .from(groups)
    .where(eq(groups.id, groupId))
    .get();
}

/**
 * The leaders the succession named: each is told, whatever her switches (a crew now rests on
 * her, and it happens rarely).
 */
export async function tellNewLeaders(
  env: Bindings,
  successors: { groupId: string; userId: string }[],
) {
  await Promise.all(
    successors.map(async ({ groupId, userId }) => {
      const group = await groupOf(env, groupId);
      if (!group) return;
      const payload: PushPayload = {
        title: GROUP_MSG.pushNewLeaderTitle,
        body: GROUP_MSG.pushNewLeaderBody(group.name),
        url: groupUrl(group.slug),
        tag: `group-leader-${groupId}`,
      };
      await sendPush(env, [userId], null, { payload, ttl: WEEK_S, urgency: "high" });
    }),
  );
}

/** A new request tells the group's leaders (their 'participants' switch, as on rides). */
export async function groupRequested(env: Bindings, groupId: string, userId: string) {
  const db = createDb(env.DB);
  const group = await groupOf(env, groupId);
  if (!group) return;
  const leaders = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.role, ["leader"])))
    .all();
  const name = (await usernamesOf(db, [userId])).get(userId) ?? "Una ciclista";
  await sendPush(
    env,
    leaders.map((l) => l.userId),
    "participants",
    {
      payload: {
        title: GROUP_MSG.pushRequestTitle,
        body: GROUP_MSG.pushRequestBody(name, group.name),
        url: groupUrl(group.slug),
        tag: `group-requests-${groupId}`,
      },
      ttl: WEEK_S,
    },
  );
}

/** The answer reaches her (her 'waitlist' switch, as a ride's answer does). */
export async function groupRequestAnswered(
  env: Bindings,
  groupId: string,
  userId: string,
  accepted: boolean,
) {
  const group = await groupOf(env, groupId);
  if (!group) return;
  await sendPush(env, [userId], "waitlist", {
    payload: {
      title: accepted ? GROUP_MSG.pushAcceptedTitle : GROUP_MSG.requestDeclined,
      body: accepted
        ? GROUP_MSG.pushAcceptedBody(group.name)
        : GROUP_MSG.pushDeclinedBody(group.name),
      url: groupUrl(group.slug),
      tag: `group-${groupId}`,
    },
    ttl: WEEK_S,
  });
}
