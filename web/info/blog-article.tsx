import "../content/prose.css";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { MSG } from "../../domain/messages.ts";
import { INFO_TEXT } from "../../domain/texts/info.ts";
import { EmptyState, RetryButton, Skeleton } from "../components/feedback.tsx";
import { findArticle, loadArticleHtml } from "../content/blog.ts";
import { ArticleByline } from "./article-byline.tsx";

/** /app/blog/:slug shows the article; an unknown slug goes back to the list. */
export default function AppBlogArticle() {
  const { slug } = useParams();
  const article = findArticle(slug);
  // null while loading; false when the body's chunk failed to load (gone after a deploy, or no
  // connection): she gets a retry instead of a skeleton that never ends.
  const [html, setHtml] = useState<string | false | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how 'Reintentar' loads again
  useEffect(() => {
    if (!article) return;
    let current = true;
    setHtml(null);
    loadArticleHtml(article.slug).then(
      (body) => {
        if (current) setHtml(body ?? "");
      },
      () => {
        if (current) setHtml(false);
      },
    );
    return () => {
      current = false;
    };
  }, [article, attempt]);

  if (!article) return <Navigate to="/app/blog" replace />;
  return (
    <article>
      <Link
        to="/app/blog"
        className="inline-flex min-h-11 items-center gap-1 font-bold text-primary"
      >
        <ArrowLeft aria-hidden="true" size={18} /> {INFO_TEXT.blog}
      </Link>
      <div className="mt-2">
        <ArticleByline article={article} />
      </div>
      <h1 className="mt-2 text-2xl font-extrabold leading-tight">{article.title}</h1>
      <img
        src={article.image}
        alt={article.imageAlt}
        width={1200}
        height={630}
        className="mt-4 h-auto w-full rounded-3xl"
      />
      <aside className="mt-5 rounded-3xl border-l-4 border-accent bg-accent-soft p-4">
        <h2 className="font-extrabold">{INFO_TEXT.tldr}</h2>
        <p className="mt-1">{article.tldr}</p>
      </aside>
      {html === null ? (
        <div className="mt-6 flex flex-col gap-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-11/12" />
          <Skeleton className="h-5 w-4/5" />
        </div>
      ) : html === false ? (
        <div className="mt-6">
          <EmptyState action={<RetryButton onRetry={() => setAttempt((n) => n + 1)} />}>
            <p>{MSG.articleLoadFailed}</p>
          </EmptyState>
        </div>
      ) : (
        <div
          className="prose-rodamos mt-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our own Markdown at build time with raw HTML escaped (scripts/markdown-content.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </article>
  );
}
