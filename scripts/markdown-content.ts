// Build-time Markdown for web/content: every `*.md` import becomes a tiny module exporting its
// front matter (`meta`, checked here) and its body already rendered to HTML (`html`). The
// browser never ships gray-matter or marked, and no raw HTML from the content reaches a page.
import matter from "gray-matter";
import { Marked, type Tokens } from "marked";
import type { Plugin } from "vite";
import { z } from "zod";
import { BLOG_CATEGORIES } from "../web/content/categories.ts";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be a quoted YYYY-MM-DD");

const articleMeta = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(10),
  intro: z.string().min(20),
  image: z.string().startsWith("/img/"),
  imageAlt: z.string().min(5),
  category: z.enum(BLOG_CATEGORIES),
  date: isoDate,
  keywords: z.array(z.string()).min(1),
  tldr: z.string().min(20),
});

const legalMeta = z.strictObject({
  title: z.string().min(5),
  description: z.string().min(20),
  updated: isoDate,
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Links may point to our pages, https sites or an email; anything else becomes plain text. */
const SAFE_HREF = /^(\/(?!\/)|#|https:\/\/|mailto:)/;

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML in the Markdown is shown as text, never injected.
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return text;
      const external = token.href.startsWith("https://");
      return `<a href="${escapeHtml(token.href)}"${external ? ' rel="noopener"' : ""}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      // Article bodies carry no inline images; their art is the front-matter image.
      return escapeHtml(token.text);
    },
  },
});

export function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

/** Parses one content file; the schema depends on its folder. Throws on bad front matter. */
export function parseContentFile(id: string, source: string) {
  const { data, content } = matter(source);
  const schema = id.includes("/content/blog/")
    ? articleMeta
    : id.includes("/content/legal/")
      ? legalMeta
      : null;
  if (!schema) throw new Error(`${id}: Markdown is only supported under web/content/`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${id}: bad front matter: ${z.prettifyError(parsed.error)}`);
  }
  const meta = parsed.data;
  if ("slug" in meta && !id.endsWith(`/${meta.slug}.md`)) {
    throw new Error(`${id}: slug "${meta.slug}" must match the file name`);
  }
  const words = content.split(/\s+/).filter(Boolean).length;
  return { meta: { ...meta, words }, html: renderMarkdown(content) };
}

export function markdownContent(): Plugin {
  return {
    name: "rodamos:markdown-content",
    enforce: "pre",
    transform(source, id) {
      const [file = "", query = ""] = id.split("?");
      if (!file.endsWith(".md")) return null;
      const { meta, html } = parseContentFile(file.replaceAll("\\", "/"), source);
      // `?meta` imports get the front matter only, so lists never bundle article bodies.
      const metaOnly = new URLSearchParams(query).has("meta");
      const code = `export const meta = ${JSON.stringify(meta)};\n${metaOnly ? "" : `export const html = ${JSON.stringify(html)};\n`}`;
      return { code, map: null };
    },
  };
}
