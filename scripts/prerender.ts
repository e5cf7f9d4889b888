// Prerenders the public pages after the client build (docs/architecture.md#request-paths:
// prerendered at build time). Runs as the last step of `vite build` (plugin below) so every build —
// npm run build, the E2E setup, deploy — has the pages. Steps:
// 1. bundle web/site/entry-server.tsx for Node (a nested Vite SSR build);
// 2. render every public path into dist/client/<path>/index.html (404 → 404.html) using the
//    client build's index.html as the template (it carries the hashed CSS and island script);
// 3. write sitemap.xml and robots.txt;
// 4. make PNG versions of our SVG art for Open Graph (most consumers refuse SVG).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import sharp from "sharp";
import { build, type Plugin } from "vite";
import { markdownContent } from "./markdown-content.ts";
import { isWorkerFirst, workerFirstPatterns } from "./worker-paths.ts";

interface ServerEntry {
  SITE_ORIGIN: string;
  NOT_FOUND_PATH: string;
  publicRoutes(): { path: string; lastmod?: string }[];
  renderRoute(route: { path: string }): Promise<{ head: string; body: string }>;
  articleSlugs(): string[];
}

const HEAD_SLOT = "<!--site-head-->";
const BODY_SLOT = "<!--site-body-->";

/** dist/client/<path>/index.html, or 404.html for the not-found page. */
export function outputFile(clientDir: string, routePath: string, notFoundPath: string): string {
  if (routePath === notFoundPath) return path.join(clientDir, "404.html");
  return path.join(clientDir, routePath, "index.html");
}

/** Bundles `entry` (a path under web/) for Node into `outDir` and imports it. */
export async function loadServerEntry<T = ServerEntry>(
  root: string,
  outDir: string,
  entry = "site/entry-server.tsx",
): Promise<T> {
  await build({
    configFile: false,
    root: path.join(root, "web"),
    publicDir: false,
    logLevel: "warn",
    plugins: [react(), markdownContent()],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const file = path.join(outDir, `${path.basename(entry, path.extname(entry))}.js`);
  return (await import(pathToFileURL(file).href)) as T;
}

function sitemap(origin: string, routes: { path: string; lastmod?: string }[]): string {
  const urls = routes.map((r) => {
    const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : "";
    return `  <url><loc>${new URL(r.path, origin)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function robots(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /api\n\nSitemap: ${origin}/sitemap.xml\n`;
}

async function svgToPng(svgFile: string, pngFile: string) {
  mkdirSync(path.dirname(pngFile), { recursive: true });
  await sharp(svgFile, { density: 144 })
    .resize(1200, 630, { fit: "cover" })
    .png({ compressionLevel: 9, palette: true })
    .toFile(pngFile);
}

export async function prerenderSite(root: string, clientDir = path.join(root, "dist/client")) {
  // Inside the project, so the server bundle resolves react-dom from node_modules; not inside
  // node_modules itself, which git worktrees share (parallel builds would overwrite each other).
  const ssrDir = path.join(root, ".cache/site-ssr");
  const entry = await loadServerEntry(root, ssrDir);
  const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
  if (!template.includes(HEAD_SLOT) || !template.includes(BODY_SLOT)) {
    throw new Error("web/index.html must keep the <!--site-head--> and <!--site-body--> slots");
  }
  const routes = entry.publicRoutes();
  for (const route of routes) {
    const { head, body } = await entry.renderRoute(route);
    const html = template.split(HEAD_SLOT).join(head).split(BODY_SLOT).join(body);
    const file = outputFile(clientDir, route.path, entry.NOT_FOUND_PATH);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  const listed = routes.filter((r) => r.path !== entry.NOT_FOUND_PATH);
  writeFileSync(path.join(clientDir, "sitemap.xml"), sitemap(entry.SITE_ORIGIN, listed));
  writeFileSync(path.join(clientDir, "robots.txt"), robots(entry.SITE_ORIGIN));

  const publicImg = path.join(root, "web/public/img");
  await svgToPng(
    path.join(publicImg, "og-default.svg"),
    path.join(clientDir, "img/og/default.png"),
  );
  await Promise.all(
    entry
      .articleSlugs()
      .map((slug) =>
        svgToPng(
          path.join(publicImg, "blog", `${slug}.svg`),
          path.join(clientDir, "img/og/blog", `${slug}.png`),
        ),
      ),
  );
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${routes.length} public pages, sitemap.xml, robots.txt, OG images`);
}

/** Vite plugin: prerender once the client (and worker) builds are written. */
export function prerenderPublicSite(root: string): Plugin {
  return {
    name: "rodamos:prerender-public-site",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client?.isBuilt) return;
        // The client's resolved output folder (a build with --outDir writes elsewhere).
        await prerenderSite(root, path.resolve(client.config.root, client.config.build.outDir));
      },
    },
  };
}

/**
 * Whether the dev server renders `pathname` as a public page: not a file, not one of Vite's
 * own paths (/@vite/client, /@react-refresh, /@fs/…, /node_modules/…, /__…), not a path the
 * worker answers first (/api/*, /app…).
 */
export function isDevPublicPage(pathname: string, workerFirst: string[]): boolean {
  return (
    !pathname.includes(".") &&
    !/^\/(@|node_modules\/|__)/.test(pathname) &&
    !isWorkerFirst(pathname, workerFirst)
  );
}

/**
 * `npm run dev`: renders the public pages on request with the same server entry, so the site
 * can be worked on without a build. Runs before the worker's middleware (enforce: "pre").
 */
export function publicSiteDevServer(root: string): Plugin {
  return {
    name: "rodamos:public-site-dev",
    apply: "serve",
    enforce: "pre",
    configureServer(server) {
      const workerFirst = workerFirstPatterns(root);
      server.middlewares.use(async (req, res, next) => {
        const url = (req.url ?? "/").split("?")[0] ?? "/";
        if (req.method !== "GET" || !isDevPublicPage(url, workerFirst)) return next();
        try {
          const entry = (await server.ssrLoadModule("/site/entry-server.tsx")) as ServerEntry;
          const routes = entry.publicRoutes();
          const route =
            routes.find((r) => r.path === url.replace(/\/$/, "") || r.path === url) ??
            routes.find((r) => r.path === entry.NOT_FOUND_PATH)!;
          const raw = readFileSync(path.join(root, "web/index.html"), "utf8");
          const template = await server.transformIndexHtml(url, raw);
          const { head, body } = await entry.renderRoute(route);
          res.statusCode = route.path === entry.NOT_FOUND_PATH ? 404 : 200;
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.end(template.split(HEAD_SLOT).join(head).split(BODY_SLOT).join(body));
        } catch (err) {
          next(err);
        }
      });
    },
  };
}
