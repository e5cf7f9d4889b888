// The landing's launch sign-up ("lista de espera", docs/product.md#launch-sign-ups): step 1 →
// welcome + step 2 → thanks.
import {
  LAUNCH_SIGNUPS_DETAILS_PATH,
  LAUNCH_SIGNUPS_PATH,
} from "../../../domain/api/launch-signups.ts";
import { MSG } from "../../../domain/messages.ts";
import { postJson } from "./api.ts";
import { initCityCombobox } from "./city-combobox.ts";
import { showToast } from "./toast.ts";

function reveal(hide: HTMLElement, show: HTMLElement) {
  hide.hidden = true;
  show.hidden = false;
  show.querySelector<HTMLElement>("[data-focus-target]")?.focus();
}

export function initLandingLaunchSignup(root: HTMLElement) {
  const step1 = root.querySelector<HTMLFormElement>("[data-launch-signup-step1]");
  const welcome = root.querySelector<HTMLElement>("[data-launch-signup-welcome]");
  const step2 = root.querySelector<HTMLFormElement>("[data-launch-signup-step2]");
  const thanks = root.querySelector<HTMLElement>("[data-launch-signup-thanks]");
  const city = step2?.querySelector<HTMLInputElement>("input[name=city]");
  const cityList = step2?.querySelector<HTMLElement>("[role=listbox]");
  const save = step2?.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!step1 || !welcome || !step2 || !thanks || !city || !cityList || !save) return;
  initCityCombobox(city, cityList);

  let email = "";
  let saving = false;

  step1.addEventListener("submit", (event) => {
    event.preventDefault();
    email = (new FormData(step1).get("email")?.toString() ?? "").trim();
    // The field is required, so the browser refuses an empty one before this runs.
    if (!email) return;
    // Step 1 is sent without waiting; a failure is only logged
    // (docs/product.md#launch-sign-ups).
    postJson(LAUNCH_SIGNUPS_PATH, { email, source: "landing" }).catch((err: unknown) =>
      console.warn("launch sign-up step 1 failed", err),
    );
    reveal(step1, welcome);
  });

  step2.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (saving) return;
    const cityValue = city.value.trim();
    const modalities = new FormData(step2).getAll("modalities").map(String);
    if (!cityValue || modalities.length === 0) {
      showToast(MSG.launchSignupMissingInfoTitle, MSG.launchSignupMissingInfo, "destructive");
      return;
    }
    saving = true;
    save.disabled = true;
    save.textContent = save.dataset.busyLabel ?? MSG.launchSignupSaving;
    try {
      await postJson(LAUNCH_SIGNUPS_DETAILS_PATH, {
        email,
        city: cityValue,
        modalities,
        source: "step2",
        ua: navigator.userAgent,
      });
      showToast(MSG.launchSignupStep2SuccessTitle, MSG.launchSignupStep2Success);
      step2.reset();
      reveal(welcome, thanks);
    } catch {
      // Her city and modalities stay in the form for another try.
      showToast(MSG.launchSignupStep2FailedTitle, MSG.launchSignupStep2Failed, "destructive");
    } finally {
      saving = false;
      save.disabled = false;
      save.textContent = save.dataset.idleLabel ?? "Guardar";
    }
  });
}
