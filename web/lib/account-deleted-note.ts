// Account deletion ends with a full page load to the landing (nothing of hers stays in the SPA's
// memory), which loses any toast the app raised. The app leaves this note in sessionStorage
// instead; the landing's island (web/site/islands/account-deleted.ts) shows the confirmation
// and removes the note. Shared by both sides, so it imports nothing.
const KEY = "rodamos.accountDeleted";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called by the app once the account is gone, before leaving for the landing. */
export function noteAccountDeleted(): void {
  try {
    session()?.setItem(KEY, "1");
  } catch {
    // Storage full or refused: she lands without the confirmation, nothing worse.
  }
}

/** Whether the note is there; removes it, so the confirmation shows once. */
export function takeAccountDeletedNote(): boolean {
  const storage = session();
  if (!storage || storage.getItem(KEY) === null) return false;
  storage.removeItem(KEY);
  return true;
}
