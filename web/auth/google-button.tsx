import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { MSG } from "../../domain/messages.ts";
import { returnPathOrNull } from "../../domain/return-path.ts";
import { AUTH_TEXT } from "../../domain/texts/auth.ts";
import { Button } from "../components/button.tsx";
import { client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { useMe } from "../session/use-me.ts";
import { storedReferral } from "./referral.ts";

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * 'Continuar con Google': the worker's PKCE flow, or a note when Google is not configured.
 * `from="signup"` brings a failure back to the sign-up page instead of login; `returnTo` is the
 * page she was sent to, where the worker lands her once she is in (our own /app paths only).
 */
export function GoogleButton({ from, returnTo }: { from?: "signup"; returnTo?: string | null }) {
  const me = useMe();
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={me.isPending}
      onClick={() => {
        if (!me.data?.googleEnabled) {
          toast.info(MSG.googleNotConfigured);
          return;
        }
        const next = returnPathOrNull(returnTo) ?? undefined;
        window.location.assign(
          `/api${client.auth.google.$path({
            query: { ref: storedReferral() ?? undefined, from, next },
          })}`,
        );
      }}
    >
      <GoogleMark />
      {AUTH_TEXT.google}
    </Button>
  );
}

/**
 * The worker sends a failed Google sign-in back with `?error=google`: says so once, with the
 * page's own text ('Error al iniciar sesión con Google' / 'Error al crear cuenta con Google').
 */
export function useGoogleFailureToast(message: string) {
  const [params] = useSearchParams();
  const failed = params.get("error") === "google";
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true;
      toast.error(message);
    }
  }, [failed, message]);
}
