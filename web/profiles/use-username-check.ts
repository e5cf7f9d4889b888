import { useEffect, useState } from "react";
import { USERNAME_MIN } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { normalizeUsernameKey, validateUsername } from "../../domain/username.ts";
import { call, client } from "../lib/api.ts";

export const USERNAME_CHECK_DELAY_MS = 400;

export type UsernameCheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "invalid"; message: string }
  | { status: "taken"; message: string }
  | { status: "available" };

/**
 * Live availability (docs/product.md#usernames): 400 ms after typing stops, only from 3 characters.
 * The rules are checked here first; the server answers for uniqueness. Her own current name is
 * available, and a failed check counts as available (the save is the final word).
 */
export function useUsernameCheck(name: string, currentUsername?: string | null) {
  const [state, setState] = useState<UsernameCheckState>({ status: "idle" });
  useEffect(() => {
    const value = name.trim();
    if ([...value].length < USERNAME_MIN) {
      setState({ status: "idle" });
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      const rule = validateUsername(value);
      if (!rule.ok) {
        setState({ status: "invalid", message: rule.message });
        return;
      }
      if (
        currentUsername &&
        normalizeUsernameKey(currentUsername) === normalizeUsernameKey(value)
      ) {
        setState({ status: "available" });
        return;
      }
      setState({ status: "checking" });
      try {
        const res = await call(
          client.profile["username-available"].$get({ query: { name: value } }),
        );
        if (cancelled) return;
        if (res.status === "available") setState({ status: "available" });
        else
          setState({
            status: res.status,
            message: res.message ?? (res.status === "taken" ? MSG.usernameTaken : MSG.invalidInput),
          });
      } catch {
        if (!cancelled) setState({ status: "available" });
      }
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [name, currentUsername]);
  return state;
}
