// The name a download is saved under (Content-Disposition), drawn from a ride's title.

/**
 * A title as lowercase ASCII words joined by dashes, at most 60 characters: 'Gravel al alba' is
 * 'gravel-al-alba'. Empty when nothing of it is left (a title of emoji); the caller names a
 * fallback.
 */
export function titleSlug(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}
