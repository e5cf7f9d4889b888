import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../lib/toast.ts";
import {
  APP_SCOPE,
  checkForUpdate,
  UPDATE_AVAILABLE_EVENT,
  type UpdateOutcome,
} from "./update-check.ts";

const TOAST_ID = "app-update";

function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator
    ? navigator.serviceWorker
    : undefined;
}

/**
 * Runs the update check with the spec's messages as toasts. `updateAvailable` turns true when
 * /app/register-sw.js's own checks (1 s and 3 s after load) already found a new version.
 */
export function useUpdateCheck(options: { errorMessage?: string } = {}) {
  const [checking, setChecking] = useState(false);
  const [updateAvailable, setUpdateAvailable] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    const onAvailable = () => setUpdateAvailable(true);
    window.addEventListener(UPDATE_AVAILABLE_EVENT, onAvailable);
    const container = serviceWorkerContainer();
    let active = true;
    container
      ?.getRegistration(APP_SCOPE)
      .then((registration) => {
        if (active && registration?.waiting && container.controller) setUpdateAvailable(true);
      })
      .catch(() => {
        // No registration to ask: the button will report it when pressed.
      });
    return () => {
      active = false;
      window.removeEventListener(UPDATE_AVAILABLE_EVENT, onAvailable);
    };
  }, []);

  const { errorMessage } = options;
  const check = useCallback(async (): Promise<UpdateOutcome | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setChecking(true);
    try {
      return await checkForUpdate({
        serviceWorker: serviceWorkerContainer(),
        errorMessage,
        reload: () => window.location.reload(),
        notify: (kind, message) => {
          if (kind === "loading") toast.loading(message, { id: TOAST_ID });
          else if (kind === "success") toast.success(message, { id: TOAST_ID });
          else if (kind === "error") toast.error(message, { id: TOAST_ID });
          else toast.info(message);
        },
      });
    } finally {
      running.current = false;
      setChecking(false);
    }
  }, [errorMessage]);

  return { check, checking, updateAvailable };
}
