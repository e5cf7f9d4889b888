// /grupo/<slug>: a group's public preview at the edge (docs/product.md#grupos), for the chat apps'
// link previews and, when its leaders chose it, search engines. Only its public facts: name,
// city, modalities and member count, drawn into its image too (preview-image.ts); never a
// member's name. Archived, suspended and unknown groups answer the same 'not found' page.
import { type Context, Hono } from "hono";
import { type GroupSharePreview, groupSharePreview } from "../../domain/group-preview.ts";
import { GROUP_SLUG_PATTERN } from "../../domain/groups.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { escapeHtml, page, previewHead } from "../share/page.ts";
import { groupPreviewPng, groupPreviewVersion } from "./preview-image.ts";
import { findActiveGroup, type GroupRow } from "./reads.ts";

/** The preview, from the group's public facts only. */
async function loadPreview(c: Context<AppEnv>, slug: string) {
  const group = GROUP_SLUG_PATTERN.test(slug) ? await findActiveGroup(c.var.db, slug) : null;
  if (!group) return null;
  const preview = groupSharePreview(group);
  return { group, preview, version: await groupPreviewVersion(preview) };
}

const previewPath = (slug: string) => `/grupo/${slug}`;

function groupPage(group: GroupRow, preview: GroupSharePreview, image: string, origin: string) {
  const title = preview.name;
  const url = `${origin}${previewPath(group.slug)}`;
  const head = previewHead({
    title,
    description: preview.summary,
    url,
    image,
    alt: `${title}: ${preview.summary}.`,
  });
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(preview.summary)}</p>
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

function notFoundAnswer(c: Context<AppEnv>) {
  c.header("X-Robots-Tag", "noindex, nofollow");
  return c.html(notFound(), 404);
}

export const groupPreviewRoutes = new Hono<AppEnv>()
  .get("/:slug", async (c) => {
    const loaded = await loadPreview(c, c.req.param("slug"));
    c.header("Cache-Control", "public, max-age=60");
    if (!loaded) return notFoundAnswer(c);
    const { group, preview, version } = loaded;
    c.header("X-Robots-Tag", group.indexable ? "index, follow" : "noindex, nofollow");
    const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
    const image = `${origin}${previewPath(group.slug)}/imagen.png?v=${version}`;
    return c.html(groupPage(group, preview, image, origin), 200);
  })
  .get("/:slug/imagen.png", async (c) => {
    const loaded = await loadPreview(c, c.req.param("slug"));
    if (!loaded) return notFoundAnswer(c);
    const { group, preview, version } = loaded;
    // An older version's URL (shared before a change) leads to today's picture.
    if (c.req.query("v") !== version) {
      const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
      return c.redirect(`${origin}${previewPath(group.slug)}/imagen.png?v=${version}`, 302);
    }
    return new Response(await groupPreviewPng(c.env, group.id, preview, version), {
      headers: {
        "Content-Type": "image/png",
        // A URL names one picture for good: the version changes with what it shows.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Robots-Tag": "noindex",
      },
    });
  });
