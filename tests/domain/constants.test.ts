import { describe, expect, it } from "vitest";
import {
  AVATAR_KEYS,
  avatarKeyOrDefault,
  CHAT_CANDIDATE_LOOKBACK_MS,
  CHAT_WRITE_WINDOW_MS,
  CONNECTIONS_CLOSE_AFTER_MS,
  CONNECTIONS_OPEN_AFTER_MS,
  DEFAULT_AVATAR_KEY,
  GPX_MAX_BYTES,
  LEVEL_LABELS,
  LEVELS,
  MODALITIES,
  MODALITY_FORM_LABELS,
  MODALITY_LABELS,
  OFFERED_SOCIAL_TAGS,
  SOCIAL_TAG_LABELS,
  SOCIAL_TAGS,
} from "../../domain/constants.ts";

describe("constants", () => {
  it("has the spec's enumerations", () => {
    expect(MODALITIES).toEqual(["road", "gravel", "btt"]);
    expect(LEVELS).toEqual(["chill", "intermedio", "cañero"]);
    expect(SOCIAL_TAGS).toHaveLength(7);
    expect(OFFERED_SOCIAL_TAGS).toEqual(["coffee", "sweet", "early", "blabla"]);
    for (const tag of OFFERED_SOCIAL_TAGS) expect(SOCIAL_TAGS).toContain(tag);
  });

  it("labels every value", () => {
    expect(SOCIAL_TAG_LABELS.golden).toBe("Golden Hour");
    expect(SOCIAL_TAG_LABELS.blabla).toBe("BlaBla Ride");
    expect(MODALITY_LABELS).toEqual({ road: "Road", gravel: "Gravel", btt: "BTT" });
    expect(MODALITY_FORM_LABELS.btt).toBe("BTT - Mountain Bike");
    expect(LEVEL_LABELS.cañero).toBe("Cañero");
    expect(Object.keys(SOCIAL_TAG_LABELS).sort()).toEqual([...SOCIAL_TAGS].sort());
  });

  it("has 12 avatars and falls back to ava01", () => {
    expect(AVATAR_KEYS).toHaveLength(12);
    expect(AVATAR_KEYS[11]).toBe("ava12");
    expect(DEFAULT_AVATAR_KEY).toBe("ava01");
    expect(avatarKeyOrDefault("ava07")).toBe("ava07");
    expect(avatarKeyOrDefault("ava13")).toBe("ava01");
    expect(avatarKeyOrDefault(null)).toBe("ava01");
    expect(avatarKeyOrDefault(undefined)).toBe("ava01");
  });

  it("expresses the windows in milliseconds", () => {
    expect(CHAT_WRITE_WINDOW_MS).toBe(12 * 3_600_000);
    expect(CONNECTIONS_OPEN_AFTER_MS).toBe(30 * 60_000);
    expect(CONNECTIONS_CLOSE_AFTER_MS).toBe(48 * 3_600_000);
    expect(CHAT_CANDIDATE_LOOKBACK_MS).toBe(24 * 3_600_000);
    expect(GPX_MAX_BYTES).toBe(5_242_880);
  });
});
