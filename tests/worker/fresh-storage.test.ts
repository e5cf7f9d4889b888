// Worker test files share a workerd (isolate: false in vitest.config.ts); tests/worker/setup.ts
// gives each file empty storage all the same. Most files write before this one runs in the same
// workerd, so anything left behind shows here.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("a worker test file's storage", () => {
  it("starts empty: no rows in any table, no GPX files", async () => {
    const { results: tables } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
         AND name NOT LIKE 'rides_fts%' AND name <> 'd1_migrations'`,
    ).all<{ name: string }>();
    expect(tables.length).toBeGreaterThan(10);
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      rows[name] = (await env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`).first<number>(
        "n",
      ))!;
    }
    expect(Object.entries(rows).filter(([, n]) => n > 0)).toEqual([]);
    expect((await env.GPX.list()).objects).toEqual([]);
  });

  it("has every migration applied once", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{
      name: string;
    }>();
    expect(results.map((r) => r.name)).toEqual(env.TEST_MIGRATIONS.map((m) => m.name));
  });
});
