import { type ArticleMeta, articles, formatArticleDate } from "../../content/blog.ts";
import {
  ALL_CATEGORIES,
  CATEGORY_FILTERS,
  EMPTY_CATEGORY_MESSAGE,
} from "../../content/categories.ts";
import { CATEGORY_CHIP_CLASS } from "../../content/category-style.ts";
import type { PageMeta } from "../head.tsx";
import { SiteLayout } from "../layout.tsx";
import { breadcrumbLd } from "../structured-data.ts";

export const blogMeta: PageMeta = {
  path: "/blog",
  title: "Blog de Rodamos: grupetas, rutas y seguridad para mujeres ciclistas",
  description:
    "Consejos para tu primera grupeta, rutas por España, seguridad rodando en grupo y historias de mujeres ciclistas. El blog de la comunidad Rodamos.",
  jsonLd: [
    breadcrumbLd([
      { name: "Inicio", path: "/" },
      { name: "Blog", path: "/blog" },
    ]),
  ],
};

export function CategoryChip({ category }: { category: ArticleMeta["category"] }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-0.5 text-xs font-extrabold ${CATEGORY_CHIP_CLASS[category]}`}
    >
      {category}
    </span>
  );
}

export function JoinCallToAction() {
  return (
    <aside className="rounded-3xl bg-primary p-6 text-white">
      <h2 className="text-2xl font-extrabold">¿Te apuntas a rodar con nosotras?</h2>
      <p className="mt-2 text-lg">
        Únete a la lista de espera de Rodamos y encuentra tu grupeta cuando abramos en tu ciudad.
      </p>
      <a
        href="/#join"
        className="mt-4 inline-flex min-h-12 items-center rounded-full bg-surface px-6 font-extrabold text-primary hover:bg-primary-soft"
      >
        Unirme a la lista de espera
      </a>
    </aside>
  );
}

function ArticleCard({ article, eager }: { article: ArticleMeta; eager: boolean }) {
  return (
    <li data-category={article.category} className="flex">
      <article className="flex w-full flex-col overflow-hidden rounded-3xl border border-line bg-surface">
        <img
          src={article.image}
          alt=""
          width={1200}
          height={630}
          loading={eager ? undefined : "lazy"}
          decoding="async"
          className="h-auto w-full"
        />
        <div className="flex flex-1 flex-col gap-2 p-5">
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            <CategoryChip category={article.category} />
            <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          </p>
          <h2 className="text-xl font-extrabold leading-snug">
            <a href={`/blog/${article.slug}`} className="hover:text-primary hover:underline">
              {article.title}
            </a>
          </h2>
          <p className="text-ink-soft">{article.intro}</p>
        </div>
      </article>
    </li>
  );
}

export function BlogPage() {
  return (
    <SiteLayout page="blog">
      <div className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-4xl font-extrabold">Blog</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-soft">
          Consejos, rutas e historias para rodar en grupo, con seguridad y a tu ritmo.
        </p>
        <fieldset data-blog-filters className="mt-6 flex flex-wrap gap-2">
          <legend className="sr-only">Filtrar por categoría</legend>
          {CATEGORY_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              data-filter={filter}
              aria-pressed={filter === ALL_CATEGORIES}
              className="min-h-11 rounded-full border-2 border-line bg-surface px-4 text-sm font-bold text-ink hover:border-primary aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-white"
            >
              {filter}
            </button>
          ))}
        </fieldset>
        <ul data-blog-list className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, i) => (
            <ArticleCard key={article.slug} article={article} eager={i === 0} />
          ))}
        </ul>
        <p
          data-blog-empty
          hidden
          className="mt-8 rounded-3xl border-2 border-dashed border-line bg-surface p-8 text-center text-lg text-ink-soft"
        >
          {EMPTY_CATEGORY_MESSAGE}
        </p>
        <div className="mt-12">
          <JoinCallToAction />
        </div>
      </div>
    </SiteLayout>
  );
}
