import { VARIANT_FAQS } from "../../content/faqs.ts";
import type { PageMeta } from "../head.tsx";
import { SingleEmailLaunchSignup } from "../launch-signup-forms.tsx";
import { FaqAccordion, SiteLayout } from "../layout.tsx";
import { faqPageLd } from "../structured-data.ts";

/** Landing variant for search traffic (docs/product.md#public-site). */
export const variantMeta: PageMeta = {
  path: "/ciclismo-mujeres",
  title: "App de ciclismo para mujeres: grupetas en tu ciudad | Rodamos",
  description:
    "¿Buscas con quién rodar? Rodamos es la app para mujeres ciclistas que no quieren salir solas: grupetas por ciudad, nivel y modalidad en toda España.",
  jsonLd: [faqPageLd(VARIANT_FAQS)],
};

export function VariantPage() {
  return (
    <SiteLayout page="variant">
      <section className="bg-primary-soft/60">
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p className="text-sm font-extrabold uppercase tracking-wide text-primary-dark">
            Ciclismo para mujeres
          </p>
          <h1 className="mt-2 text-4xl font-extrabold leading-tight">
            La app para mujeres ciclistas que no quieren rodar solas
          </h1>
          <p className="mt-4 text-lg text-ink-soft">
            Dinos dónde estás y cuál es tu nivel, y Rodamos te enseña salidas en grupo organizadas
            por otras ciclistas cerca de ti. Carretera, gravel o BTT; chill, intermedio o cañero.
          </p>
          <img
            src="/img/landing-group.svg"
            alt="Ilustración de un grupo de ciclistas rodando juntas por una carretera"
            width={600}
            height={400}
            className="mt-6 h-auto w-full rounded-3xl"
          />
        </div>
      </section>
      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-10">
        <h2 id="faq-title" className="mb-4 text-3xl font-extrabold">
          Preguntas frecuentes
        </h2>
        <FaqAccordion id="variant-faq" faqs={VARIANT_FAQS} />
      </section>
      <section
        id="join"
        aria-label="Lista de espera"
        className="mx-auto max-w-3xl scroll-mt-4 px-4"
      >
        <SingleEmailLaunchSignup />
      </section>
    </SiteLayout>
  );
}
