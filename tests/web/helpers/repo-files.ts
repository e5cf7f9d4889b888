// The repository's own files, for the checks that read them (tests/web/repo-pointers.test.ts and
// the others beside it): the web project is the one with node:fs.
import { readdirSync } from "node:fs";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** The files below `dir` (repo-relative) whose name `keep` takes, skipping folders named in `skip`. */
export function filesUnder(
  dir: string,
  keep: (name: string) => boolean,
  skip: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) files.push(...filesUnder(rel, keep, skip));
    } else if (keep(entry.name)) {
      files.push(rel);
    }
  }
  return files;
}
