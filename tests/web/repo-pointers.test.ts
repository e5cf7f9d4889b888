// The repository explains itself: every file a comment or a doc names is in it. A pointer to the
// team's own notes outside the repository (the design notes, the written spec, the shared style
// and toolchain notes) cannot be followed by someone who clones it: the rule belongs in
// docs/product.md, docs/architecture.md or docs/decisions/, and comments point there.
//
// Lives in the web project because that project has node:fs (the domain project is typed
// without Node on purpose); it reads files only.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, repoRoot } from "./helpers/repo-files.ts";

const root = repoRoot;

/** Folders and top-level files whose comments and docs are read. */
const SCANNED_DIRS = ["worker", "web", "domain", "scripts", "tests", "docs", "migrations", ".ci"];
const SCANNED_FILES = [
  "README.md",
  "wrangler.toml",
  "vite.config.ts",
  "vitest.config.ts",
  "drizzle.config.ts",
  "package.json",
  "biome.json",
  ".dev.vars.example",
  ...readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name)),
];
/** Generated or binary content: not written by us, or not text. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".cache", "screenshots", "meta"]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sql|toml|json|css|html|example)$|^run$/;

/** The folders a repo-relative path starts with. */
const ROOTS = "worker|web|domain|scripts|tests|docs|migrations|\\.ci";

/** A tracker's issue by its number (written so that this file does not match itself). */
const ISSUE = new RegExp(`\\b[Ii]ss${"ue"}s?[\\s/*]*#?\\d+\\b`);

/**
 * Pointers outside the repository. Written so that these lines do not match themselves: the
 * notes' names are split in two.
 */
const OUTSIDE: { pattern: RegExp; what: string }[] = [
  { pattern: new RegExp(`\\bDES${"IGN"}\\b`), what: "the team's design notes" },
  { pattern: new RegExp(`\\b(?:STY${"LE"}|TOOL${"CHAIN"})\\.md\\b`), what: "a team note" },
  { pattern: new RegExp(`(?:\\.\\.|/work)/sha${"red"}\\b`), what: "the team's shared folder" },
  { pattern: new RegExp(`\\bsp${"ec"}(?:\\s+|/)0\\d`, "i"), what: "the written spec" },
  // A design decision by its number (one or two digits); ADRs have four ('ADR 0012').
  { pattern: new RegExp(`\\b[Dd]ecisi${"on"}s? \\d{1,2}\\b`), what: "a design decision" },
  // The tracker the work came from: the rule or the reason belongs here instead.
  { pattern: ISSUE, what: "an issue in a tracker" },
];

/** A repo-relative path (`worker/<area>/<file>.ts`, `docs/product.md#blocking`), not in a URL. */
const REPO_PATH = new RegExp(`(?<![\\w./@~-])(?:${ROOTS})/[^\\s\`'"()\\[\\],;|]*`, "g");
/**
 * Placeholders and globs ('tests/e2e/<file>.e2e.ts', 'tests/worker/**'): an example or a
 * pattern, not a file. A folder starting with a dot below a root is build output.
 */
const PATTERN_CHARS = /[<>{}*…$]|\.\.\.|\/\.[\w-]+\//;
/** Relative Markdown links: `[text](target)`. */
const MD_LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g;

function scannedFiles(): string[] {
  const files = SCANNED_DIRS.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    filesUnder(dir, (name) => TEXT_FILE.test(name), SKIPPED_DIRS),
  );
  return [...files, ...SCANNED_FILES.filter((file) => existsSync(path.join(root, file)))];
}

/** GitHub's heading anchors: lowercased, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(path.join(root, file), "utf8").split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!heading) continue;
      const base = headingAnchor(heading[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorCache.set(file, anchors);
  }
  return anchors;
}

const decisionFiles = readdirSync(path.join(root, "docs/decisions")).filter((f) =>
  /^\d{4}-/.test(f),
);
const adrNumbers = new Set(decisionFiles.map((f) => f.slice(0, 4)));

/** What is wrong with `target` (a repo-relative path, maybe with '#anchor'), or null. */
function problemWith(target: string): string | null {
  const [file, anchor] = target.split("#", 2) as [string, string | undefined];
  const full = path.join(root, file);
  if (!existsSync(full)) return `names ${file}, which is not in the repository`;
  if (anchor && file.endsWith(".md") && statSync(full).isFile()) {
    if (!anchorsOf(file).has(anchor)) return `links ${file}#${anchor}, a heading ${file} lacks`;
  }
  return null;
}

/** An issue pointer wrapped over two lines ('issue' ending one, its number starting the next). */
function wrappedIssues(text: string): { line: number; text: string }[] {
  return [...text.matchAll(new RegExp(ISSUE.source, "g"))]
    .filter((hit) => hit[0].includes("\n"))
    .map((hit) => ({
      line: text.slice(0, hit.index).split("\n").length,
      text: hit[0].replace(/\s+/g, " "),
    }));
}

