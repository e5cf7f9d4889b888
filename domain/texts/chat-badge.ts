// A chat's unread count, on the ride cards and the feed's list of chats: apart from the chat
// screen's texts (chat.ts), which those screens do not load.
import { pluralForm } from "../plural.ts";

export const UNREAD_BADGE_TEXT = {
  /** After the badge's number, for a screen reader: '3 mensajes sin leer'. */
  unread: (n: number) => pluralForm(n, "mensaje sin leer", "mensajes sin leer"),
} as const;
