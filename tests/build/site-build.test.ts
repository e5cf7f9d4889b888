// Checks the production build's public pages (run after `npm run build`: `npm run test:build`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import matter from "gray-matter";
import { beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { RIDE_DAY_MSG } from "../../domain/ride-day.ts";
import {
  isPreloadableAsset,
  type RoutePreloads,
  SHELL_NAV_ATTRIBUTE,
} from "../../domain/route-preloads.ts";
import { NAV_TEXT, SHELL_TEXT } from "../../domain/texts/app.ts";
import { FALLBACK_FONTS_FILE, fallbackFontsCss } from "../../scripts/fallback-fonts.ts";
import { FAVICON_SIZES } from "../../scripts/icons.ts";
import { routerScreens } from "../../scripts/route-preloads.ts";

const root = path.resolve(import.meta.dirname, "../..");
const client = path.join(root, "dist/client");
const ORIGIN = "https://rodamos.app";
const JS_BUDGET_GZIP = 60 * 1024;
/** The /app shell and the files it preloads: what every first visit to the app loads. */
const APP_FIRST_SCREEN_BUDGET_GZIP = 115 * 1024;
const LANDING_IMAGE_BUDGET = 120 * 1024;

interface Expected {
  path: string;
  h1: string;
  /** A sentence from the page's body proving real content is there. */
  text: string;
  jsonLd?: string[];
}

const articles = readdirSync(path.join(root, "web/content/blog"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => {
    const { data, content } = matter(readFileSync(path.join(root, "web/content/blog", f), "utf8"));
    const firstParagraph = content.trim().split("\n")[0]!.slice(0, 60);
    return { slug: String(data.slug), title: String(data.title), firstParagraph };
  });

const legalTitle = (slug: string) =>
  String(matter(readFileSync(path.join(root, `web/content/legal/${slug}.md`), "utf8")).data.title);

const PAGES: Expected[] = [
  {
    path: "/",
    h1: "Cansada de salir sola en bici? Encuentra tu grupeta",
    text: "Un chat privado para cada salida.",
    jsonLd: ["Organization"],
  },
  {
    path: "/ciclismo-mujeres",
    h1: "La app para mujeres ciclistas que no quieren rodar solas",
    text: "¿Cómo encontrar grupetas de mujeres en mi ciudad?",
    jsonLd: ["FAQPage"],
  },
  { path: "/about", h1: "Sobre Rodamos", text: "la fundadora", jsonLd: ["FAQPage"] },
  { path: "/blog", h1: "Blog", text: "Consejos, rutas e historias", jsonLd: ["BreadcrumbList"] },
  ...articles.map((a) => ({
    path: `/blog/${a.slug}`,
    h1: a.title,
    text: a.firstParagraph,
    jsonLd: ["BlogPosting", "BreadcrumbList"],
  })),
  { path: "/privacy", h1: legalTitle("privacy"), text: "Última actualización: 28/11/2026" },
  // The ride day's tools are no emergency service: the terms say it as the app does.
  { path: "/terms", h1: legalTitle("terms"), text: RIDE_DAY_MSG.notEmergency },
  { path: "/waiver", h1: legalTitle("waiver"), text: "responsabilidad" },
  { path: "/ai-policy", h1: legalTitle("ai-policy"), text: "octubre de 2025" },
];

const fileFor = (p: string) => path.join(client, p === "/" ? "" : p, "index.html");
const read = (p: string) => readFileSync(fileFor(p), "utf8");

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const textOf = (html: string) => decode(html.replace(/<[^>]+>/g, ""));
const attr = (html: string, re: RegExp) => decode(html.match(re)?.[1] ?? "");

/** Every JS file a page loads before any interaction: its scripts, preloads and their static imports. */
function pageJavaScript(html: string): string[] {
  const queue = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(client, url), "utf8");
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  }
  return [...seen];
}

const gzipSize = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(client, f))).length, 0);

beforeAll(() => {
  if (!existsSync(path.join(client, "404.html"))) {
    throw new Error("No build in dist/: run `npm run build` first.");
  }
});

