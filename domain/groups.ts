// Grupos (docs/product.md#grupos): the rules both sides read — the name (its length, the banned
// words, its look, its public address) and the request schemas of /api/groups.
import { RIDE_ID_PATTERN } from "./api/chat.ts";
import { normalizeText } from "./cities.ts";
import {
  AVATAR_KEYS,
  CITY_MAX,
  DEFAULT_AVATAR_KEY,
  JOIN_MODES,
  LEVELS,
  MODALITIES,
  SEARCH_QUERY_MAX,
} from "./constants.ts";
import { MSG } from "./messages.ts";
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MSG,
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
} from "./texts/groups.ts";
import { containsBannedWord, isReserved, usernameSkeleton } from "./username.ts";
import { hasVisibleCharacter, userText, z } from "./zod.ts";

export const GROUP_ROLES = ["member", "leader"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const GROUP_STATUSES = ["active", "archived", "suspended"] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** The first rule a group's name breaks, or null: its length, then the usernames' word rules. */
export function groupNameProblem(name: string): string | null {
  const length = [...name].length;
  if (length < GROUP_NAME_MIN || length > GROUP_NAME_MAX) return GROUP_MSG.nameLength;
  // Spaces and punctuation read as the usernames' underscore, so 'hijo de p.uta' is squeezed too.
  const asUsername = normalizeText(name).replace(/[^a-z0-9ñç]+/g, "_");
  if (isReserved(asUsername) || containsBannedWord(asUsername)) return GROUP_MSG.nameBanned;
  return null;
}

/**
 * The look of a group's name: the usernames' skeleton (confusables, accents, case) with spaces
 * and punctuation left out, so 'Las Rápidas', 'las_rapidas' and 'LAS-RAPIDAS' are one name.
 */
export function groupNameSkeleton(name: string): string {
  return usernameSkeleton(name).replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The public address's last part: the name's letters and digits, accent-free, with hyphens. */
export function groupSlugBase(name: string): string {
  const slug = normalizeText(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, GROUP_NAME_MAX)
    .replace(/-+$/, "");
  return slug || "grupo";
}

/** A slug as the API accepts it in a path. */
export const GROUP_SLUG_PATTERN = /^[a-z0-9-]{1,72}$/;

/** 'Charla del grupo', the group's chat in the app. */
export const groupChatPath = (slug: string) => `/app/grupo/${slug}/charla`;

export const groupSlugParamSchema = z.object({
  slug: z.string().regex(GROUP_SLUG_PATTERN, { error: GROUP_MSG.notFound }),
});

export const groupMemberParamSchema = groupSlugParamSchema.extend({
  userId: z.string().regex(RIDE_ID_PATTERN, { error: GROUP_MSG.memberNotFound }),
});

export const groupRequestParamSchema = groupSlugParamSchema.extend({
  requestId: z.string().regex(RIDE_ID_PATTERN, { error: GROUP_MSG.requestNotPending }),
});

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** 'Crear un grupo' and the leaders' edit: the same fields. */
export const groupInputSchema = z.object({
  name: userText({ error: GROUP_MSG.nameRequired })
    .trim()
    .min(1, { error: GROUP_MSG.nameRequired, abort: true })
    .refine(hasVisibleCharacter, { error: GROUP_MSG.nameRequired, abort: true })
    .transform((name) => name.normalize("NFC").replace(/\s+/g, " "))
    .superRefine((name, ctx) => {
      const problem = groupNameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  city: userText({ error: MSG.cityRequired })
    .trim()
    .min(1, { error: MSG.cityRequired, abort: true })
    .refine(hasVisibleCharacter, { error: MSG.cityRequired, abort: true })
    .pipe(z.string().max(CITY_MAX, { error: MSG.cityTooLong })),
  description: userText({ error: MSG.invalidInput })
    .trim()
    .max(GROUP_DESCRIPTION_MAX, { error: GROUP_MSG.descriptionTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
  modalities: z
    .array(z.enum(MODALITIES, { error: MSG.invalidInput }), { error: MSG.modalitiesRequired })
    .min(1, { error: MSG.modalitiesRequired })
    .transform(unique),
  levels: z
    .array(z.enum(LEVELS, { error: MSG.invalidInput }), { error: GROUP_MSG.levelsRequired })
    .min(1, { error: GROUP_MSG.levelsRequired })
    .transform(unique),
  avatarKey: z.enum(AVATAR_KEYS, { error: MSG.invalidInput }).default(DEFAULT_AVATAR_KEY),
  joinMode: z.enum(JOIN_MODES, { error: MSG.invalidInput }).default("open"),
  /** Members may publish rides in the group, not only its leaders. */
  membersMayPublish: z.boolean({ error: MSG.invalidInput }).default(false),
  /** 'Solo verificadas': only riders with the badge join or ask to (members already in stay). */
  verifiedOnly: z.boolean({ error: MSG.invalidInput }).default(false),
  /** Its public page may be indexed ('no aparecer en buscadores' is the default). */
  indexable: z.boolean({ error: MSG.invalidInput }).default(false),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

/** 'Unirme al grupo': with an invitation's token, a 'Con aprobación' group takes her directly. */
export const groupJoinSchema = z.object({
  invite: z.string({ error: GROUP_MSG.inviteInvalid }).max(100).nullish(),
});

/** GET /api/groups: text, city, modality and level, a page at a time. */
export const groupListQuerySchema = z.object({
  q: userText().trim().max(SEARCH_QUERY_MAX, { error: MSG.invalidInput }).optional(),
  city: userText().trim().max(CITY_MAX, { error: MSG.invalidInput }).optional(),
  m: z.enum(MODALITIES, { error: MSG.invalidInput }).optional(),
  level: z.enum(LEVELS, { error: MSG.invalidInput }).optional(),
  page: z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(1000).default(0),
});
