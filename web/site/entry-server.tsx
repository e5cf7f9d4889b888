// Build-time renderer of the public pages (scripts/prerender.ts calls it once per path).
// Pages are React rendered to static HTML; their few interactive parts are enhanced by the
// small modules in islands/ (docs/decisions/0006-public-pages-static-islands.md).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { articles, findArticle, loadArticleHtml } from "../content/blog.ts";
import { LEGAL_SLUGS } from "../content/legal.ts";
import { Head, type PageMeta } from "./head.tsx";
import { AboutPage, aboutMeta } from "./pages/about.tsx";
import { ArticlePage, articleMeta } from "./pages/article.tsx";
import { BlogPage, blogMeta } from "./pages/blog.tsx";
import { LandingPage, landingMeta } from "./pages/landing.tsx";
import { LegalPageView, legalMeta } from "./pages/legal.tsx";
import { NotFoundPage, notFoundMeta } from "./pages/not-found.tsx";
import { VariantPage, variantMeta } from "./pages/variant.tsx";

export { SITE_ORIGIN } from "../content/site.ts";

/** The 404 page's pseudo-path: written to 404.html, never listed in the sitemap. */
export const NOT_FOUND_PATH = "/404";

export interface PublicRoute {
  path: string;
  /** Sitemap date (YYYY-MM-DD) when the page has a meaningful one. */
  lastmod?: string;
  render: () => Promise<{ meta: PageMeta; page: ReactElement }>;
}

const sync = (meta: PageMeta, page: ReactElement) => async () => ({ meta, page });

export function publicRoutes(): PublicRoute[] {
  return [
    { path: "/", render: sync(landingMeta, <LandingPage />) },
    { path: "/ciclismo-mujeres", render: sync(variantMeta, <VariantPage />) },
    { path: "/about", render: sync(aboutMeta, <AboutPage />) },
    { path: "/blog", lastmod: articles[0]?.date, render: sync(blogMeta, <BlogPage />) },
    ...articles.map((article) => ({
      path: `/blog/${article.slug}`,
      lastmod: article.date,
      render: async () => {
        const html = await loadArticleHtml(article.slug);
        if (html === undefined) throw new Error(`no body for ${article.slug}`);
        return { meta: articleMeta(article), page: <ArticlePage article={article} html={html} /> };
      },
    })),
    ...LEGAL_SLUGS.map((slug) => ({
      path: `/${slug}`,
      render: sync(legalMeta(slug), <LegalPageView slug={slug} />),
    })),
    { path: NOT_FOUND_PATH, render: sync(notFoundMeta, <NotFoundPage />) },
  ];
}

export async function renderRoute(route: PublicRoute): Promise<{ head: string; body: string }> {
  const { meta, page } = await route.render();
  return {
    head: renderToStaticMarkup(<Head meta={meta} />),
    body: renderToStaticMarkup(page),
  };
}

/** Article slugs known at build time (the 404 page's script sends other /blog/* to /blog). */
export const articleSlugs = () => articles.map((a) => a.slug);
export { findArticle };
