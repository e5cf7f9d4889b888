import { CONTACT_EMAIL } from "../../content/site.ts";
import type { PageMeta } from "../head.tsx";
import { InstagramLink, LandingLaunchSignup } from "../launch-signup-forms.tsx";
import { linkClass, SiteLayout } from "../layout.tsx";
import { organizationLd } from "../structured-data.ts";

export const landingMeta: PageMeta = {
  path: "/",
  title: "Rodamos — la app para mujeres ciclistas que no quieren rodar solas",
  description:
    "Encuentra, crea y únete a grupetas solo para mujeres en tu ciudad, por nivel y modalidad: carretera, gravel o BTT. Apúntate a la lista de espera de la beta.",
  jsonLd: [organizationLd()],
};

/** docs/product.md#public-site: what the public page promises. */
export const UPCOMING_FEATURES = [
  "Salidas de café, salidas sociales y salidas más cañeras.",
  "Crea tu ruta o únete a una, incluso a mitad de camino.",
  "Un chat privado para cada salida.",
  "Rodamos por sensaciones, no por vatios.",
  "Marca con quién ya has rodado y reencuéntrala en la próxima.",
  "Colaboraciones locales con cafeterías, tiendas y organizadoras.",
];

const SECTIONS = [
  {
    image: "/img/landing-group.svg",
    alt: "Ilustración de un grupo de ciclistas rodando juntas por una carretera",
    title: "Grupetas a tu ritmo",
    text: "Chill, intermedio o cañero: elige el nivel que te apetece hoy y encuentra salidas de carretera, gravel o BTT organizadas por otras ciclistas de tu zona.",
  },
  {
    image: "/img/landing-map.svg",
    alt: "Ilustración de un mapa con una ruta marcada y varios puntos de encuentro",
    title: "Cerca de ti, y también cuando viajas",
    text: "Busca por ciudad y rueda con ciclistas locales en tu ciudad o en cualquier otra de España. Cada salida tiene su punto de encuentro, su ruta y su chat privado.",
  },
  {
    image: "/img/landing-coffee.svg",
    alt: "Ilustración de dos tazas de café junto a una bici apoyada en una cafetería",
    title: "Por sensaciones, no por vatios",
    text: "Aquí nadie se queda atrás. Salidas con parada de café, charla y buen ambiente, y después marcas con quién has rodado para volver a encontrarla.",
  },
];

export function LandingPage() {
  return (
    <SiteLayout page="landing">
      <section className="bg-primary-soft/60">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-2 md:items-center md:py-14">
          <div className="flex flex-col gap-4">
            <p className="text-sm font-extrabold uppercase tracking-wide text-primary-dark">
              Solo para mujeres ciclistas · Beta
            </p>
            <h1 className="text-4xl font-extrabold leading-tight md:text-5xl">
              Cansada de salir sola en bici? Encuentra tu grupeta
            </h1>
            <p className="text-lg text-ink-soft">
              Rodamos es la app para mujeres ciclistas que no quieren rodar solas: descubre, crea y
              únete a salidas en grupo en tu ciudad, por nivel y modalidad.
            </p>
            <p>
              <InstagramLink />
            </p>
          </div>
          <div id="join" className="scroll-mt-4 md:row-span-2">
            <LandingLaunchSignup />
          </div>
          <img
            src="/img/landing-hero.svg"
            alt="Ilustración de tres ciclistas rodando juntas bajo el sol"
            width={800}
            height={600}
            className="h-auto w-full rounded-3xl"
          />
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="how-title" className="text-3xl font-extrabold">
          Rodar en grupo, fácil
        </h2>
        <div className="mt-8 flex flex-col gap-12">
          {SECTIONS.map((s, i) => (
            <div key={s.title} className="grid gap-6 md:grid-cols-2 md:items-center">
              <img
                src={s.image}
                alt={s.alt}
                width={600}
                height={400}
                loading="lazy"
                decoding="async"
                className={`h-auto w-full rounded-3xl ${i % 2 === 1 ? "md:order-2" : ""}`}
              />
              <div>
                <h3 className="text-2xl font-extrabold">{s.title}</h3>
                <p className="mt-3 text-lg text-ink-soft">{s.text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="soon-title" className="bg-surface">
        <div className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="soon-title" className="text-3xl font-extrabold">
            Lo que llega con Rodamos
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {UPCOMING_FEATURES.map((feature) => (
              <li key={feature} className="flex gap-3 rounded-2xl bg-bg p-4 text-lg">
                <span aria-hidden="true" className="font-extrabold text-primary">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <a
              href="#join"
              className="inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-extrabold text-white hover:bg-primary-dark"
            >
              Apúntate a la lista de espera
            </a>
          </p>
        </div>
      </section>

      <section aria-labelledby="contact-title" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="contact-title" className="text-2xl font-extrabold">
          Hablemos
        </h2>
        <p className="mt-3 text-lg text-ink-soft">
          ¿Tienes una cafetería, una tienda, un club o simplemente una idea? Escríbenos a{" "}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
        <p className="mt-3 text-lg">
          <InstagramLink />
        </p>
      </section>
    </SiteLayout>
  );
}
