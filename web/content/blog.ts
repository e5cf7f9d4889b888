// The blog's one content source (docs/product.md#blog): web/content/blog/*.md, parsed at build
// time by scripts/markdown-content.ts. Metadata is bundled; each body loads on demand.
import type { BlogCategory, CategoryFilter } from "./categories.ts";
import { ALL_CATEGORIES } from "./categories.ts";

export interface ArticleMeta {
  slug: string;
  title: string;
  intro: string;
  /** Path under web/public, e.g. /img/blog/<slug>.svg */
  image: string;
  imageAlt: string;
  category: BlogCategory;
  /** YYYY-MM-DD */
  date: string;
  keywords: string[];
  tldr: string;
  words: number;
}

const metas = import.meta.glob<ArticleMeta>("./blog/*.md", {
  eager: true,
  import: "meta",
  query: "?meta",
});
const bodies = import.meta.glob<string>("./blog/*.md", { import: "html" });

/** Newest first. */
export const articles: readonly ArticleMeta[] = Object.values(metas).sort((a, b) =>
  b.date.localeCompare(a.date),
);

export function findArticle(slug: string | undefined): ArticleMeta | undefined {
  return articles.find((a) => a.slug === slug);
}

/** The article body as HTML (rendered at build time from our own Markdown, HTML escaped). */
export async function loadArticleHtml(slug: string): Promise<string | undefined> {
  return bodies[`./blog/${slug}.md`]?.();
}

export function filterArticles<T extends { category: BlogCategory }>(
  list: readonly T[],
  filter: CategoryFilter,
): T[] {
  return filter === ALL_CATEGORIES ? [...list] : list.filter((a) => a.category === filter);
}

const dateFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** '19 de febrero de 2026' — a calendar date, so formatted in UTC (no day shift). */
export function formatArticleDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** ~200 words a minute, at least one. */
export function readingMinutes(article: Pick<ArticleMeta, "words">): number {
  return Math.max(1, Math.round(article.words / 200));
}
