// Where she goes once she is in (signed in, signed up, profile saved): the page she was sent to,
// carried as `?from=` through login, sign-up and profile setup, and through Google's round trip
// in a cookie. The browser and the worker apply the same rule, so neither is an open redirect.

/** Where she lands when there is no page to go back to. */
export const DEFAULT_RETURN_PATH = "/app/feed";

/**
 * `from` when it is one of our own /app paths (with its query), else null. Anything else
 * (another site, '//evil', a backslash trick, whitespace or control characters that would break
 * a Location header) is refused, and so are the sign-in steps themselves, which would loop.
 */
export function returnPathOrNull(from: string | null | undefined): string | null {
  if (!from) return null;
  if (!(from === "/app" || from.startsWith("/app/") || from.startsWith("/app?"))) return null;
  if (from.includes("\\") || from.includes("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\s\u0000-\u001f\u007f]/.test(from)) return null;
  if (/^\/app\/(login|logout|signup|profile-setup)(\/|\?|#|$)/.test(from)) return null;
  return from;
}

/** Where to go after login: the guard's `from` when it is one of our own /app paths, else the feed. */
export function safeReturnPath(from: string | null | undefined): string {
  return returnPathOrNull(from) ?? DEFAULT_RETURN_PATH;
}
