// Under `npm run dev` each stylesheet is added to the page when its module runs, in the order
// ES modules run (a module's imports first, in the order written); the build orders its CSS the
// same way. Our rules for Leaflet's elements (web/ride-day/group-map.css: a marker's display)
// win over leaflet.css only by coming after it: a chat opened by a full page load under dev had
// them before it, and drew the live dot as a 6 px sliver.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const LEAFLET_CSS = "node_modules/leaflet/dist/leaflet.css";

/** The modules `file` imports statically, in the order written (repo-relative paths). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specs = [...text.matchAll(/^import\s+(?!type\b)(?:[^;]*?\s+from\s+)?"([^"]+)";/gm)];
  return specs.map(([, spec]) =>
    spec!.startsWith(".")
      ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec!))
      : `node_modules/${spec}`,
  );
}

/** The stylesheets loading `entry` adds to a page that had none, in the order they are added. */
function stylesheetOrder(entry: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const run = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith(".css")) {
      order.push(file);
      return;
    }
    // Packages bring no stylesheet of ours.
    if (file.startsWith("node_modules/")) return;
    for (const dependency of importsOf(file)) run(dependency);
  };
  run(entry);
  return order;
}

describe("stylesheets beside Leaflet's", () => {
  it("the route map adds leaflet.css first", () => {
    expect(stylesheetOrder("web/maps/route-map.tsx")[0]).toBe(LEAFLET_CSS);
  });

  it("the group map adds its own rules after leaflet.css, on a page that had neither", () => {
    expect(stylesheetOrder("web/ride-day/group-map.tsx")).toEqual([
      LEAFLET_CSS,
      "web/ride-day/group-map.css",
    ]);
  });
});
