// /blog category chips (docs/product.md#blog): filter the server-rendered cards, 'Todas' by
// default.
import { ALL_CATEGORIES } from "../../content/categories.ts";

/** Shows the cards of `filter`; returns how many are visible (0 shows the empty message). */
export function applyCategoryFilter(root: ParentNode, filter: string): number {
  for (const chip of root.querySelectorAll<HTMLElement>("[data-filter]")) {
    chip.setAttribute("aria-pressed", String(chip.dataset.filter === filter));
  }
  let visible = 0;
  for (const card of root.querySelectorAll<HTMLElement>("[data-blog-list] > [data-category]")) {
    const show = filter === ALL_CATEGORIES || card.dataset.category === filter;
    card.hidden = !show;
    if (show) visible++;
  }
  const empty = root.querySelector<HTMLElement>("[data-blog-empty]");
  if (empty) empty.hidden = visible > 0;
  return visible;
}

export function initBlogFilter(root: ParentNode) {
  for (const chip of root.querySelectorAll<HTMLElement>("[data-filter]")) {
    chip.addEventListener("click", () => applyCategoryFilter(root, chip.dataset.filter ?? ""));
  }
}
