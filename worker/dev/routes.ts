import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import type { OutboxMail } from "../../domain/api/auth.ts";
import { MSG } from "../../domain/messages.ts";
import { emailOutbox } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { errorBody } from "../http/errors.ts";
import { fixtureRoutes } from "./fixtures.ts";
import { devRideDayRoutes } from "./ride-day.ts";
import { devTestLoginRoutes } from "./test-login.ts";

const SHOWN = 50;

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * Development tools (docs/product.md#password-reset): the mail outbox. 404 anywhere but
 * development.
 */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== "development")
      return c.json(errorBody("not_found", MSG.notFound), 404);
    await next();
  })
  .get("/outbox.json", async (c) => {
    const to = c.req.query("to")?.trim().toLowerCase();
    const rows = await c.var.db
      .select()
      .from(emailOutbox)
      .where(to ? eq(emailOutbox.toEmail, to) : undefined)
      .orderBy(desc(emailOutbox.id))
      .limit(SHOWN)
      .all();
    return c.json<OutboxMail[]>(
      rows.map((row) => ({
        id: row.id,
        to: row.toEmail,
        subject: row.subject,
        text: row.bodyText,
        links: linksIn(row.bodyText),
        createdAt: row.createdAt,
      })),
    );
  })
  .get("/outbox", async (c) => {
    const rows = await c.var.db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.id))
      .limit(SHOWN)
      .all();
    return c.html(html`<!doctype html>
      <html lang="es">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>Bandeja de salida (desarrollo)</title>
        </head>
        <body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 1rem auto; padding: 0 1rem">
          <h1>Bandeja de salida</h1>
          ${rows.length === 0 ? html`<p>No hay correos.</p>` : ""}
          ${rows.map(
            (row) => html`<article style="border-top: 1px solid #ddd; padding: 0.5rem 0">
              <h2 style="font-size: 1rem; margin: 0">${row.subject}</h2>
              <p style="margin: 0.25rem 0">Para: ${row.toEmail} · ${new Date(row.createdAt).toISOString()}</p>
              <pre style="white-space: pre-wrap">${row.bodyText}</pre>
              <ul>
                ${linksIn(row.bodyText).map((link) => html`<li><a href="${link}">${link}</a></li>`)}
              </ul>
            </article>`,
          )}
        </body>
      </html>`);
  })
  .route("/", devTestLoginRoutes)
  .route("/", fixtureRoutes)
  .route("/", devRideDayRoutes);
