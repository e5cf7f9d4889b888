/**
 * Where to go after login: the guard's `from` when it is one of our own /app paths, else the
 * feed. Anything else (another site, '//evil', a backslash trick) is ignored: no open redirect.
 */
export function safeReturnPath(from: string | null | undefined): string {
  const fallback = "/app/feed";
  if (!from) return fallback;
  if (!(from === "/app" || from.startsWith("/app/") || from.startsWith("/app?"))) return fallback;
  if (from.includes("\\") || from.includes("//")) return fallback;
  if (/^\/app\/(login|logout|signup)(\/|\?|$)/.test(from)) return fallback;
  return from;
}