function problemsIn(file: string): string[] {
  const problems: string[] = [];
  const text = readFileSync(path.join(root, file), "utf8");
  const isMarkdown = file.endsWith(".md");
  for (const { line, text: hit } of wrappedIssues(text)) {
    problems.push(`${file}:${line}: "${hit}" points to an issue in a tracker`);
  }
  for (const [i, line] of text.split("\n").entries()) {
    const where = `${file}:${i + 1}`;
    for (const { pattern, what } of OUTSIDE) {
      const hit = pattern.exec(line);
      if (hit) problems.push(`${where}: "${hit[0]}" points to ${what}, outside the repository`);
    }
    const withoutUrls = line.replace(/\bhttps?:\/\/\S+/g, " ");
    for (const [raw] of withoutUrls.matchAll(REPO_PATH)) {
      const token = raw.replace(/[.:!?]+$/, "").replace(/:\d+(?::\d+)?$/, "");
      if (PATTERN_CHARS.test(token) || /:[a-z]/.test(token)) continue;
      const problem = problemWith(token);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    for (const number of line.matchAll(/\bADRs? (\d{4})\b/g)) {
      if (!adrNumbers.has(number[1]!)) {
        problems.push(`${where}: ADR ${number[1]} does not exist in docs/decisions/`);
      }
    }
    if (!isMarkdown) continue;
    for (const [, label, target] of line.matchAll(MD_LINK)) {
      if (/^(?:[a-z]+:|\/)/i.test(target!)) continue;
      const [linked, anchor] = target!.split("#", 2) as [string, string | undefined];
      const rel = linked
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linked))
        : file;
      const problem = problemWith(anchor === undefined ? rel : `${rel}#${anchor}`);
      if (problem) problems.push(`${where}: ${problem}`);
      // An ADR link's label names the same number as the file it opens.
      const labelNumber = /\b(\d{4})\b/.exec(label!)?.[1];
      const fileNumber = /(?:^|\/)(\d{4})-[^/]*\.md$/.exec(linked)?.[1];
      if (labelNumber && fileNumber && labelNumber !== fileNumber) {
        problems.push(`${where}: the link says ${labelNumber} and opens ${linked}`);
      }
    }
  }
  return problems;
}

describe("comments and docs point only inside the repository", () => {
  const files = scannedFiles();

  it("reads the code, the tests and the docs", () => {
    for (const expected of [
      "README.md",
      "wrangler.toml",
      ".ci/run",
      "worker/db/schema.ts",
      "docs/product.md",
      "docs/architecture.md",
      "tests/web/repo-pointers.test.ts",
    ]) {
      expect(files).toContain(expected);
    }
  });

  it("names no note outside the repository, and only files and headings that exist", () => {
    expect(files.flatMap(problemsIn)).toEqual([]);
  });

  it("finds what it is meant to find", () => {
    // Each line is one kind of broken pointer the check must catch.
    const samples = [
      `// See ${"DES"}IGN.md decisi${"on"} 16.`,
      `// The rule of ${"sp"}ec 02 §4.`,
      `// Blocking (decisi${"on"} 16) hides her rides.`,
      `// The route (iss${"ue"} 23 §6).`,
      `Found by an outside probe (Iss${"ue"} #31, item 3).`,
      `// ${"worker"}/nothing/here.ts does it.`,
      `// ${"docs"}/product.md#no-such-heading`,
    ];
    for (const sample of samples) {
      const hits =
        OUTSIDE.some(({ pattern }) => pattern.test(sample)) ||
        [...sample.matchAll(REPO_PATH)].some(([raw]) => problemWith(raw) !== null);
      expect(hits, sample).toBe(true);
    }
    expect(wrappedIssues(`Rides carry a pin (lat, lon, iss${"ue"}\n23). Ordering`)).toEqual([
      { line: 1, text: `iss${"ue"} 23` },
    ]);
    expect(wrappedIssues(`// Found by a probe (iss${"ue"}\n// #31).`)).toHaveLength(1);
    expect(wrappedIssues("const first = error.issues[0];\nreturn issues;\n2;")).toEqual([]);
    expect(problemWith("docs/product.md#blocking")).toBeNull();
    expect(problemWith("worker/db/schema.ts")).toBeNull();
  });

  it("has no production module over 400 lines unless its top says why", () => {
    // Modules with one job: a file that grows past 400 lines is split, or says at its top
    // ("Over 400 lines and kept whole: …") why it is one piece.
    const MAX_LINES = 400;
    const oversized = files
      .filter((file) => /^(worker|web|domain|scripts)\/.*\.tsx?$/.test(file))
      .filter((file) => {
        const lines = readFileSync(path.join(root, file), "utf8").split("\n");
        const top = lines.slice(0, 12).join("\n");
        return lines.length > MAX_LINES && !/Over 400 lines and kept whole: \S/.test(top);
      });
    expect(oversized).toEqual([]);
  });
});
