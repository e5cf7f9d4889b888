// Grupos in worker tests (docs/product.md#grupos): a group written straight to D1 with its leader
// and members (one batch), the create form's body, and the counts a refusal must leave unchanged.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import type { JoinMode } from "../../../domain/constants.ts";
import { groupNameSkeleton, groupSlugBase } from "../../../domain/groups.ts";
import { groupMembers, groups } from "../../../worker/db/schema.ts";
import { generateId } from "../../../worker/sessions/tokens.ts";
import { uniqueGroupName } from "../../support/distinct-names.ts";
import { db } from "./factories.ts";

/** The create form's body, valid unless overridden. */
export function groupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueGroupName(),
    city: "Madrid",
    description: "Salimos los sábados",
    modalities: ["road"],
    levels: ["chill"],
    avatarKey: "ava03",
    joinMode: "open",
    ...overrides,
  };
}

export interface GroupOptions {
  leaderId: string;
  /** Members in this order, each joined a second after the one before (the leader first). */
  members?: string[];
  /** More leaders, after the members. */
  leaders?: string[];
  joinMode?: JoinMode;
  name?: string;
  inviteToken?: string | null;
}

/** A group with its members, written in one batch; returns its id, slug and name. */
export async function createGroup(options: GroupOptions) {
  const id = generateId();
  const name = options.name ?? uniqueGroupName();
  const slug = `${groupSlugBase(name)}-${id.slice(0, 6)}`;
  const start = Date.now() - 1_000_000;
  const rows = [
    { userId: options.leaderId, role: "leader" as const },
    ...(options.members ?? []).map((userId) => ({ userId, role: "member" as const })),
    ...(options.leaders ?? []).map((userId) => ({ userId, role: "leader" as const })),
  ].map((row, i) => ({ ...row, groupId: id, joinedAt: start + i * 1000 }));
  await db().batch([
    db()
      .insert(groups)
      .values({
        id,
        slug,
        name,
        nameSkeleton: groupNameSkeleton(name),
        city: "Madrid",
        cityKey: "madrid",
        searchText: `${name.toLowerCase()} madrid`,
        modalities: ["road"],
        levels: ["chill"],
        joinMode: options.joinMode ?? "open",
        inviteToken: options.inviteToken ?? null,
        createdBy: options.leaderId,
      }),
    db().insert(groupMembers).values(rows),
  ]);
  return { id, slug, name };
}

/**
 * `n` new riders (accounts without a profile) added to the group straight in D1, each a
 * millisecond after the one before: the cap counts rows. Returns their ids.
 */
export async function addMembers(groupId: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => generateId());
  const list = JSON.stringify(ids);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email) SELECT value, value || '@example.com' FROM json_each(?)",
    ).bind(list),
    env.DB.prepare(
      "INSERT INTO group_members (group_id, user_id, role, joined_at) SELECT ?, value, 'member', ? + key FROM json_each(?)",
    ).bind(groupId, Date.now(), list),
  ]);
  return ids;
}

export async function memberCount(groupId: string): Promise<number> {
  const row = await db()
    .select({ n: sql<number>`count(*)` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .get();
  return Number(row?.n ?? 0);
}

/** Her role in the group, or null. */
export async function roleOf(groupId: string, userId: string) {
  const row = await db()
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(sql`${groupMembers.groupId} = ${groupId} and ${groupMembers.userId} = ${userId}`)
    .get();
  return row?.role ?? null;
}