describe.each(PAGES)("prerendered $path", (page) => {
  it("has its heading, real text, title, description, canonical and social tags", () => {
    const html = read(page.path);
    expect(textOf(attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/))).toBe(page.h1);
    expect(textOf(html)).toContain(page.text);
    expect(attr(html, /<title>([^<]+)<\/title>/).length).toBeGreaterThan(10);
    expect(attr(html, /<meta name="description" content="([^"]+)"/).length).toBeGreaterThan(50);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(
      page.path === "/" ? `${ORIGIN}/` : `${ORIGIN}${page.path}`,
    );
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    const ogImage = attr(html, /<meta property="og:image" content="([^"]+)"/);
    expect(ogImage).toMatch(new RegExp(`^${ORIGIN}/img/og/.+\\.png$`));
    expect(existsSync(path.join(client, new URL(ogImage).pathname))).toBe(true);
    expect(html.toLowerCase()).not.toContain("lorem");
  });

  it("carries its structured data and no inline script", () => {
    const html = read(page.path);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    const types = blocks.map((b) => (JSON.parse(b[1]!) as { "@type": string })["@type"]);
    expect(types).toEqual(page.jsonLd ?? []);
    // CSP script-src 'self': every executable script is an external file.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(/\bsrc="|type="application\/ld\+json"/);
    }
  });

  it("ships at most 60 KB of gzipped JavaScript", () => {
    const files = pageJavaScript(read(page.path));
    expect(files.length).toBeGreaterThan(0);
    expect(gzipSize(files)).toBeLessThanOrEqual(JS_BUDGET_GZIP);
  });
});

