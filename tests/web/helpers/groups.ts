import type { GroupDetail, GroupMemberView, GroupRequestView } from "../../../domain/api/groups.ts";

const LUCIA = {
  id: "org",
  username: "Lucía",
  avatarKey: "ava02",
  avatarUrl: null,
  verified: false,
};

/** 'Las Madrugadoras' of Madrid, 'Con aprobación', led by Lucía, seen by someone outside it. */
export function groupDetail(overrides: Partial<GroupDetail> = {}): GroupDetail {
  return {
    id: "g1",
    slug: "las-madrugadoras",
    name: "Las Madrugadoras",
    city: "Madrid",
    modalities: ["road"],
    levels: ["chill", "intermedio"],
    avatarKey: "ava03",
    joinMode: "approval",
    memberCount: 2,
    myRole: null,
    description: "Salimos los sábados a las 8",
    membersMayPublish: false,
    verifiedOnly: false,
    indexable: false,
    leaders: [LUCIA],
    myRequest: null,
    members: null,
    requests: null,
    inviteToken: null,
    ...overrides,
  };
}

export const groupMember = (
  username: string,
  role: GroupMemberView["role"] = "member",
): GroupMemberView => ({
  id: `u-${username}`,
  username,
  avatarKey: "ava04",
  avatarUrl: null,
  verified: false,
  role,
  joinedAt: 0,
});

export const groupRequest = (username: string, note: string | null = null): GroupRequestView => ({
  id: `req-${username}`,
  rider: { id: `u-${username}`, username, avatarKey: "ava05", avatarUrl: null, verified: false },
  note,
  completedRides: 3,
  rodeWithMembers: 1,
  createdAt: 0,
});

/** The group as one of its leaders sees it: members, and the requests. */
export const leaderView = (overrides: Partial<GroupDetail> = {}) =>
  groupDetail({
    myRole: "leader",
    members: [groupMember("Lucía", "leader"), groupMember("Marta")],
    requests: [],
    ...overrides,
  });
