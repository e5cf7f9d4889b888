import { useState } from "react";
import { Link } from "react-router-dom";
import { INFO_TEXT } from "../../domain/texts/info.ts";
import { ToggleChip } from "../components/chip.tsx";
import { EmptyState, PageHeader } from "../components/feedback.tsx";
import { articles, filterArticles } from "../content/blog.ts";
import {
  ALL_CATEGORIES,
  CATEGORY_FILTERS,
  type CategoryFilter,
  EMPTY_CATEGORY_MESSAGE,
} from "../content/categories.ts";
import { ArticleByline } from "./article-byline.tsx";

/** /app/blog: the same articles and categories as /blog (docs/product.md#blog). */
export default function AppBlogList() {
  return <BlogListView list={articles} />;
}

/** The list for any set of articles (tests use a set with an empty category). */
export function BlogListView({ list }: { list: typeof articles }) {
  const [filter, setFilter] = useState<CategoryFilter>(ALL_CATEGORIES);
  const shown = filterArticles(list, filter);
  return (
    <div>
      <PageHeader title={INFO_TEXT.blog} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{INFO_TEXT.filterByCategory}</legend>
        {CATEGORY_FILTERS.map((f) => (
          <ToggleChip key={f} pressed={filter === f} onClick={() => setFilter(f)}>
            {f}
          </ToggleChip>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <div className="mt-6">
          <EmptyState>
            <p>{EMPTY_CATEGORY_MESSAGE}</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {shown.map((article) => (
            <li key={article.slug}>
              <Link
                to={`/app/blog/${article.slug}`}
                className="block overflow-hidden rounded-3xl border border-line bg-surface hover:border-primary"
              >
                <img
                  src={article.image}
                  alt=""
                  width={1200}
                  height={630}
                  loading="lazy"
                  className="h-auto w-full"
                />
                <div className="flex flex-col gap-1.5 p-4">
                  <ArticleByline article={article} />
                  <h2 className="text-lg font-extrabold leading-snug">{article.title}</h2>
                  <p className="text-ink-soft">{article.intro}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
