import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";

/**
 * Where local workerd storage (D1, Durable Objects and R2 as SQLite files) is best kept for tests
 * and benchmarks: a RAM disk when Linux has one with 1 GiB free, else the system's temp folder.
 * workerd syncs each write to disk; on this kind of machine's virtual disk a sync takes 1–40 ms,
 * a cost neither production's D1 nor its Durable Objects have, which took about half of the
 * worker tests' time and most of the chat benchmarks' slowest sends (docs/benchmarks.md). A
 * `TMPDIR` set by the caller wins.
 */
export function storageTmpdir(): string {
  if (process.env.TMPDIR || process.platform !== "linux") return tmpdir();
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize >= 1024 ** 3) return "/dev/shm";
  } catch {
    // No /dev/shm: the system's temp folder.
  }
  return tmpdir();
}
