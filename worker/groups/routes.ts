// /api/groups (docs/product.md#grupos): create and find groups, a group's page, joining
// ('Unirme al grupo', 'Solicitar unirme', an invitation link), leaving, and the leaders' tools.
// Every rule is checked by the statement that writes (writes.ts); a refusal says why in Spanish.

import { type Context, Hono } from "hono";
import type {
  GroupListResponse,
  GroupResponse,
  GroupRidesResponse,
  MyGroupsResponse,
} from "../../domain/api/groups.ts";
import { DomainError } from "../../domain/errors.ts";
import {
  groupInputSchema,
  groupJoinSchema,
  groupListQuerySchema,
  groupMemberParamSchema,
  groupNameSkeleton,
  groupRequestParamSchema,
  groupSlugBase,
  groupSlugParamSchema,
} from "../../domain/groups.ts";
import { MSG } from "../../domain/messages.ts";
import { requestPlaceSchema } from "../../domain/schemas.ts";
import { GROUP_MSG, GROUPS_CREATED_MAX } from "../../domain/texts/groups.ts";
import { isUniqueViolation } from "../auth/queries.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { readerOf, requireProfile } from "../sessions/session.ts";
import { generateId, generateToken } from "../sessions/tokens.ts";
import { holdsBadge } from "../verification/gate.ts";
import { hasBadge } from "../verification/recompute.ts";
import { endMembership } from "./leaving.ts";
import { membershipsChanged } from "./membership.ts";
import { groupRequestAnswered, groupRequested } from "./push.ts";
import {
  findActiveGroup,
  type GroupRow,
  groupDetail,
  groupPageBySlug,
  myGroups,
  roleIn,
} from "./reads.ts";
import { groupRidesBySlug } from "./ride-list.ts";
import { leaveGroupOnlyRides } from "./rides.ts";
import { searchGroups } from "./search.ts";
import {
  acceptGroupRequest,
  declineGroupRequest,
  demoteLeader,
  findGroupRequest,
  groupsCreatedBy,
  insertGroup,
  joinGroup,
  nameTaken,
  promoteToLeader,
  requestToJoin,
  setInviteToken,
  slugTaken,
  updateGroup,
  withdrawGroupRequest,
} from "./writes.ts";

/** The group of the address, as she may see it: unknown, archived and suspended are one 404. */
async function loadGroup(c: Context<AppEnv>, slug: string): Promise<GroupRow> {
  const row = await findActiveGroup(c.var.db, slug);
  if (!row) throw new DomainError("not_found", GROUP_MSG.notFound);
  return row;
}

/** The signed-in rider and the group; `leader` refuses anyone who does not lead it. */
async function groupFor(c: Context<AppEnv>, slug: string, leader = false) {
  const user = requireProfile(c);
  const row = await loadGroup(c, slug);
  if (leader) {
    if ((await roleIn(c.var.db, row.id, user.id)) !== "leader")
      throw new DomainError("not_authorized", GROUP_MSG.leadersOnly);
  }
  return { user, row, now: Date.now() };
}

/**
 * A 'Solo verificadas' group takes in only riders with the badge (a moderator's account holds it);
 * the refusal says how to get it. Members already in stay.
 */
async function refuseUnverifiedInGroup(
  c: Context<AppEnv>,
  row: GroupRow,
  user: { id: string; email: string },
) {
  if (!row.verifiedOnly || (await holdsBadge(c.env, c.var.db, user))) return;
  throw new DomainError("not_authorized", GROUP_MSG.verifiedOnly);
}

async function answer(
  c: Context<AppEnv>,
  row: GroupRow,
  viewerId: string,
  status: 200 | 201 = 200,
) {
  return c.json<GroupResponse>(
    { group: await groupDetail(c.var.db, row, viewerId, Date.now()) },
    status,
  );
}

/** Why a name cannot be stored: a look-alike of another group's (archived ones keep theirs). */
async function refuseTakenName(c: Context<AppEnv>, name: string, ownId?: string) {
  if (await nameTaken(c.var.db, groupNameSkeleton(name), ownId)) {
    throw new DomainError("conflict", GROUP_MSG.nameTaken, 409, { name: GROUP_MSG.nameTaken });
  }
}

