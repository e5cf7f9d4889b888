import { type LegalSlug, legalPage } from "../../content/legal.ts";
import type { PageMeta } from "../head.tsx";
import { SiteLayout } from "../layout.tsx";

export function legalMeta(slug: LegalSlug): PageMeta {
  const { meta } = legalPage(slug);
  return { path: `/${slug}`, title: `${meta.title} | Rodamos`, description: meta.description };
}

export function LegalPageView({ slug }: { slug: LegalSlug }) {
  const { meta, html } = legalPage(slug);
  return (
    <SiteLayout page="legal">
      <article className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-extrabold leading-tight md:text-4xl">{meta.title}</h1>
        <div
          className="prose-rodamos mt-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our own Markdown at build time with raw HTML escaped (scripts/markdown-content.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </SiteLayout>
  );
}
