// Writes the app's shell into the built /app HTML (ADR 0057): the frame, splash and navigation
// as web/layout/prerendered-shell.tsx renders them, with the CSS those nodes use inline, and the
// stylesheet moved to the end of <body> so that it no longer holds the first paint. Runs on the
// client build's HTML, before the service worker lists it, so the worker's navigation fallback
// serves the same page. `npm run dev` serves web/app/index.html as it is.
import { rmSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { criticalCss } from "./critical-css.ts";
import { loadServerEntry } from "./prerender.ts";

/** Where web/app/index.html takes the prerendered shell. */
export const SHELL_SLOT = "<!--app-shell-->";

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * The built shell's HTML, given the shell's markup and the stylesheets' text by URL: the
 * markup in its slot, the rules it needs in a <style>, each stylesheet link at the end of
 * <body>, where it no longer blocks the first paint.
 */
export function withPrerenderedShell(
  html: string,
  markup: string,
  stylesheets: (href: string) => string,
): string {
  if (!html.includes(SHELL_SLOT)) throw new Error(`web/app/index.html must keep ${SHELL_SLOT}`);
  const links = [...html.matchAll(STYLESHEET)];
  const withMarkup = html.replace(SHELL_SLOT, markup).replace(STYLESHEET, "");
  const css = links.map(([, href = ""]) => stylesheets(href)).join("");
  const critical = criticalCss(css, withMarkup);
  return withLowPriorityModules(withMarkup)
    .replace("</head>", `<style>${critical}</style></head>`)
    .replace("</body>", `${links.map(([link]) => link).join("")}</body>`);
}

/**
 * The app's module script and module preloads at a low fetch priority (ADR 0057): the shell
 * paints without them, so on a slow network the splash's icon and font go first; and
 * Lighthouse's simulation counts every high-priority script that finished downloading before
 * the first paint as holding it (module scripts are never seen evaluated), which put the
 * signed-out login's simulated first paint behind the app's whole code.
 */
export function withLowPriorityModules(html: string): string {
  return html
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

export function prerenderAppShell(root: string): Plugin {
  return {
    name: "rodamos:app-shell-prerender",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        if (!/[\\/]app[\\/]index\.html$/.test(ctx.filename)) return html;
        // Inside the project so react-dom resolves; not in node_modules, which worktrees share.
        const outDir = path.join(root, ".cache/app-shell-ssr");
        const entry = await loadServerEntry<{ renderAppShell(): string }>(
          root,
          outDir,
          "layout/prerendered-shell.tsx",
        );
        const markup = entry.renderAppShell();
        rmSync(outDir, { recursive: true, force: true });
        return withPrerenderedShell(html, markup, (href) => {
          const file = ctx.bundle?.[href.replace(/^\//, "")];
          if (file?.type !== "asset") throw new Error(`${href} is not in the client build`);
          return typeof file.source === "string"
            ? file.source
            : new TextDecoder().decode(file.source);
        });
      },
    },
  };
}
