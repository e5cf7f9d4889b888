// The tests' and the bench's group names (tests/support/distinct-names.ts): a worker test once failed
// when its name's letters spelt a banned word, which the API refused with a 400.
import { describe, expect, it } from "vitest";
import { groupNameProblem, groupNameSkeleton } from "../../domain/groups.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";

describe("the tests' group names", () => {
  it("are names the API accepts, with distinct skeletons, over many in a row", () => {
    const names = Array.from({ length: 20_000 }, () => uniqueGroupName());
    expect(names.filter((name) => groupNameProblem(name) !== null)).toEqual([]);
    expect(new Set(names.map(groupNameSkeleton)).size).toBe(names.length);
  });

  it("refuse a prefix no name can fit, instead of trying for ever", () => {
    expect(() => uniqueGroupName("x".repeat(60))).toThrow("entre");
  });
});
