// Who may use the moderation API (docs/product.md#reports-and-moderation): the accounts listed in
// MODERATOR_EMAILS. Anyone else gets the API's plain 404.
import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { isModeratorEmail } from "../../domain/safety.ts";
import type { AppEnv } from "../env.ts";
import type { Moderator } from "./actions.ts";

/** The signed-in moderator, or the API's plain 404 for everyone else. */
export function requireModerator(c: Context<AppEnv>): Moderator {
  const user = c.var.user;
  if (!user || !isModeratorEmail(c.env.MODERATOR_EMAILS, user.email)) {
    throw new DomainError("not_found", MSG.notFound);
  }
  return { id: user.id, email: user.email };
}
