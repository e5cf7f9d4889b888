// /grupo/<slug> (docs/product.md#grupos): a group's public preview with Open Graph tags, built
// from its public facts only, never a member's name; 'noindex' unless its leaders chose otherwise.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { groupSharePreview } from "../../domain/group-preview.ts";
import { MSG } from "../../domain/messages.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { groupMembers, groups } from "../../worker/db/schema.ts";
import { groupImageKey } from "../../worker/groups/preview-image.ts";
import { cardTexts, groupPreviewCard } from "../../worker/share-image/card.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";
import { db, signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser } from "./helpers/http.ts";

const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe("a group's public preview", () => {
  it("names the group, its city, modalities and member count, and none of its members", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const name = `${uniqueGroupName()} <b>&</b>`;
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id, cris.user.id],
      name,
    });
    const res = await new Browser().get(`/grupo/${group.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await res.text();
    const escaped = name
      .replace("&", "&amp;")
      .replace("<b>", "&lt;b&gt;")
      .replace("</b>", "&lt;/b&gt;");
    expect(metaOf(html, "og:title")).toBe(escaped);
    expect(metaOf(html, "og:description")).toBe(
      `${GROUP_MSG.previewSummary("Madrid", "Road")} · ${GROUP_MSG.members(3)}`,
    );
    expect(metaOf(html, "og:image")).toMatch(
      new RegExp(`/grupo/${group.slug}/imagen\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "robots")).toBe("noindex, nofollow");
    for (const rider of [ana, bea, cris]) expect(html).not.toContain(rider.user.username!);
  });

  it("may be indexed when its leaders chose it", async () => {
    const [ana] = await signedInMany([{}]);
    const group = await createGroup({ leaderId: ana.user.id });
    await db().update(groups).set({ indexable: true }).where(eq(groups.id, group.id));
    const res = await new Browser().get(`/grupo/${group.slug}`);
    expect(res.headers.get("X-Robots-Tag")).toBe("index, follow");
    expect(metaOf(await res.text(), "robots")).toBe("index, follow");
  });

  it("answers 'not found' for an archived, a suspended or an unknown group", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const archived = await createGroup({ leaderId: ana.user.id });
    await db().update(groups).set({ status: "archived" }).where(eq(groups.id, archived.id));
    const suspended = await createGroup({ leaderId: bea.user.id });
    await db().update(groups).set({ status: "suspended" }).where(eq(groups.id, suspended.id));
    for (const slug of [archived.slug, suspended.slug, "no-existe", "%3Cscript%3E"]) {
      const res = await new Browser().get(`/grupo/${slug}`);
      expect(res.status, slug).toBe(404);
      const html = await res.text();
      expect(html).toContain(GROUP_MSG.notFound);
      expect(html).not.toContain(archived.name);
    }
  });
});

/** The og:image of a group's page: its path (with the version) and the version. */
async function imageOf(slug: string) {
  const html = await (await new Browser().get(`/grupo/${slug}`)).text();
  const url = new URL(metaOf(html, "og:image")!.replaceAll("&amp;", "&"));
  return { path: `${url.pathname}${url.search}`, version: url.searchParams.get("v")! };
}

const groupDrawings = async () => (await env.SHARE_IMAGE_PROBE.seen()).groupDrawings;

/** Width and height from a PNG's header. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("a group's share image", () => {
  it("is a 1200×630 PNG of its name, city, modalities and size, drawn once per version", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    const image = await imageOf(group.slug);
    const before = await groupDrawings();
    const res = await new Browser().get(image.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toContain("immutable");
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // What was drawn: the public facts, no member.
    const { lastGroup } = await env.SHARE_IMAGE_PROBE.seen();
    expect(lastGroup).toEqual(
      groupSharePreview({ name: group.name, city: "Madrid", modalities: ["road"], memberCount: 2 }),
    );
    const drawn = cardTexts(groupPreviewCard(lastGroup!)).join(" ");
    for (const rider of [ana, bea]) expect(drawn).not.toContain(rider.user.username!);

    // Stored: asked again, it is not drawn again.
    const again = await new Browser().get(image.path);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
    expect((await groupDrawings()) - before).toBe(1);
    const stored = await env.GPX.head(groupImageKey(group.id));
    expect(stored?.customMetadata?.version).toBe(image.version);
  });

  it("a new member makes a new version: the old link leads to today's picture", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id });
    const first = await imageOf(group.slug);
    await db()
      .insert(groupMembers)
      .values({ groupId: group.id, userId: bea.user.id, role: "member", joinedAt: Date.now() });
    const second = await imageOf(group.slug);
    expect(second.version).not.toBe(first.version);
    const old = await new Browser().fetch(first.path, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(new URL(old.headers.get("Location")!).search).toBe(`?v=${second.version}`);
  });

  it("answers 'not found' for an archived or unknown group, drawing nothing", async () => {
    const [ana] = await signedInMany([{}]);
    const group = await createGroup({ leaderId: ana.user.id });
    const image = await imageOf(group.slug);
    await db().update(groups).set({ status: "archived" }).where(eq(groups.id, group.id));
    const before = await groupDrawings();
    for (const path of [image.path, "/grupo/no-existe/imagen.png?v=0000000000000000"]) {
      const res = await new Browser().get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain(GROUP_MSG.notFound);
    }
    expect(await groupDrawings()).toBe(before);
  });

  it("when the drawing Worker fails: a 500 with the generic error and nothing stored", async () => {
    const [ana] = await signedInMany([{}]);
    const group = await createGroup({ leaderId: ana.user.id });
    const image = await imageOf(group.slug);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await env.SHARE_IMAGE_PROBE.setFailing(true);
    try {
      const res = await new Browser().get(image.path);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: "internal", message: MSG.internal } });
    } finally {
      await env.SHARE_IMAGE_PROBE.setFailing(false);
      logged.mockRestore();
    }
    expect(await env.GPX.head(groupImageKey(group.id))).toBeNull();
    expect((await new Browser().get(image.path)).status).toBe(200);
  });
});
