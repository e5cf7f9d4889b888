// /ciclismo-mujeres single-email launch sign-up (docs/product.md#launch-sign-ups).
import { LAUNCH_SIGNUPS_PATH } from "../../../domain/api/launch-signups.ts";
import { MSG } from "../../../domain/messages.ts";
import { PostError, postJson } from "./api.ts";
import { showToast } from "./toast.ts";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export const VARIANT_SOURCE = "ciclismo-mujeres";

export function initVariantForm(form: HTMLFormElement, thanks: HTMLElement | null) {
  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    const email = (new FormData(form).get("email")?.toString() ?? "").trim();
    if (!email) {
      showToast(MSG.errorTitle, MSG.emailInvalid, "destructive");
      return;
    }
    // Analytics only when the site owner has installed a gtag function. "join_waitlist" is the
    // conversion's name in the analytics account: it stays as it is.
    if (typeof window.gtag === "function") {
      window.gtag("event", "join_waitlist", {
        event_category: "conversion",
        event_label: "email_signup",
      });
    }
    sending = true;
    try {
      await postJson(LAUNCH_SIGNUPS_PATH, { email, source: VARIANT_SOURCE });
      showToast(MSG.launchSignupStep2SuccessTitle, "Te has apuntado a la lista de espera.");
      form.reset();
      if (thanks) {
        form.hidden = true;
        thanks.hidden = false;
        thanks.querySelector<HTMLElement>("[data-focus-target]")?.focus();
      }
    } catch (err) {
      if (err instanceof PostError && err.status === 400) {
        showToast(MSG.errorTitle, MSG.emailInvalid, "destructive");
      } else {
        showToast(MSG.launchSignupStep2FailedTitle, MSG.launchSignupStep2Failed, "destructive");
      }
    } finally {
      sending = false;
    }
  });
}
