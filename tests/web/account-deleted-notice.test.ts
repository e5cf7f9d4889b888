// After deleting her account the app leaves with a full page load to the landing; the landing's
// island says it went well, once (web/lib/account-deleted-note.ts).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { noteAccountDeleted } from "../../web/lib/account-deleted-note.ts";
import { initAccountDeletedNotice } from "../../web/site/islands/account-deleted.ts";

const region = () => document.getElementById("toasts")!;

beforeEach(() => {
  document.body.innerHTML = '<div id="toasts" role="status" aria-live="polite"></div>';
});
afterEach(() => sessionStorage.clear());

describe("account deleted notice on the landing", () => {
  it("says 'Cuenta eliminada correctamente' after the app noted it, and only once", () => {
    noteAccountDeleted();
    initAccountDeletedNotice();
    expect(region().textContent).toContain(MSG.accountDeleted);

    document.body.innerHTML = '<div id="toasts"></div>';
    initAccountDeletedNotice();
    expect(region().textContent).toBe("");
  });

  it("says nothing on an ordinary visit", () => {
    initAccountDeletedNotice();
    expect(region().textContent).toBe("");
  });
});
