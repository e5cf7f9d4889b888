import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest runs the projects one after another, by name. The worker project goes first: its
 * longest file (the authorization matrix) then starts at once on one vitest worker while the
 * other takes the rest, instead of being the run's tail.
 *
 * With `--sequence.shuffle` (npm run test:shuffled) the files are shuffled by the run's seed
 * first: vitest shuffles files only with its own sequencer, so a configured one must do it, or
 * files that share a vitest worker would always meet in the same order.
 */
export class WorkerFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const { shuffle, seed } = this.ctx.config.sequence;
    const ordered = shuffle ? shuffled(files, seed) : await super.sort(files);
    const rank = (file: TestSpecification) => (file.project.name === "worker" ? 0 : 1);
    return ordered.sort((a, b) => rank(a) - rank(b));
  }
}

/** Vitest's own shuffle of files (its RandomSequencer's, not exported): a seed, one order. */
function shuffled<T>(items: readonly T[], seed: number) {
  const order = [...items];
  for (let length = order.length; length > 0; seed++) {
    const x = Math.sin(seed) * 1e4;
    const index = Math.floor((x - Math.floor(x)) * length--);
    [order[length], order[index]] = [order[index] as T, order[length] as T];
  }
  return order;
}
