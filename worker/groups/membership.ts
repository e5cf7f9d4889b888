// The one place every change of a group's members passes after its write (docs/product.md#grupos):
// joins, leaves, removals, and the memberships a suspension or an account's deletion ends. The
// leaders the succession named are told here; the group's chat hooks its sockets here too.
import type { Bindings } from "../env.ts";
import { tellNewLeaders } from "./push.ts";

export interface MembershipChange {
  groupId: string;
  /** Who joined and who is no longer a member. */
  joined: string[];
  left: string[];
}

/** The leaders the succession named, one per group and rider. */
export type Successor = { groupId: string; userId: string };

type MembershipHook = (
  env: Bindings,
  changes: MembershipChange[],
  successors: Successor[],
) => Promise<void>;

/** Hooks other features add (the group's chat closes a leaving member's sockets). */
const hooks: MembershipHook[] = [];

/** Adds a hook run after every membership change, in the background. */
export function onMembershipChange(hook: MembershipHook) {
  hooks.push(hook);
}

/** After the write: the new leaders are told, and every hook hears of the changes. */
export async function membershipsChanged(
  env: Bindings,
  changes: MembershipChange[],
  successors: Successor[],
) {
  await Promise.all([
    tellNewLeaders(env, successors),
    ...hooks.map((hook) => hook(env, changes, successors)),
  ]);
}
