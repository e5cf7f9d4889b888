import { describe, expect, it } from "vitest";
import { avatarKeyOrDefault } from "../../domain/constants.ts";

describe("avatarKeyOrDefault", () => {
  it("keeps one of the 12 avatars and falls back to ava01 for anything else", () => {
    expect(avatarKeyOrDefault("ava07")).toBe("ava07");
    expect(avatarKeyOrDefault("ava12")).toBe("ava12");
    expect(avatarKeyOrDefault("ava13")).toBe("ava01");
    expect(avatarKeyOrDefault(null)).toBe("ava01");
    expect(avatarKeyOrDefault(undefined)).toBe("ava01");
  });
});