describe("404 page", () => {
  it("has the spec's text, a link home and noindex", () => {
    const html = readFileSync(path.join(client, "404.html"), "utf8");
    expect(textOf(html)).toContain("Oops! Da media vuelta y vuelve con la grupeta");
    expect(html).toContain('<a href="/"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("landing images", () => {
  it("are each at most 120 KB, with width and height set", () => {
    const html = read("/");
    const imgs = html.match(/<img\b[^>]*>/g) ?? [];
    expect(imgs.length).toBeGreaterThan(3);
    for (const img of imgs) {
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      const src = attr(img, /src="([^"]+)"/);
      expect(statSync(path.join(client, src)).size).toBeLessThanOrEqual(LANDING_IMAGE_BUDGET);
    }
  });
});

describe("favicon.ico", () => {
  it("is an icon file with the 16, 32 and 48 px PNGs that scripts/icons.ts renders", () => {
    const ico = readFileSync(path.join(client, "favicon.ico"));
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes: number[] = [];
    for (let i = 0; i < ico.readUInt16LE(4); i++) {
      const entry = 6 + 16 * i;
      const offset = ico.readUInt32LE(entry + 12);
      // Each image is a PNG (its signature) of the size its entry says (IHDR width).
      expect(ico.subarray(offset, offset + 8).toString("hex")).toBe("89504e470d0a1a0a");
      expect(ico.readUInt32BE(offset + 16)).toBe(ico.readUInt8(entry));
      sizes.push(ico.readUInt8(entry));
    }
    expect(sizes).toEqual(FAVICON_SIZES);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("list every public page and keep crawlers out of /app and /api", () => {
    const sitemap = readFileSync(path.join(client, "sitemap.xml"), "utf8");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      PAGES.map((p) => (p.path === "/" ? `${ORIGIN}/` : `${ORIGIN}${p.path}`)).sort(),
    );
    const robots = readFileSync(path.join(client, "robots.txt"), "utf8");
    expect(robots).toMatch(/^Disallow: \/app$/m);
    expect(robots).toMatch(/^Disallow: \/api$/m);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("static security headers", () => {
  it("_headers repeats the worker's security headers for every path", async () => {
    const securityModule = path.join(root, "worker/http/security.ts");
    const { SECURITY_HEADERS } = (await import(securityModule)) as {
      SECURITY_HEADERS: Record<string, string>;
    };
    const headers = readFileSync(path.join(client, "_headers"), "utf8");
    const allPaths = headers.split(/\n(?=\S)/).find((block) => block.startsWith("/*"))!;
    expect(SECURITY_HEADERS).toHaveProperty("Strict-Transport-Security");
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(allPaths).toContain(`  ${name}: ${value}\n`);
    }
  });
});

describe("the /app entry", () => {
  it("does not load public-site code up front", () => {
    const html = readFileSync(path.join(client, "app/index.html"), "utf8");
    const code = pageJavaScript(html)
      .map((f) => readFileSync(path.join(client, f), "utf8"))
      .join("\n");
    expect(code).toContain("Unexpected Application Error!");
    expect(code).not.toContain("join_waitlist");
    expect(code).not.toContain("launch sign-up step 1 failed");
  });

  // docs/decisions/0053-texts-in-one-place-per-feature.md: a screen's texts load with the screen.
  // Each looked for as a whole string literal, and long enough not to be a word the shell also
  // says on its own ('Cancelar', 'Deshacer').
  it("holds no screen's texts: only the shell's own (domain/texts/app.ts) and MSG", async () => {
    // The bundled code: web/public/app/register-sw.js is served as it is and imports nothing.
    const code = pageJavaScript(readFileSync(path.join(client, "app/index.html"), "utf8"))
      .filter((f) => f.includes("/assets/"))
      .map((f) => readFileSync(path.join(client, f), "utf8"))
      .join("\n");
    const textsDir = path.join(root, "domain/texts");
    const shellTexts = new Set([
      ...stringsOf(await import(path.join(textsDir, "app.ts"))),
      ...stringsOf(MSG),
    ]);
    const screenTexts: string[] = [];
    for (const file of readdirSync(textsDir).filter((f) => f !== "app.ts")) {
      const texts = stringsOf(await import(path.join(textsDir, file)));
      screenTexts.push(...texts.filter((t) => t.length >= 12 && !shellTexts.has(t)));
    }
    expect(screenTexts.length).toBeGreaterThan(250);
    const inCode = (text: string) => ['"', "'", "`"].some((q) => code.includes(`${q}${text}${q}`));
    expect(screenTexts.filter(inCode)).toEqual([]);
  });

  // docs/decisions/0047-the-first-screen-on-react.md: the libraries take about 90 KB of it, so
  // this leaves room for little more than the shell's own code.
  it(`ships at most ${APP_FIRST_SCREEN_BUDGET_GZIP / 1024} KB of gzipped JavaScript`, () => {
    const files = pageJavaScript(readFileSync(path.join(client, "app/index.html"), "utf8"));
    const size = gzipSize(files);
    console.log(`/app first screen: ${(size / 1024).toFixed(1)} KB gzip (${files.length} files)`);
    expect(size).toBeLessThanOrEqual(APP_FIRST_SCREEN_BUDGET_GZIP);
  });

  it("leaves MSG's table and the city list to the screens that show them", () => {
    const files = pageJavaScript(readFileSync(path.join(client, "app/index.html"), "utf8"));
    const holding = (text: string) =>
      files.filter((f) => readFileSync(path.join(client, f), "utf8").includes(text));
    // The shell's few messages (SHELL_MSG) are in, the rest of MSG is not…
    expect(holding(MSG.networkError)).toHaveLength(1);
    expect(holding(MSG.loginFailed)).toEqual([]);
    expect(holding(MSG.unavailable)).toEqual([]);
    // …nor domain/cities.ts's list of cities.
    expect(holding("Castellón de la Plana")).toEqual([]);
  });
});

/** Every string of a module's texts tables, nested ones included (not the functions' words). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

// docs/decisions/0057-the-app-shell-paints-first.md
describe("the built /app shell", () => {
  const html = () => readFileSync(path.join(client, "app/index.html"), "utf8");
  const shellMarkup = () => html().split('<div id="root">')[1]?.split("<script")[0] ?? "";
  const inlineCss = () => /<style>(.*?)<\/style>/s.exec(html().split("</head>")[0]!)?.[1] ?? "";
  /** A class name as Tailwind writes it in a selector. */
  const selector = (name: string) => `.${name.replace(/[^\w-]/g, "\\$&")}`;

  it("holds the splash and the navigation, drawn by the app's own components", () => {
    const text = textOf(shellMarkup());
    expect(text).toContain(SHELL_TEXT.loading);
    for (const label of [NAV_TEXT.home, NAV_TEXT.search, NAV_TEXT.create, NAV_TEXT.myRides]) {
      expect(text).toContain(label);
    }
    expect(shellMarkup()).toContain('<main id="main" class="flex-1 px-4 pt-4 pb-24">');
    expect(shellMarkup()).toMatch(
      new RegExp(`<div ${SHELL_NAV_ATTRIBUTE}="" inert=""><nav aria-label="${NAV_TEXT.label}"`),
    );
  });

  it("carries inline every rule of the stylesheet that the shell's classes use", () => {
    const css = inlineCss();
    const stylesheet = readdirSync(path.join(client, "assets"))
      .filter((f) => /^app-.*\.css$/.test(f))
      .map((f) => readFileSync(path.join(client, "assets", f), "utf8"))
      .join("");
    const classes = new Set(
      [...shellMarkup().matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")),
    );
    const styled = [...classes].filter((name) =>
      [`${selector(name)}{`, `${selector(name)}:`].some((s) => stylesheet.includes(s)),
    );
    expect(styled).toEqual(
      expect.arrayContaining(["animate-spin", "fixed", "pb-24", "text-primary"]),
    );
    expect(styled.filter((name) => !css.includes(selector(name)))).toEqual([]);
    // The palette, the spinner's turn and Nunito's faces come too; the rest does not.
    expect(css).toContain("--color-primary:#c2185b");
    expect(css).toMatch(/@keyframes spin\{/);
    expect(css).toContain("font-family:Nunito Variable Fallback\\: Liberation Sans");
    console.log(`/app shell's inline CSS: ${(css.length / 1024).toFixed(1)} KB`);
    expect(css.length).toBeLessThan(stylesheet.length / 2);
  });

  it("asks for the app's modules at a low priority: the shell paints without them", () => {
    const scripts = [
      ...html().matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g),
    ];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [tag] of scripts) expect(tag).toContain('fetchpriority="low"');
  });

  it("has no stylesheet in <head>: it loads at the end of <body>, behind the first paint", () => {
    const [head = "", body = ""] = html().split("</head>");
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(body).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/app-[\w-]+\.css"><\/body>/,
    );
  });
});

describe("the /app screens' preloads (app/route-preloads.json)", () => {
  const manifest = JSON.parse(
    readFileSync(path.join(client, "app/route-preloads.json"), "utf8"),
  ) as RoutePreloads;
  const screens = routerScreens(readFileSync(path.join(root, "web/router.tsx"), "utf8"));
  const shellCode = new Set(
    pageJavaScript(readFileSync(path.join(client, "app/index.html"), "utf8")).map((f) =>
      f.startsWith("/") ? f : `/${f}`,
    ),
  );

  it("has every screen of the router, in its order", () => {
    expect(screens.length).toBeGreaterThan(15);
    expect(manifest.routes.map((r) => r.path)).toEqual(screens.map((s) => s.path));
  });

  it("lists, per screen, its own chunk first and only files the shell does not load already", () => {
    for (const [i, route] of manifest.routes.entries()) {
      const screenName = path.basename(screens[i]!.module, ".tsx");
      expect(route.files[0], route.path).toMatch(
        new RegExp(`^/assets/${screenName}-[\\w-]+\\.js$`),
      );
      for (const file of route.files) {
        expect(isPreloadableAsset(file), file).toBe(true);
        expect(existsSync(path.join(client, file)), file).toBe(true);
        expect(shellCode.has(file), `${file} is in the shell already`).toBe(false);
      }
    }
  });

  it("gives the feed its cards but not the dialogs they open on demand", () => {
    const feed = manifest.routes.find((r) => r.path === "feed")!.files;
    expect(feed.some((f) => f.includes("/ride-card-"))).toBe(true);
    expect(feed.some((f) => /\/(join-dialog|cancel-dialog|dialog)-/.test(f))).toBe(false);
  });

  it("keeps the toasts' code (sonner) out of the shell and of every screen's preloads", () => {
    const firstLoad = new Set([...shellCode, ...manifest.routes.flatMap((r) => r.files)]);
    const withSonner = [...firstLoad].filter((file) =>
      readFileSync(path.join(client, file), "utf8").includes("data-sonner-toaster"),
    );
    expect(withSonner).toEqual([]);
  });

  it("keeps zod out of the shell: the first screen validates nothing (domain/schemas.ts loads with the forms)", () => {
    const withZod = [...shellCode].filter((file) =>
      // zod's error class names itself in every build.
      readFileSync(path.join(client, file), "utf8").includes("ZodError"),
    );
    expect(withZod).toEqual([]);
  });

  // zod builds its schemas as its modules run: some 80 ms on a phone (Lighthouse, 4x CPU), a
  // long task right after the first paint. The ride page, the feed, and the dialogs their cards
  // load once the screen is idle do without it (docs/benchmarks.md, the runs of 2026-11-29 08:00).
  it("keeps zod out of the feed, the ride page and the dialogs their cards load when idle", () => {
    const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      const code = readFileSync(path.join(client, file), "utf8");
      for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
        staticImports(`/assets/${name}`, seen);
      return seen;
    };
    const dialogs = readdirSync(path.join(client, "assets"))
      .filter((f) => /^(join-dialog|cancel-dialog)-[\w-]+\.js$/.test(f))
      .map((f) => `/assets/${f}`);
    expect(dialogs).toHaveLength(2);
    const loaded = new Set<string>();
    for (const screen of ["feed", "ride/:id"]) {
      const route = manifest.routes.find((r) => r.path === screen)!;
      for (const file of route.files) staticImports(file, loaded);
    }
    for (const file of dialogs) staticImports(file, loaded);
    expect(loaded.size).toBeGreaterThan(10);
    const withZod = [...loaded].filter((file) =>
      readFileSync(path.join(client, file), "utf8").includes("ZodError"),
    );
    expect(withZod).toEqual([]);
  });

  it("bundles React Router's production build, not its development one (vite.config.ts)", () => {
    const shell = [...shellCode]
      .map((file) => readFileSync(path.join(client, file), "utf8"))
      .join("\n");
    // The router is in the shell…
    expect(shell).toContain("may be used only in the context of a <Router> component");
    // …without the warnings only its development build has.
    expect(shell).not.toContain("You rendered descendant <Routes>");
  });

  it("uses declarative routes: React Router's data router is not in the shell (web/router.tsx)", () => {
    const shell = [...shellCode]
      .map((file) => readFileSync(path.join(client, file), "utf8"))
      .join("\n");
    // createBrowserRouter's view-transition bookkeeping, part of the data router only.
    expect(shell).not.toContain("remix-router-transitions");
  });
});

describe("Nunito's metric-matched stand-ins", () => {
  it("are what scripts/fallback-fonts.ts generates (run it after changing fonts)", () => {
    expect(readFileSync(FALLBACK_FONTS_FILE, "utf8")).toBe(fallbackFontsCss());
  });

  it("are in the built stylesheet, right after Nunito in the font stack", () => {
    const css = readdirSync(path.join(client, "assets"))
      .filter((f) => f.endsWith(".css"))
      .map((f) => readFileSync(path.join(client, "assets", f), "utf8"))
      .join("\n");
    expect(css).toMatch(
      /@font-face\{font-family:Nunito Variable Fallback\\: Liberation Sans;src:local\(Liberation Sans\)/,
    );
    expect(css).toContain('--font-sans:"Nunito Variable", "Nunito Variable Fallback: Arial"');
  });
});

describe("the API worker's upload (docs/decisions/0044-the-share-image-in-its-own-worker.md)", () => {
  const dist = path.join(root, "dist");
  const API_UPLOAD_BUDGET_GZIP = 500 * 1024;
  /** What `wrangler deploy` uploads of a built worker: its entry and the modules beside it. */
  const uploaded = (worker: string) => {
    const dir = path.join(dist, worker);
    const assets = existsSync(path.join(dir, "assets"))
      ? readdirSync(path.join(dir, "assets")).map((f) => path.join(dir, "assets", f))
      : [];
    return [path.join(dir, "index.js"), ...assets];
  };
  const gzipped = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);

  it("holds no WebAssembly and is at most 500 KB gzipped", () => {
    const files = uploaded("rodamos");
    expect(files.filter((f) => f.endsWith(".wasm"))).toEqual([]);
    const size = gzipped(files);
    console.log(`API worker upload: ${(size / 1024).toFixed(1)} KB gzip (${files.length} files)`);
    expect(size).toBeLessThanOrEqual(API_UPLOAD_BUDGET_GZIP);
  });

  it("binds SHARE_IMAGE to the share image's Worker, which holds the drawing's WebAssembly", () => {
    const api = JSON.parse(readFileSync(path.join(dist, "rodamos/wrangler.json"), "utf8")) as {
      services?: { binding: string; service: string }[];
    };
    const shareImage = JSON.parse(
      readFileSync(path.join(dist, "rodamos_share_image/wrangler.json"), "utf8"),
    ) as { name: string };
    expect(api.services).toContainEqual(
      expect.objectContaining({ binding: "SHARE_IMAGE", service: shareImage.name }),
    );
    const files = uploaded("rodamos_share_image");
    expect(files.filter((f) => f.endsWith(".wasm")).length).toBe(2);
    console.log(`Share image worker upload: ${(gzipped(files) / 1024).toFixed(1)} KB gzip`);
  });
});
