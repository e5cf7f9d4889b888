import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { articles, loadArticleHtml } from "../../web/content/blog.ts";
import AppBlogArticle from "../../web/info/blog-article.tsx";

vi.mock("../../web/content/blog.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../web/content/blog.ts")>();
  return { ...actual, loadArticleHtml: vi.fn() };
});

describe("/app/blog/:slug", () => {
  it("says so when the article's body fails to load, and 'Reintentar' loads it again", async () => {
    const article = articles[0]!;
    vi.mocked(loadArticleHtml)
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("<p>Rodar juntas es mejor.</p>");
    render(
      <MemoryRouter initialEntries={[`/app/blog/${article.slug}`]}>
        <Routes>
          <Route path="/app/blog/:slug" element={<AppBlogArticle />} />
        </Routes>
      </MemoryRouter>,
    );

    await screen.findByText(MSG.articleLoadFailed);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(article.title);

    await userEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await screen.findByText("Rodar juntas es mejor.");
    expect(screen.queryByText(MSG.articleLoadFailed)).toBeNull();
    expect(loadArticleHtml).toHaveBeenCalledTimes(2);
  });
});
