// Response shapes of the groups API (worker/groups, docs/product.md#grupos), shared by the worker
// and the web client.
import type { JoinMode, Level, Modality } from "../constants.ts";
import type { GroupRole } from "../groups.ts";
import type { RidePerson, RideSummary } from "./rides.ts";

/** A group as a search result or 'Tus grupos' shows it. */
export interface GroupSummary {
  id: string;
  slug: string;
  name: string;
  city: string;
  modalities: Modality[];
  levels: Level[];
  avatarKey: string;
  joinMode: JoinMode;
  memberCount: number;
  /** Her place in it: null when she is not a member. */
  myRole: GroupRole | null;
  /** Members may publish rides in it ('Publicar en'); its leaders always may. */
  membersMayPublish: boolean;
}

/** A group's next ride she may see, as 'Tus grupos' shows it. */
export interface GroupNextRide {
  id: string;
  title: string;
  startTime: number;
  timeZone: string;
  /** 'Solo el grupo': only its members see it. */
  groupOnly: boolean;
}

/** One of her groups in 'Tus grupos' (GET /api/groups/mine). */
export interface MyGroup extends GroupSummary {
  nextRide: GroupNextRide | null;
}

export interface MyGroupsResponse {
  groups: MyGroup[];
  nextPage: null;
}

/** A member as the member list shows her. */
export interface GroupMemberView extends RidePerson {
  id: string;
  role: GroupRole;
  joinedAt: number;
}

/** A pending request as the leaders weigh it (requests first on their screen). */
export interface GroupRequestView {
  id: string;
  rider: RidePerson & { id: string };
  note: string | null;
  /** Her rides that took place, organised by someone else. */
  completedRides: number;
  /** How many of the group's members have ridden with her. */
  rodeWithMembers: number;
  createdAt: number;
}

/** The group's page: its public facts for everyone signed in, the rest by her place in it. */
export interface GroupDetail extends GroupSummary {
  description: string | null;
  /** 'Solo verificadas': new members must hold the badge. */
  verifiedOnly: boolean;
  indexable: boolean;
  /** Its leaders (a leader she and she blocked each other is left out). */
  leaders: RidePerson[];
  /** Her request: 'pending', 'declined' ('Esta vez no ha podido ser'), or null. */
  myRequest: "pending" | "declined" | null;
  /** Members only: the member list, oldest first (blocked pairs never see each other). */
  members: GroupMemberView[] | null;
  /** Leaders only: the pending requests in arrival order. */
  requests: GroupRequestView[] | null;
  /** Leaders only: the invitation link's token, or null when there is none. */
  inviteToken: string | null;
}

export interface GroupResponse {
  group: GroupDetail;
}

/** GET /api/groups/:slug/rides: its next open rides, soonest first, as she may see them. */
export interface GroupRidesResponse {
  rides: RideSummary[];
}

export interface GroupListResponse {
  groups: GroupSummary[];
  nextPage: number | null;
}
