// Response shapes of /api/push/*.
import type { PushPreferences } from "../push.ts";

export interface PushSettingsResponse {
  /** Our VAPID public key (applicationServerKey); null when push is not configured. */
  publicKey: string | null;
  preferences: PushPreferences;
  /** Whether the device whose endpoint was asked about (?endpoint=) is registered to her. */
  deviceRegistered: boolean;
}

export interface PushTestResponse {
  sent: number;
}