/** A second suffix when another group's address is already the name's (rare: names differ). */
const slugWithSuffix = (base: string) => `${base}-${generateToken().slice(0, 4)}`;

export const groupRoutes = new Hono<AppEnv>()
  .get("/", validate("query", groupListQuerySchema), async (c) => {
    return c.json<GroupListResponse>(
      await searchGroups(c.var.db, readerOf(c), c.req.valid("query")),
    );
  })
  .get("/mine", async (c) => {
    const user = requireProfile(c);
    const mine = await myGroups(c.var.db, user.id, Date.now());
    return c.json<MyGroupsResponse>({ groups: mine, nextPage: null });
  })
  .post("/", validate("json", groupInputSchema), async (c) => {
    const user = requireProfile(c);
    const input = c.req.valid("json");
    const now = Date.now();
    await refuseTakenName(c, input.name);
    if ((await groupsCreatedBy(c.var.db, user.id)) >= GROUPS_CREATED_MAX) {
      throw new DomainError("conflict", GROUP_MSG.createdCap);
    }
    const base = groupSlugBase(input.name);
    const id = generateId();
    let slug = (await slugTaken(c.var.db, base)) ? slugWithSuffix(base) : base;
    let stored = await insertGroup(c.var.db, { id, slug, creatorId: user.id, now }, input);
    if (!stored) {
      // Something came between the checks and the insert: say which, or take another address.
      await refuseTakenName(c, input.name);
      if ((await groupsCreatedBy(c.var.db, user.id)) >= GROUPS_CREATED_MAX) {
        throw new DomainError("conflict", GROUP_MSG.createdCap);
      }
      slug = slugWithSuffix(base);
      stored = await insertGroup(c.var.db, { id, slug, creatorId: user.id, now }, input);
      if (!stored) throw new DomainError("conflict", GROUP_MSG.nameTaken);
    }
    return answer(c, await loadGroup(c, slug), user.id, 201);
  })
  // The group's page and its rides: each finds the group by its address, and her by her session
  // (a one-trip read, ADR 0046), in the same round trip as the data it reads.
  .get("/:slug", validate("param", groupSlugParamSchema), async (c) => {
    const slug = c.req.valid("param").slug;
    const group = await groupPageBySlug(c.var.db, slug, readerOf(c), Date.now());
    if (!group) throw new DomainError("not_found", GROUP_MSG.notFound);
    return c.json<GroupResponse>({ group });
  })
  .get("/:slug/rides", validate("param", groupSlugParamSchema), async (c) => {
    const slug = c.req.valid("param").slug;
    const rides = await groupRidesBySlug(c.var.db, slug, readerOf(c), Date.now());
    if (!rides) throw new DomainError("not_found", GROUP_MSG.notFound);
    return c.json<GroupRidesResponse>({ rides });
  })
  .put(
    "/:slug",
    validate("param", groupSlugParamSchema),
    validate("json", groupInputSchema),
    async (c) => {
      const { user, row, now } = await groupFor(c, c.req.valid("param").slug, true);
      const input = c.req.valid("json");
      await refuseTakenName(c, input.name, row.id);
      try {
        if (!(await updateGroup(c.var.db, { groupId: row.id, leaderId: user.id, now }, input))) {
          throw new DomainError("not_authorized", GROUP_MSG.leadersOnly);
        }
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError("conflict", GROUP_MSG.nameTaken, 409, {
            name: GROUP_MSG.nameTaken,
          });
        }
        throw error;
      }
      return answer(c, await loadGroup(c, row.slug), user.id);
    },
  )
  .post(
    "/:slug/join",
    validate("param", groupSlugParamSchema),
    validate("json", groupJoinSchema),
    async (c) => {
      const { user, row, now } = await groupFor(c, c.req.valid("param").slug);
      const invite = c.req.valid("json").invite ?? null;
      await refuseUnverifiedInGroup(c, row, user);
      const joined = await joinGroup(c.var.db, { groupId: row.id, userId: user.id, invite, now });
      if (!joined) {
        const detail = await groupDetail(c.var.db, row, user.id, now);
        if (detail.myRole) throw new DomainError("already_joined", GROUP_MSG.alreadyMember);
        if (row.joinMode === "approval" && (invite === null || invite !== row.inviteToken)) {
          if (invite !== null) throw new DomainError("not_found", GROUP_MSG.inviteInvalid);
          throw new DomainError("request_needed", GROUP_MSG.requestNeeded);
        }
        throw new DomainError("conflict", GROUP_MSG.full);
      }
      inBackground(
        c,
        membershipsChanged(c.env, [{ groupId: row.id, joined: [user.id], left: [] }], []),
      );
      return answer(c, row, user.id);
    },
  )
  .post("/:slug/leave", validate("param", groupSlugParamSchema), async (c) => {
    const { user, row } = await groupFor(c, c.req.valid("param").slug);
    const { ended, successors } = await endMembership(c.var.db, {
      groupId: row.id,
      userId: user.id,
      by: null,
    });
    if (!ended) throw new DomainError("conflict", GROUP_MSG.notMember);
    await leaveGroupOnlyRides(c, row.id, user.id);
    inBackground(
      c,
      membershipsChanged(c.env, [{ groupId: row.id, joined: [], left: [user.id] }], successors),
    );
    // The group may have been archived by her leaving: its facts as they were.
    return c.json<GroupResponse>({
      group: await groupDetail(c.var.db, row, user.id, Date.now()),
    });
  })
  .post(
    "/:slug/requests",
    validate("param", groupSlugParamSchema),
    validate("json", requestPlaceSchema),
    async (c) => {
      const { user, row, now } = await groupFor(c, c.req.valid("param").slug);
      const limit = await c.env.REQUEST_LIMITER.limit({ key: `user:${user.id}` });
      if (!limit.success) throw new DomainError("rate_limited", MSG.rateLimited);
      await refuseUnverifiedInGroup(c, row, user);
      const stored = await requestToJoin(c.var.db, {
        id: generateId(),
        groupId: row.id,
        userId: user.id,
        note: c.req.valid("json").note,
        now,
      });
      if (!stored) {
        const detail = await groupDetail(c.var.db, row, user.id, now);
        if (detail.myRole) throw new DomainError("already_joined", GROUP_MSG.alreadyMember);
        if (detail.myRequest === "pending")
          throw new DomainError("conflict", GROUP_MSG.requestAlready);
        if (detail.myRequest === "declined") {
          throw new DomainError("conflict", GROUP_MSG.requestAnswered);
        }
        throw new DomainError("conflict", GROUP_MSG.requestOpenGroup);
      }
      inBackground(c, groupRequested(c.env, row.id, user.id));
      return answer(c, row, user.id, 201);
    },
  )
  .delete("/:slug/requests", validate("param", groupSlugParamSchema), async (c) => {
    const { user, row } = await groupFor(c, c.req.valid("param").slug);
    if (!(await withdrawGroupRequest(c.var.db, row.id, user.id))) {
      throw new DomainError("conflict", GROUP_MSG.requestWithdrawNone);
    }
    return answer(c, row, user.id);
  })
  .post(
    "/:slug/requests/:requestId/accept",
    validate("param", groupRequestParamSchema),
    async (c) => {
      const param = c.req.valid("param");
      const { user, row, now } = await groupFor(c, param.slug, true);
      const riderId = await acceptGroupRequest(c.var.db, {
        groupId: row.id,
        requestId: param.requestId,
        leaderId: user.id,
        now,
      });
      if (!riderId) {
        const request = await findGroupRequest(c.var.db, row.id, param.requestId);
        const detail = await groupDetail(c.var.db, row, user.id, now);
        if (
          request?.status === "pending" &&
          detail.requests?.some((r) => r.id === param.requestId)
        ) {
          if (row.verifiedOnly && !(await hasBadge(c.var.db, request.userId))) {
            throw new DomainError("not_authorized", GROUP_MSG.requestNotVerified);
          }
          throw new DomainError("conflict", GROUP_MSG.full);
        }
        // Answered, withdrawn, or a rider a block or a suspension keeps out: as a request gone.
        throw new DomainError("not_found", GROUP_MSG.requestNotPending, 404);
      }
      inBackground(c, groupRequestAnswered(c.env, row.id, riderId, true));
      inBackground(
        c,
        membershipsChanged(c.env, [{ groupId: row.id, joined: [riderId], left: [] }], []),
      );
      return answer(c, row, user.id);
    },
  )
  .post(
    "/:slug/requests/:requestId/decline",
    validate("param", groupRequestParamSchema),
    async (c) => {
      const param = c.req.valid("param");
      const { user, row, now } = await groupFor(c, param.slug, true);
      const riderId = await declineGroupRequest(c.var.db, {
        groupId: row.id,
        requestId: param.requestId,
        leaderId: user.id,
        now,
      });
      if (!riderId) throw new DomainError("not_found", GROUP_MSG.requestNotPending, 404);
      inBackground(c, groupRequestAnswered(c.env, row.id, riderId, false));
      return answer(c, row, user.id);
    },
  )
  .delete("/:slug/members/:userId", validate("param", groupMemberParamSchema), async (c) => {
    const param = c.req.valid("param");
    const { user, row } = await groupFor(c, param.slug, true);
    // A leader steps down first (a co-leader removes her as leader): removal is of members.
    const { ended, successors } = await endMembership(c.var.db, {
      groupId: row.id,
      userId: param.userId,
      by: user.id,
      membersOnly: true,
    });
    if (!ended) throw new DomainError("not_found", GROUP_MSG.memberNotFound);
    await leaveGroupOnlyRides(c, row.id, param.userId);
    inBackground(
      c,
      membershipsChanged(
        c.env,
        [{ groupId: row.id, joined: [], left: [param.userId] }],
        successors,
      ),
    );
    return answer(c, row, user.id);
  })
  .put("/:slug/leaders/:userId", validate("param", groupMemberParamSchema), async (c) => {
    const param = c.req.valid("param");
    const { user, row } = await groupFor(c, param.slug, true);
    const change = { groupId: row.id, userId: param.userId, leaderId: user.id };
    if (!(await promoteToLeader(c.var.db, change))) {
      const detail = await groupDetail(c.var.db, row, user.id, Date.now());
      const target = detail.members?.find((p) => p.id === param.userId);
      if (!target) throw new DomainError("not_found", GROUP_MSG.memberNotFound);
      if (target.role === "leader") throw new DomainError("conflict", GROUP_MSG.alreadyLeader);
      throw new DomainError("conflict", GROUP_MSG.leadersCap);
    }
    return answer(c, row, user.id);
  })
  .delete("/:slug/leaders/:userId", validate("param", groupMemberParamSchema), async (c) => {
    const param = c.req.valid("param");
    const { user, row } = await groupFor(c, param.slug, true);
    const change = { groupId: row.id, userId: param.userId, leaderId: user.id };
    if (!(await demoteLeader(c.var.db, change))) {
      const detail = await groupDetail(c.var.db, row, user.id, Date.now());
      const target = detail.members?.find((p) => p.id === param.userId);
      if (target?.role !== "leader") throw new DomainError("not_found", GROUP_MSG.memberNotFound);
      throw new DomainError("conflict", GROUP_MSG.lastLeader);
    }
    return answer(c, row, user.id);
  })
  .post("/:slug/invite", validate("param", groupSlugParamSchema), async (c) => {
    const { user, row, now } = await groupFor(c, c.req.valid("param").slug, true);
    const token = generateToken();
    if (!(await setInviteToken(c.var.db, { groupId: row.id, leaderId: user.id, token, now }))) {
      throw new DomainError("not_authorized", GROUP_MSG.leadersOnly);
    }
    return answer(c, await loadGroup(c, row.slug), user.id);
  })
  .delete("/:slug/invite", validate("param", groupSlugParamSchema), async (c) => {
    const { user, row, now } = await groupFor(c, c.req.valid("param").slug, true);
    if (
      !(await setInviteToken(c.var.db, { groupId: row.id, leaderId: user.id, token: null, now }))
    ) {
      throw new DomainError("not_authorized", GROUP_MSG.leadersOnly);
    }
    return answer(c, await loadGroup(c, row.slug), user.id);
  });
