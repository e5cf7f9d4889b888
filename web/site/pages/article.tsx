import {
  type ArticleMeta,
  articles,
  formatArticleDate,
  readingMinutes,
} from "../../content/blog.ts";
import { articleOgImage } from "../../content/site.ts";
import type { PageMeta } from "../head.tsx";
import { SiteLayout } from "../layout.tsx";
import { articleLd, breadcrumbLd } from "../structured-data.ts";
import { CategoryChip, JoinCallToAction } from "./blog.tsx";

export function articleMeta(article: ArticleMeta): PageMeta {
  return {
    path: `/blog/${article.slug}`,
    title: `${article.title} | Blog de Rodamos`,
    description: article.intro,
    ogType: "article",
    ogImage: articleOgImage(article.slug),
    ogImageAlt: article.imageAlt,
    article: {
      publishedTime: article.date,
      section: article.category,
      tags: article.keywords,
    },
    jsonLd: [
      articleLd(article),
      breadcrumbLd([
        { name: "Inicio", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: article.title, path: `/blog/${article.slug}` },
      ]),
    ],
  };
}

/** `html` is the body rendered at build time from our Markdown, raw HTML escaped. */
export function ArticlePage({ article, html }: { article: ArticleMeta; html: string }) {
  const more = articles.filter((a) => a.slug !== article.slug).slice(0, 3);
  return (
    <SiteLayout page="article">
      <article className="mx-auto max-w-3xl px-4 py-8">
        <nav aria-label="Migas de pan" className="text-sm">
          <ol className="flex flex-wrap items-center gap-1 text-ink-soft">
            <li>
              <a href="/" className="underline hover:text-primary">
                Inicio
              </a>
            </li>
            <li aria-hidden="true">›</li>
            <li>
              <a href="/blog" className="underline hover:text-primary">
                Blog
              </a>
            </li>
            <li aria-hidden="true">›</li>
            <li aria-current="page" className="font-bold text-ink">
              {article.title}
            </li>
          </ol>
        </nav>
        <header className="mt-6">
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            <CategoryChip category={article.category} />
            <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
            <span>· {readingMinutes(article)} min de lectura</span>
          </p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight md:text-4xl">
            {article.title}
          </h1>
          <p className="mt-4 text-xl text-ink-soft">{article.intro}</p>
        </header>
        <img
          src={article.image}
          alt={article.imageAlt}
          width={1200}
          height={630}
          className="mt-6 h-auto w-full rounded-3xl"
        />
        <aside
          aria-labelledby="tldr-title"
          className="mt-8 rounded-3xl border-l-4 border-accent bg-accent-soft p-5"
        >
          <h2 id="tldr-title" className="text-lg font-extrabold">
            TL;DR: en resumen
          </h2>
          <p className="mt-2 text-lg">{article.tldr}</p>
        </aside>
        <div
          className="prose-rodamos mt-8"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our own Markdown at build time with raw HTML escaped (scripts/markdown-content.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <div className="mt-12">
          <JoinCallToAction />
        </div>
      </article>
      <section aria-labelledby="more-title" className="mx-auto max-w-3xl px-4">
        <h2 id="more-title" className="text-2xl font-extrabold">
          Sigue leyendo
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {more.map((a) => (
            <li key={a.slug}>
              <a
                href={`/blog/${a.slug}`}
                className="font-bold text-primary underline hover:text-primary-dark"
              >
                {a.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </SiteLayout>
  );
}
