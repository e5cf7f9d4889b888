import { describe, expect, it } from "vitest";
import { inNextTask } from "../../web/lib/next-task.ts";

describe("inNextTask", () => {
  it("runs the work after the current task, in order", async () => {
    const ran: string[] = [];
    inNextTask(() => ran.push("first"));
    inNextTask(() => ran.push("second"));
    await Promise.resolve();
    ran.push("now");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(["now", "first", "second"]);
  });

  it("does not run cancelled work", async () => {
    let ran = false;
    const cancel = inNextTask(() => {
      ran = true;
    });
    cancel();
    // Work queued after it runs after it: once that ran, the cancelled work had its turn.
    await new Promise<void>((resolve) => inNextTask(resolve));
    expect(ran).toBe(false);
  });
});
