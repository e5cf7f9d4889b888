import type { ArticleMeta } from "../content/blog.ts";
import { formatArticleDate } from "../content/blog.ts";
import { CATEGORY_CHIP_CLASS } from "../content/category-style.ts";

/** Category chip and Spanish date above an article's title, in the list and on the article. */
export function ArticleByline({ article }: { article: ArticleMeta }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-extrabold ${CATEGORY_CHIP_CLASS[article.category]}`}
      >
        {article.category}
      </span>
      <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
    </p>
  );
}
