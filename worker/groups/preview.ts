// /grupo/<slug>: a group's public preview at the edge (docs/product.md#grupos), for the chat apps'
// link previews and, when its leaders chose it, search engines. Only its public facts: name,
// city, modalities, member count and its image; never a member's name. Archived, suspended and
// unknown groups answer the same 'not found' page.
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { MODALITY_LABELS } from "../../domain/constants.ts";
import { GROUP_SLUG_PATTERN } from "../../domain/groups.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { groupMembers } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { escapeHtml, page } from "../share/page.ts";
import { findActiveGroup, type GroupRow } from "./reads.ts";

/** The preview's words, from the group's public facts only. */
export function groupPreviewTexts(group: GroupRow, memberCount: number) {
  const modalities = group.modalities.map((m) => MODALITY_LABELS[m]).join(" · ");
  return {
    title: group.name,
    summary: `${GROUP_MSG.previewSummary(group.city, modalities)} · ${GROUP_MSG.members(memberCount)}`,
  };
}

function groupPage(group: GroupRow, memberCount: number, origin: string) {
  const { title, summary } = groupPreviewTexts(group, memberCount);
  const url = `${origin}/grupo/${group.slug}`;
  const image = `${origin}/avatars/${group.avatarKey}.svg`;
  const meta = (attr: "property" | "name", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta("name", "description", summary),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Rodamos"),
    meta("property", "og:locale", "es_ES"),
    meta("property", "og:title", title),
    meta("property", "og:description", summary),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", summary),
  ].join("\n");
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(summary)}</p>
<a class="button" href="/app/grupo/${escapeHtml(group.slug)}">${escapeHtml(GROUP_MSG.previewOpen)}</a>`;
  return page({ title: `${title} · Rodamos`, head, body, indexable: group.indexable });
}

function notFound() {
  return page({
    title: `${GROUP_MSG.notFound} · Rodamos`,
    head: "",
    body: `<h1>${escapeHtml(GROUP_MSG.notFound)}</h1>
<a class="button" href="/app">${escapeHtml(GROUP_MSG.previewDiscover)}</a>`,
  });
}

export const groupPreviewRoutes = new Hono<AppEnv>().get("/:slug", async (c) => {
  const slug = c.req.param("slug");
  const group = GROUP_SLUG_PATTERN.test(slug) ? await findActiveGroup(c.var.db, slug) : null;
  c.header("Cache-Control", "public, max-age=60");
  if (!group) {
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(notFound(), 404);
  }
  const counted = await c.var.db
    .select({ n: sql<number>`count(*)` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id))
    .get();
  c.header("X-Robots-Tag", group.indexable ? "index, follow" : "noindex, nofollow");
  const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
  return c.html(groupPage(group, Number(counted?.n ?? 0), origin), 200);
});
