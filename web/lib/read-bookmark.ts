// Her app keeps the newest D1 bookmark the API answered with and sends it on every API call, so
// a read served by a replica is never older than her own last write, in any of her tabs
// (docs/decisions/0041-read-replicas-with-her-bookmark.md). Bookmarks sort by time as strings.
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";

const STORAGE_KEY = "rodamos:d1-bookmark";

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode): this page's memory only
  }
}

let newestInMemory: string | null = null;

/** The newest bookmark this browser has seen (another tab's write included). */
export function newestBookmark(): string | null {
  const saved = stored();
  return saved !== null && (newestInMemory === null || saved > newestInMemory)
    ? saved
    : newestInMemory;
}

/** Keeps `bookmark` if it is newer than every one seen; an older answer never replaces it. */
export function rememberBookmark(bookmark: string | null) {
  const newest = newestBookmark();
  if (!bookmark || (newest !== null && bookmark <= newest)) return;
  newestInMemory = bookmark;
  try {
    localStorage.setItem(STORAGE_KEY, bookmark);
  } catch {}
}

/** fetch for the API client: sends the newest bookmark, keeps the one the answer brings. */
export async function fetchWithBookmark(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  const bookmark = newestBookmark();
  if (bookmark) headers.set(D1_BOOKMARK_HEADER, bookmark);
  const res = await fetch(input, { ...init, headers });
  rememberBookmark(res.headers.get(D1_BOOKMARK_HEADER));
  return res;
}
