/** The one blog category set for /blog and /app/blog (DESIGN.md decision 9). */
export const BLOG_CATEGORIES = ["Comunidad", "Rutas", "Seguridad", "Inspiración"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** The chip that shows every article; the filter's default (spec 01 §4). */
export const ALL_CATEGORIES = "Todas";
export type CategoryFilter = typeof ALL_CATEGORIES | BlogCategory;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_CATEGORIES, ...BLOG_CATEGORIES];

/** Spec 01 §2: shown when a category has no article yet. */
export const EMPTY_CATEGORY_MESSAGE = "No hay artículos en esta categoría aún.";
