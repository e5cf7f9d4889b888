import { MSG } from "../../../domain/messages.ts";
import { takeAccountDeletedNote } from "../../lib/account-deleted-note.ts";
import { showToast } from "./toast.ts";

/** 'Cuenta eliminada correctamente' on the page the app sent her to after deleting her account. */
export function initAccountDeletedNotice() {
  if (takeAccountDeletedNote()) showToast(MSG.accountDeleted, MSG.accountDeletedDetail);
}
