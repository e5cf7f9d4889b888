import type { BlogCategory } from "./categories.ts";

/** Chip colours per category (text/background pairs are AA), shared by /blog and /app/blog. */
export const CATEGORY_CHIP_CLASS: Record<BlogCategory, string> = {
  Comunidad: "bg-primary-soft text-primary-dark",
  Rutas: "bg-[#e3ecf8] text-road",
  Seguridad: "bg-[#e2f0e3] text-btt",
  Inspiración: "bg-accent-soft text-[#6b4a00]",
};
