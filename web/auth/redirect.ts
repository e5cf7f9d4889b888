import { returnPathOrNull } from "../../domain/return-path.ts";

export { safeReturnPath } from "../../domain/return-path.ts";

/**
 * `path` with `?from=` carrying where she was going, so the next step (login → sign-up →
 * profile setup) still knows it; `path` alone when there is no safe place to carry.
 */
export function withReturnPath(path: string, from: string | null | undefined): string {
  const safe = returnPathOrNull(from);
  return safe ? `${path}?from=${encodeURIComponent(safe)}` : path;
}
