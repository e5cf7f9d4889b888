// What a shared group link shows to anyone (docs/product.md#grupos): the page /grupo/<slug> and
// its 1200×630 image are both built from this, and only from this: the group's name, city,
// modalities and member count, never a member.
import { MODALITY_LABELS, type Modality } from "./constants.ts";
import { GROUP_MSG } from "./texts/groups.ts";

/** Exactly the fields of a group the preview may read. */
export interface PublicGroupFacts {
  name: string;
  city: string;
  modalities: Modality[];
  memberCount: number;
}

export interface GroupSharePreview {
  name: string;
  /** 'Grupo de Carretera · Gravel en Madrid'. */
  about: string;
  /** '12 miembros'. */
  members: string;
  /** One line for og:description. */
  summary: string;
}

export function groupSharePreview(group: PublicGroupFacts): GroupSharePreview {
  const modalities = group.modalities.map((m) => MODALITY_LABELS[m]).join(" · ");
  const about = GROUP_MSG.previewSummary(group.city, modalities);
  const members = GROUP_MSG.members(group.memberCount);
  return { name: group.name, about, members, summary: `${about} · ${members}` };
}
