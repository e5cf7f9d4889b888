import { MODALITIES, type Modality } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { CONTACT_EMAIL, INSTAGRAM_URL } from "../content/site.ts";
import { linkClass } from "./layout.tsx";

/** Labels of the step-2 modality checkboxes (docs/product.md#launch-sign-ups). */
export const LAUNCH_SIGNUP_MODALITY_LABELS: Record<Modality, string> = {
  road: "Carretera",
  gravel: "Gravel",
  btt: "BTT",
};

const input =
  "min-h-12 w-full rounded-2xl border-2 border-line bg-surface px-4 text-base text-ink placeholder:text-ink-soft focus:border-primary focus:outline-none";
const primaryButton =
  "inline-flex min-h-12 items-center justify-center rounded-full bg-primary px-6 font-extrabold text-white hover:bg-primary-dark disabled:cursor-not-allowed disabled:opacity-60";

/** The forms need JavaScript; without it, say how else to reach us. */
function NoScriptNote() {
  return (
    <noscript>
      <p className="text-sm font-bold">
        Para apuntarte necesitas activar JavaScript. También puedes escribirnos a{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
          {CONTACT_EMAIL}
        </a>
        .
      </p>
    </noscript>
  );
}

/**
 * Step 1 of both launch sign-up forms: the e-mail field and the submit button. The landing's is
 * `required` (docs/product.md#accounts-and-sign-in: the browser says so); the variant checks it
 * itself and shows a toast.
 */
function EmailStep({ id, required = false }: { id: string; required?: boolean }) {
  return (
    <>
      <label htmlFor={id} className="font-bold">
        Tu email
      </label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="tu@email.com"
        required={required}
        className={input}
      />
      <button type="submit" className={primaryButton}>
        Quiero unirme
      </button>
      <NoScriptNote />
    </>
  );
}

export function InstagramLink() {
  return (
    <a href={INSTAGRAM_URL} rel="noopener" className={linkClass}>
      Síguenos en Instagram (@rodamos.app)
    </a>
  );
}

/**
 * The landing's launch sign-up (docs/product.md#launch-sign-ups): step 1 (email) → welcome +
 * step 2 (city and modalities) → thank-you panel. Behaviour: web/site/islands/launch-signups.ts.
 */
export function LandingLaunchSignup() {
  return (
    <div
      data-launch-signup
      className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <form data-launch-signup-step1 method="post" className="flex flex-col gap-3">
        <h2 className="text-xl font-extrabold">Únete a la lista de espera</h2>
        <p className="text-ink-soft">
          Estamos en beta y abrimos plazas poco a poco. Déjanos tu email y te avisamos.
        </p>
        <EmailStep id="launch-signup-email" required />
        <p className="text-xs text-ink-soft">
          Solo te escribiremos para contarte novedades de Rodamos. Lee nuestra{" "}
          <a href="/privacy" className={linkClass}>
            política de privacidad
          </a>
          .
        </p>
      </form>

      <div data-launch-signup-welcome hidden className="flex flex-col gap-3">
        <h2 className="text-xl font-extrabold" tabIndex={-1} data-focus-target>
          ¡Bienvenida a la lista de espera!
        </h2>
        <p className="text-ink-soft">
          Ya estás dentro. Cuéntanos dónde ruedas y qué modalidades te gustan para avisarte primero
          cuando haya grupetas cerca de ti.
        </p>
        <form data-launch-signup-step2 noValidate className="flex flex-col gap-4">
          <div className="relative flex flex-col gap-1.5">
            <label htmlFor="launch-signup-city" className="font-bold">
              Tu ciudad
            </label>
            <input
              id="launch-signup-city"
              name="city"
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded="false"
              aria-controls="launch-signup-city-options"
              autoComplete="off"
              placeholder="Ej.: Madrid"
              className={input}
            />
            <div
              id="launch-signup-city-options"
              role="listbox"
              aria-label="Ciudades sugeridas"
              hidden
              className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-auto rounded-2xl border border-line bg-surface py-1 shadow-lg"
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-bold">¿Qué modalidades practicas?</legend>
            <div className="flex flex-wrap gap-2">
              {MODALITIES.map((m) => (
                <label
                  key={m}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-line bg-surface px-4 font-bold has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent"
                >
                  <input
                    type="checkbox"
                    name="modalities"
                    value={m}
                    className="size-4 accent-primary"
                  />
                  {LAUNCH_SIGNUP_MODALITY_LABELS[m]}
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            className={primaryButton}
            data-idle-label="Guardar"
            data-busy-label={MSG.launchSignupSaving}
          >
            Guardar
          </button>
        </form>
      </div>

      <div data-launch-signup-thanks hidden className="flex flex-col gap-3 text-center">
        <h2 className="text-xl font-extrabold" tabIndex={-1} data-focus-target>
          ¡Gracias por apuntarte!
        </h2>
        <p className="text-ink-soft">
          Te escribiremos en cuanto abramos plazas en tu zona. Mientras tanto, pásate por nuestras
          redes y por el blog.
        </p>
        <p>
          <InstagramLink />
        </p>
      </div>
    </div>
  );
}

/**
 * The landing variant's single-email form (docs/product.md#public-site). Behaviour:
 * islands/variant-form.ts.
 */
export function SingleEmailLaunchSignup() {
  return (
    <div className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <form data-variant-form method="post" noValidate className="flex flex-col gap-3">
        <h2 className="text-xl font-extrabold">Apúntate a la lista de espera</h2>
        <EmailStep id="variant-email" />
      </form>
      <div data-variant-thanks hidden className="text-center">
        <h2 className="text-xl font-extrabold" tabIndex={-1} data-focus-target>
          ¡Ya estás en la lista!
        </h2>
        <p className="mt-2 text-ink-soft">Te avisaremos en cuanto puedas entrar en Rodamos.</p>
        <p className="mt-2">
          <InstagramLink />
        </p>
      </div>
    </div>
  );
}
