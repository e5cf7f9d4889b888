// What the docs say about the configuration holds: README lists every binding wrangler.toml
// declares, and the migrations' numbers, files and drizzle's journal agree, with each unused
// number explained in migrations/README.md.
//
// Lives in the web project because that project has node:fs (see tests/web/repo-pointers.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/repo-files.ts";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

/** The names the worker reads its bindings by, from wrangler.toml. */
function bindingsOf(toml: string): string[] {
  const names: string[] = [];
  let section = "";
  for (const line of toml.split("\n")) {
    const header = /^\s*\[\[?([\w.]+)\]\]?\s*$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const binding = /^\s*binding\s*=\s*"(\w+)"/.exec(line);
    // Durable Objects and rate limiters name theirs `name`, as the worker itself is named.
    const named =
      (section === "durable_objects.bindings" || section === "ratelimits") &&
      /^\s*name\s*=\s*"(\w+)"/.exec(line);
    const name = binding?.[1] ?? (named ? named[1] : undefined);
    if (name) names.push(name);
  }
  return names;
}

describe("the configuration as the docs tell it", () => {
  it("README names every binding of wrangler.toml", () => {
    const bindings = bindingsOf(read("wrangler.toml"));
    expect(bindings).toEqual(expect.arrayContaining(["DB", "GPX", "SHARE_IMAGE", "RIDE_ROOM"]));
    const paragraph = /^Bindings[^\n]*(?:\n[^\n]+)*/m.exec(read("README.md"))?.[0] ?? "";
    expect(bindings.filter((name) => !paragraph.includes(`\`${name}\``))).toEqual([]);
  });

  it("numbers the migrations in order, each in drizzle's journal, any gap explained", () => {
    const files = readdirSync(path.join(repoRoot, "migrations"))
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => file.slice(0, -".sql".length));
    const journal = JSON.parse(read("migrations/meta/_journal.json")) as {
      entries: { idx: number; tag: string }[];
    };
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, i) => i));

    const numbers = new Set(files.map((file) => Number(file.slice(0, 4))));
    const last = Math.max(...numbers);
    const unused = Array.from({ length: last }, (_, n) => n).filter((n) => !numbers.has(n));
    const explained = [...read("migrations/README.md").matchAll(/There is no (\d{4})\b/g)].map(
      (match) => Number(match[1]),
    );
    expect(unused).toEqual(explained);
  });
});
