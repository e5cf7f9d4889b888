// Public site constants. SITE_ORIGIN is the production origin used for canonical URLs,
// Open Graph tags, JSON-LD and the sitemap (prerendered HTML cannot know the request's host);
// change it here if the site moves.
export const SITE_ORIGIN = "https://rodamos.app";
export const SITE_NAME = "Rodamos";
export { CONTACT_EMAIL } from "../../domain/constants.ts";
export const INSTAGRAM_URL = "https://instagram.com/rodamos.app";
export const TIKTOK_URL = "https://www.tiktok.com/@rodamos.app";
/** Open Graph image for pages without their own (PNG made from og-default.svg at build). */
export const DEFAULT_OG_IMAGE = "/img/og/default.png";

export function absoluteUrl(path: string): string {
  return new URL(path, SITE_ORIGIN).toString();
}

/** PNG twin of an article's SVG art, made at build time (most OG consumers refuse SVG). */
export function articleOgImage(slug: string): string {
  return `/img/og/blog/${slug}.png`;
}
