// Web test files share a vitest worker (isolate: false in vitest.config.ts); tests/setup/web.ts
// gives each file a new happy-dom window and a fresh copy of the app's modules all the same.
// Most files change these before this one runs in the same worker, so a leftover shows here.
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toasterWanted } from "../../web/lib/toast.ts";

describe("a web test file", () => {
  it("starts on a blank page of its own: no markup, storage, cookies or history", () => {
    expect(document.documentElement.getAttributeNames()).toEqual([]);
    // The markup itself, so that a failure shows what was left behind.
    expect(document.head.innerHTML).toBe("");
    expect(document.body.innerHTML).toBe("");
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe("");
    expect(location.href).toBe("http://localhost:3000/");
    expect(history.length).toBe(1);
  });

  it("gets its own copy of the app's modules (no toast raised yet)", () => {
    expect(toasterWanted()).toBe(false);
  });

  it("gets a user-event of its own: what she types lands in this page's field", async () => {
    // user-event keeps the document of the page it was loaded on as setup()'s default, and its
    // keys go to that document's focused element (vitest.config.ts loads it anew per file).
    const field = document.createElement("input");
    document.body.append(field);
    try {
      await userEvent.setup().type(field, "Hola");
      expect(field.value).toBe("Hola");
    } finally {
      field.remove();
    }
  });

  it("has no network: a fetch no test answered fails as it does offline", async () => {
    await expect(fetch("/api/me")).rejects.toThrow(new TypeError("Failed to fetch"));
  });
});
