// The suite's file order (scripts/test-sequencer.ts). `npm run test:shuffled` must shuffle the
// files, not only the tests within each: with a sequencer of the project's own, vitest leaves the
// files' order to it, and files that share a vitest worker met in the same order every run.
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { WorkerFilesFirst } from "../../scripts/test-sequencer.ts";

const project = (name: string) => ({
  name,
  config: { isolate: false, sequence: { groupOrder: 0 } },
});
const WORKER = project("worker");
const WEB = project("web");
const files = [
  ...["a", "b", "c", "d", "e", "f", "g", "h"].map((name) => ({
    moduleId: `/repo/tests/web/${name}.test.tsx`,
    project: WEB,
  })),
  ...["m", "n", "o"].map((name) => ({
    moduleId: `/repo/tests/worker/${name}.test.ts`,
    project: WORKER,
  })),
] as unknown as TestSpecification[];
const WORKER_FILES = files.slice(8).map((file) => file.moduleId);
const WEB_FILES = files.slice(0, 8).map((file) => file.moduleId);

/** The order a run gets; no timings from earlier runs, as on a fresh clone. */
async function order(sequence: { shuffle: boolean; seed: number }) {
  const ctx = {
    config: { root: "/repo", sequence },
    cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  } as unknown as Vitest;
  return (await new WorkerFilesFirst(ctx).sort([...files])).map((file) => file.moduleId);
}

describe("the test files' order", () => {
  it("puts the worker project's files first", async () => {
    expect(await order({ shuffle: false, seed: 1 })).toEqual([...WORKER_FILES, ...WEB_FILES]);
  });

  it("is shuffled by the seed of a shuffled run, the same seed giving the same order", async () => {
    const orders = await Promise.all([1, 2, 3, 4].map((seed) => order({ shuffle: true, seed })));
    for (const shuffled of orders) {
      expect(shuffled.slice(0, 3).sort()).toEqual(WORKER_FILES);
      expect(shuffled.slice(3).sort()).toEqual(WEB_FILES);
    }
    expect(new Set(orders.map((shuffled) => shuffled.join())).size).toBe(4);
    expect(await order({ shuffle: true, seed: 3 })).toEqual(orders[2]);
  });
});
