// Grupos in the app (docs/product.md#grupos): a group's page and what she does on it. Every
// answer of the API is the group as she now sees it, so a mutation puts it straight in the cache.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { GroupResponse } from "../../domain/api/groups.ts";
import type { groupInputSchema } from "../../domain/groups.ts";
import { GROUP_LISTS_KEY } from "../group-core/queries.ts";
import { call, client, pathParams } from "../lib/api.ts";

/** The create form's values as the API takes them (what she leaves out takes its default). */
export type GroupFormInput = z.input<typeof groupInputSchema>;

export const GROUPS_KEY = ["groups"] as const;
const groupKey = (slug: string) => [...GROUPS_KEY, "detail", slug] as const;
const groups = client.groups;

export const groupQuery = (slug: string) =>
  queryOptions({
    queryKey: groupKey(slug),
    queryFn: () => call(groups[":slug"].$get({ param: pathParams({ slug }) })),
  });

/** A mutation on the group at `slug` whose answer is the group. */
function useGroupMutation<V>(
  slug: string,
  fn: (param: { slug: string }, vars: V) => Promise<GroupResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => fn(pathParams({ slug }), vars),
    onSuccess: (data) => {
      queryClient.setQueryData(groupKey(slug), data);
      // 'Tus grupos' and the search show her place and the group's size.
      void queryClient.invalidateQueries({ queryKey: GROUP_LISTS_KEY });
    },
    // A refusal may mean the group changed under her (full, answered, archived): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: groupKey(slug) }),
  });
}

/** 'Unirme al grupo', or with an invitation's token a 'Con aprobación' group directly. */
export const useJoinGroup = (slug: string) =>
  useGroupMutation<string | undefined>(slug, (param, invite) =>
    call(groups[":slug"].join.$post({ param, json: invite ? { invite } : {} })),
  );

export const useLeaveGroup = (slug: string) =>
  useGroupMutation<void>(slug, (param) => call(groups[":slug"].leave.$post({ param })));

/** 'Solicitar unirme' with her optional note. */
export const useRequestToJoin = (slug: string) =>
  useGroupMutation(slug, (param, note: string) =>
    call(groups[":slug"].requests.$post({ param, json: { note: note.trim() || null } })),
  );

export function useWithdrawGroupRequest(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(groups[":slug"].requests.$delete({ param: pathParams({ slug }) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKey(slug) }),
  });
}

/** 'Aceptar' / 'Rechazar' (a leader). */
export const useAnswerGroupRequest = (slug: string) =>
  useGroupMutation(slug, (param, vars: { requestId: string; accept: boolean }) => {
    const route = groups[":slug"].requests[":requestId"];
    const full = { ...param, requestId: encodeURIComponent(vars.requestId) };
    return call(
      vars.accept ? route.accept.$post({ param: full }) : route.decline.$post({ param: full }),
    );
  });

/** 'Crear un grupo': the new group, put in the cache for the page she goes to. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupFormInput) => call(groups.$post({ json: input })),
    onSuccess: (data) => queryClient.setQueryData(groupKey(data.group.slug), data),
  });
}

/** The leaders' 'Editar el grupo' (and the members' publishing switch): the whole group's fields. */
export const useEditGroup = (slug: string) =>
  useGroupMutation(slug, (param, input: GroupFormInput) =>
    call(groups[":slug"].$put({ param, json: input })),
  );

/** A leader removes a member. */
export const useRemoveMember = (slug: string) =>
  useGroupMutation(slug, (param, userId: string) =>
    call(
      groups[":slug"].members[":userId"].$delete({
        param: { ...param, ...pathParams({ userId }) },
      }),
    ),
  );

/** A leader names a co-leader, or removes one. */
export const useSetLeader = (slug: string) =>
  useGroupMutation(slug, (param, vars: { userId: string; leader: boolean }) => {
    const full = { ...param, ...pathParams({ userId: vars.userId }) };
    const route = groups[":slug"].leaders[":userId"];
    return call(vars.leader ? route.$put({ param: full }) : route.$delete({ param: full }));
  });

/** A new invitation link (the old one stops working), or none. */
export const useInviteLink = (slug: string) =>
  useGroupMutation(slug, (param, create: boolean) =>
    call(
      create ? groups[":slug"].invite.$post({ param }) : groups[":slug"].invite.$delete({ param }),
    ),
  );
