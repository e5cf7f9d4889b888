import { absoluteUrl, DEFAULT_OG_IMAGE, SITE_NAME } from "../content/site.ts";

export interface PageMeta {
  /** Path of the page, e.g. /blog/tu-primera-grupeta ('' for the 404 page). */
  path: string;
  title: string;
  description: string;
  /** Site path of a PNG (1200×630). */
  ogImage?: string;
  ogImageAlt?: string;
  ogType?: "website" | "article";
  /** Structured data objects, each written as one application/ld+json block. */
  jsonLd?: object[];
  noindex?: boolean;
  /** Extra tags for articles. */
  article?: { publishedTime: string; section: string; tags: string[] };
}

/** JSON inside a <script> block: `<` escaped so no text can close the element. */
function jsonForScript(value: object): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Everything a page needs in <head> to be complete without JavaScript. */
export function Head({ meta }: { meta: PageMeta }) {
  const url = absoluteUrl(meta.path || "/");
  const image = absoluteUrl(meta.ogImage ?? DEFAULT_OG_IMAGE);
  const imageAlt = meta.ogImageAlt ?? "Ilustración de Rodamos: ciclistas rodando juntas";
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={url} />
      )}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="es_ES" />
      <meta property="og:type" content={meta.ogType ?? "website"} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={imageAlt} />
      {meta.article ? (
        <>
          <meta property="article:published_time" content={meta.article.publishedTime} />
          <meta property="article:section" content={meta.article.section} />
          {meta.article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      ) : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {(meta.jsonLd ?? []).map((data, i) => (
        <script
          key={i}
          type="application/ld+json"
          // Data block, never executed (so CSP script-src 'self' allows it); escaped above.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped
          dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
        />
      ))}
    </>
  );
}
