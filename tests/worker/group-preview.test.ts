// /grupo/<slug> (docs/product.md#grupos): a group's public preview with Open Graph tags, built
// from its public facts only, never a member's name; 'noindex' unless its leaders chose otherwise.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { groups } from "../../worker/db/schema.ts";
import { db, signedInMany } from "./helpers/factories.ts";
import { createGroup, groupName } from "./helpers/groups.ts";
import { Browser } from "./helpers/http.ts";

const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe("a group's public preview", () => {
  it("names the group, its city, modalities and member count, and none of its members", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const name = `${groupName()} <b>&</b>`;
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
    expect(metaOf(html, "og:image")).toMatch(/\/avatars\/ava01\.svg$/);
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
