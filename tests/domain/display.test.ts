import { describe, expect, it } from "vitest";
import {
  avatarInitials,
  capitalizeWords,
  displayName,
  formatBadge,
  organizerName,
  participantName,
  truncatePreview,
} from "../../domain/display.ts";

describe("displayName", () => {
  it("prefers the username", () => {
    expect(displayName({ username: "Laura_BTT", fullName: "laura gómez", email: "l@x.es" })).toBe(
      "Laura_BTT",
    );
  });

  it("falls back to the capitalised full name", () => {
    expect(displayName({ username: null, fullName: "maría josé garcía", email: "m@x.es" })).toBe(
      "María José García",
    );
    expect(displayName({ username: "  ", fullName: "ana", email: null })).toBe("Ana");
  });

  it("then the email, then 'Usuario'", () => {
    expect(displayName({ email: "ana@bici.es" })).toBe("ana@bici.es");
    expect(displayName({})).toBe("Usuario");
    expect(displayName({ username: "", fullName: "", email: "" })).toBe("Usuario");
  });

  it("capitalises each word", () => {
    expect(capitalizeWords("  ñuria   de la rosa ")).toBe("Ñuria De La Rosa");
  });
});

describe("fallback names", () => {
  it("uses 'Organizadora' and 'Usuario'", () => {
    expect(organizerName("Marta")).toBe("Marta");
    expect(organizerName(null)).toBe("Organizadora");
    expect(organizerName(undefined)).toBe("Organizadora");
    expect(organizerName("")).toBe("Organizadora");
    expect(participantName("Eva")).toBe("Eva");
    expect(participantName(null)).toBe("Usuario");
  });
});

describe("avatarInitials", () => {
  it("shows A1 … A12 and defaults unknown keys", () => {
    expect(avatarInitials("ava01")).toBe("A1");
    expect(avatarInitials("ava09")).toBe("A9");
    expect(avatarInitials("ava12")).toBe("A12");
    expect(avatarInitials("nope")).toBe("A1");
    expect(avatarInitials(null)).toBe("A1");
  });
});

describe("formatBadge", () => {
  it("hides zero and caps at 99+", () => {
    expect(formatBadge(0)).toBe("");
    expect(formatBadge(-3)).toBe("");
    expect(formatBadge(Number.NaN)).toBe("");
    expect(formatBadge(1)).toBe("1");
    expect(formatBadge(99)).toBe("99");
    expect(formatBadge(100)).toBe("99+");
    expect(formatBadge(5000)).toBe("99+");
  });
});

describe("truncatePreview", () => {
  it("keeps up to 50 characters and adds an ellipsis beyond", () => {
    const fifty = "a".repeat(50);
    expect(truncatePreview(fifty)).toBe(fifty);
    expect(truncatePreview(`${fifty}b`)).toBe(`${fifty}…`);
    expect(truncatePreview("Hola")).toBe("Hola");
  });

  it("never splits an emoji", () => {
    const text = `${"a".repeat(49)}🚴‍♀️🚴‍♀️`;
    expect(truncatePreview(text)).toBe(`${"a".repeat(49)}🚴‍♀️…`);
    // 50 emoji are 50 characters even though each is several UTF-16 units.
    const fiftyRiders = "🚴‍♀️".repeat(50);
    expect(truncatePreview(fiftyRiders)).toBe(fiftyRiders);
    expect(truncatePreview(`${"ñ".repeat(60)}`)).toBe(`${"ñ".repeat(50)}…`);
  });
});
