/**
 * Runs `work` in a task of its own, once the current one is over, and returns its cancel.
 *
 * For start-up work the first paint does not wait for (opening a socket, the first read of
 * localStorage): called from an effect, it would otherwise run inside React's one effects
 * flush, making that task longer. On a phone a long task is time a tap waits for; short
 * tasks in a row leave the main thread free between them.
 */
export function inNextTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
