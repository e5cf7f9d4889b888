import { isInaccessible, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { articles, filterArticles, formatArticleDate } from "../../web/content/blog.ts";
import { BLOG_CATEGORIES, EMPTY_CATEGORY_MESSAGE } from "../../web/content/categories.ts";
import { BlogListView } from "../../web/info/blog-list.tsx";
import { applyCategoryFilter } from "../../web/site/islands/blog-filter.ts";

describe("blog content", () => {
  it("has at least 7 articles, newest first, each in one of the four categories", () => {
    expect(articles.length).toBeGreaterThanOrEqual(7);
    for (const a of articles) expect(BLOG_CATEGORIES).toContain(a.category);
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("filters by category, 'Todas' keeps every article", () => {
    expect(filterArticles(articles, "Todas")).toHaveLength(articles.length);
    const rutas = filterArticles(articles, "Rutas");
    expect(rutas.length).toBeGreaterThan(0);
    expect(rutas.every((a) => a.category === "Rutas")).toBe(true);
  });

  it("formats dates in Spanish without shifting the day", () => {
    expect(formatArticleDate("2026-02-19")).toBe("19 de febrero de 2026");
    expect(formatArticleDate("2026-01-01")).toBe("1 de enero de 2026");
  });
});

describe("/blog chips (island)", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  function blogDom(categories: string[]) {
    document.body.innerHTML = `
      <button data-filter="Todas" aria-pressed="true">Todas</button>
      <button data-filter="Comunidad" aria-pressed="false">Comunidad</button>
      <ul data-blog-list>${categories.map((c) => `<li data-category="${c}">${c}</li>`).join("")}</ul>
      <p data-blog-empty hidden>${EMPTY_CATEGORY_MESSAGE}</p>`;
    return document.body;
  }

  it("shows the empty message for a category without articles", () => {
    const root = blogDom(["Rutas", "Rutas"]);
    expect(applyCategoryFilter(root, "Comunidad")).toBe(0);
    expect(root.querySelector<HTMLElement>("[data-blog-empty]")!.hidden).toBe(false);
    expect(root.querySelector('[data-filter="Comunidad"]')!.getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(root.querySelector('[data-filter="Todas"]')!.getAttribute("aria-pressed")).toBe("false");
  });

  it("hides the empty message and other categories when some match", () => {
    const root = blogDom(["Rutas", "Comunidad"]);
    expect(applyCategoryFilter(root, "Comunidad")).toBe(1);
    expect(root.querySelector<HTMLElement>("[data-blog-empty]")!.hidden).toBe(true);
    const hidden = [...root.querySelectorAll<HTMLElement>("li")].map((li) => li.hidden);
    expect(hidden).toEqual([true, false]);
    expect(applyCategoryFilter(root, "Todas")).toBe(2);
  });
});

describe("/app/blog list", () => {
  it("shows 'No hay artículos en esta categoría aún.' for an empty category", async () => {
    const onlyRoutes = articles.filter((a) => a.category === "Rutas");
    render(
      <MemoryRouter>
        <BlogListView list={onlyRoutes} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole("link")).toHaveLength(onlyRoutes.length);
    await userEvent.click(screen.getByRole("button", { name: "Inspiración" }));
    expect(screen.getByRole("button", { name: "Inspiración" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(isInaccessible(screen.getByText(EMPTY_CATEGORY_MESSAGE))).toBe(false);
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Todas" }));
    expect(screen.getAllByRole("link")).toHaveLength(onlyRoutes.length);
  });
});
