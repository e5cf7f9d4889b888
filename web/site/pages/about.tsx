import { ABOUT_FAQS } from "../../content/faqs.ts";
import { CONTACT_EMAIL } from "../../content/site.ts";
import type { PageMeta } from "../head.tsx";
import { FaqAccordion, linkClass, SiteLayout } from "../layout.tsx";
import { faqPageLd } from "../structured-data.ts";

export const aboutMeta: PageMeta = {
  path: "/about",
  title: "Sobre Rodamos: misión, historia y preguntas frecuentes",
  description:
    "Por qué nace Rodamos, en qué punto está la beta, quién está detrás y cómo colaborar: una comunidad para que ninguna mujer ciclista tenga que rodar sola.",
  jsonLd: [faqPageLd(ABOUT_FAQS)],
};

const h2 = "text-2xl font-extrabold";
const p = "mt-3 text-lg text-ink-soft";

export function AboutPage() {
  return (
    <SiteLayout page="about">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-4xl font-extrabold leading-tight">Sobre Rodamos</h1>
        <p className="mt-4 text-xl text-ink-soft">
          Queremos que ninguna mujer se quede sin rodar por no tener con quién.
        </p>

        <section aria-labelledby="mision" className="mt-10">
          <h2 id="mision" className={h2}>
            Nuestra misión
          </h2>
          <p className={p}>
            Rodamos conecta a mujeres ciclistas de 16 años o más para que encuentren, creen y se
            unan a grupetas en su ciudad, según su nivel (chill, intermedio o cañero) y su modalidad
            (carretera, gravel o BTT). Creemos en rodar por sensaciones, no por vatios, y en una
            comunidad donde nadie se queda atrás.
          </p>
        </section>

        <section aria-labelledby="estado" className="mt-10">
          <h2 id="estado" className={h2}>
            En qué punto estamos
          </h2>
          <p className={p}>
            Rodamos está en fase beta. El registro todavía no está abierto a todo el mundo: de
            momento abrimos plazas poco a poco desde la{" "}
            <a href="/#join" className={linkClass}>
              lista de espera
            </a>
            . El acceso inicial es gratuito; más adelante podrían llegar opciones premium, siempre
            opcionales.
          </p>
        </section>

        <section aria-labelledby="historia" className="mt-10">
          <h2 id="historia" className={h2}>
            Nuestra historia
          </h2>
          <p className={p}>
            Rodamos nació de una pregunta que muchas ciclistas se hacen un sábado por la noche:
            «¿con quién salgo mañana?». Los grupos mixtos a veces imponen, los clubes piden un nivel
            que no siempre tienes y salir sola no siempre apetece ni da tranquilidad.
          </p>
          <p className={p}>
            Empezamos con un chat de amigas que quedaban para rodar y tomar café. El chat creció,
            llegaron ciclistas de otras ciudades y entendimos que hacía falta una herramienta
            sencilla para encontrarnos: así nació Rodamos.
          </p>
        </section>

        <section aria-labelledby="fundadora" className="mt-10">
          <h2 id="fundadora" className={h2}>
            La fundadora
          </h2>
          <img
            src="/img/landing-coffee.svg"
            alt="Ilustración de una bici apoyada junto a una mesa de café"
            width={600}
            height={400}
            loading="lazy"
            decoding="async"
            className="mt-4 h-auto w-full rounded-3xl"
          />
          <p className={p}>
            Detrás de Rodamos está la fundadora, ciclista de carretera y gravel que durante años
            salió sola por no encontrar grupeta a su ritmo. Cuando por fin dio con un grupo de
            mujeres con las que rodar, cambió su forma de vivir la bici, y quiso que cualquiera
            pudiera tener esa experiencia a un par de toques del móvil.
          </p>
        </section>

        <section id="colabora" aria-labelledby="colabora-title" className="mt-10 scroll-mt-4">
          <h2 id="colabora-title" className={h2}>
            Colabora con nosotras
          </h2>
          <p className={p}>
            ¿Tienes una cafetería ciclista, una tienda o taller, organizas eventos o lideras un
            club? Buscamos colaboraciones locales que hagan las salidas más fáciles y más bonitas:
            puntos de encuentro, paradas de café, rutas y eventos.
          </p>
          <p className={p}>
            Escríbenos a{" "}
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>{" "}
            y cuéntanos tu idea.
          </p>
        </section>

        <section id="faqs" aria-labelledby="faqs-title" className="mt-10 scroll-mt-4">
          <h2 id="faqs-title" className={`${h2} mb-4`}>
            Preguntas frecuentes
          </h2>
          <FaqAccordion id="about-faq" faqs={ABOUT_FAQS} />
        </section>

        <p className="mt-10">
          <a
            href="/#join"
            className="inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-extrabold text-white hover:bg-primary-dark"
          >
            Únete a la lista de espera
          </a>
        </p>
      </div>
    </SiteLayout>
  );
}
