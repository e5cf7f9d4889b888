/** The one blog category set for /blog and /app/blog (docs/product.md#blog). */
export const BLOG_CATEGORIES = ["Comunidad", "Rutas", "Seguridad", "Inspiración"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** The chip that shows every article; the filter's default (docs/product.md#blog). */
export const ALL_CATEGORIES = "Todas";
export type CategoryFilter = typeof ALL_CATEGORIES | BlogCategory;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_CATEGORIES, ...BLOG_CATEGORIES];

/** docs/product.md#blog: shown when a category has no article yet. */
export const EMPTY_CATEGORY_MESSAGE = "No hay artículos en esta categoría aún.";
