import { describe, expect, it } from "vitest";
import { toggle } from "../../web/lib/toggle.ts";

describe("toggle", () => {
  it("adds a missing value at the end and removes a present one, leaving the list as it was", () => {
    const list = ["road", "gravel"];
    expect(toggle(list, "mtb")).toEqual(["road", "gravel", "mtb"]);
    expect(toggle(list, "road")).toEqual(["gravel"]);
    expect(list).toEqual(["road", "gravel"]);
  });
});
