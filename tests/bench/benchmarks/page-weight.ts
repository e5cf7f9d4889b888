// JS shipped per route: the scripts an HTML page loads up front (entry + modulepreloads),
// gzip-compressed, read from the build output.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../server.ts";

const client = path.join(root, "dist/client");

function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(m[1]!);
  return [...urls].filter((u) => u.startsWith("/"));
}

export function jsWeight(htmlPath: string) {
  const html = readFileSync(path.join(client, htmlPath), "utf8");
  let raw = 0;
  let gzip = 0;
  for (const url of scriptsOf(html)) {
    const file = path.join(client, url);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

export function pageWeightReport(): string {
  const pages: [string, string][] = [
    ["/app (first screen)", "app/index.html"],
    ["/ (landing)", "index.html"],
  ];
  const lines = ["| Page | JS raw KB | JS gzip KB |", "|---|---:|---:|"];
  for (const [name, file] of pages) {
    if (!existsSync(path.join(client, file))) continue;
    const w = jsWeight(file);
    lines.push(`| ${name} | ${(w.raw / 1024).toFixed(1)} | ${(w.gzip / 1024).toFixed(1)} |`);
  }
  return lines.join("\n");
}
