import type { ReactNode } from "react";
import { CONTACT_EMAIL, INSTAGRAM_URL, TIKTOK_URL } from "../content/site.ts";

export const linkClass =
  "font-bold text-primary underline decoration-2 underline-offset-2 hover:text-primary-dark";

/** Header, main landmark, footer and the toast live region shared by every public page. */
export function SiteLayout({ page, children }: { page: string; children: ReactNode }) {
  return (
    <div data-page={page} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-full focus:bg-surface focus:px-4 focus:py-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <div
        id="toasts"
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3"
      />
    </div>
  );
}

function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2">
        <a href="/" className="flex min-h-11 items-center gap-2 text-xl font-extrabold text-ink">
          <img src="/icons/icon.svg" alt="" width={32} height={32} className="rounded-lg" />
          Rodamos
        </a>
        <nav aria-label="Principal">
          <ul className="flex items-center gap-1 text-sm font-bold">
            <li>
              <a
                href="/blog"
                className="inline-flex min-h-11 items-center px-2 text-ink hover:text-primary"
              >
                Blog
              </a>
            </li>
            <li>
              <a
                href="/about"
                className="inline-flex min-h-11 items-center px-2 text-ink hover:text-primary"
              >
                Nosotras
              </a>
            </li>
            <li>
              <a
                href="/#join"
                className="inline-flex min-h-11 items-center rounded-full bg-primary px-4 text-white hover:bg-primary-dark"
              >
                Únete
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

const footerLink = "inline-flex min-h-11 items-center hover:text-white hover:underline";

function SiteFooter() {
  return (
    <footer className="mt-12 bg-ink text-[#f3e9ee]">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-white">Rodamos</p>
          <p className="mt-2 text-sm">La app para mujeres ciclistas que no quieren rodar solas.</p>
          <p className="mt-2 text-sm">
            <a className={footerLink} href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Rodamos">
          <h2 className="text-sm font-extrabold uppercase tracking-wide text-white">Descubre</h2>
          <ul className="mt-2 text-sm">
            <li>
              <a className={footerLink} href="/blog">
                Blog
              </a>
            </li>
            <li>
              <a className={footerLink} href="/about">
                Sobre nosotras
              </a>
            </li>
            <li>
              <a className={footerLink} href="/about#faqs">
                Preguntas frecuentes
              </a>
            </li>
            <li>
              <a className={footerLink} href="/about#colabora">
                Colabora con nosotras
              </a>
            </li>
            <li>
              <a className={footerLink} href={INSTAGRAM_URL} rel="noopener">
                Instagram
              </a>
            </li>
            <li>
              <a className={footerLink} href={TIKTOK_URL} rel="noopener">
                TikTok
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-extrabold uppercase tracking-wide text-white">Legal</h2>
          <ul className="mt-2 text-sm">
            <li>
              <a className={footerLink} href="/privacy">
                Privacidad
              </a>
            </li>
            <li>
              <a className={footerLink} href="/terms">
                Términos de uso
              </a>
            </li>
            <li>
              <a className={footerLink} href="/waiver">
                Descargo de responsabilidad
              </a>
            </li>
            <li>
              <a className={footerLink} href="/ai-policy">
                Política de uso de IA
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/15 px-4 py-4 text-center text-xs">
        © {new Date().getUTCFullYear()} Rodamos · Hecho con cariño para las que ruedan juntas.
      </p>
    </footer>
  );
}

/** Accordion markup; the answers start closed and web/site/islands/accordion.ts opens them.
 * Without JavaScript a <noscript> style in the head shows every answer. */
export function FaqAccordion({
  id,
  faqs,
  headingLevel = 3,
}: {
  id: string;
  faqs: readonly { question: string; answer: string }[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div data-accordion className="divide-y divide-line rounded-3xl border border-line bg-surface">
      {faqs.map((faq, i) => (
        <div key={faq.question}>
          <Heading className="text-base font-bold">
            <button
              type="button"
              id={`${id}-q${i}`}
              aria-expanded="false"
              aria-controls={`${id}-a${i}`}
              data-accordion-trigger
              className="flex min-h-14 w-full items-center justify-between gap-3 px-4 py-3 text-left hover:text-primary"
            >
              <span>{faq.question}</span>
              <span
                aria-hidden="true"
                data-accordion-icon
                className="text-2xl leading-none text-primary"
              >
                +
              </span>
            </button>
          </Heading>
          <section
            id={`${id}-a${i}`}
            aria-labelledby={`${id}-q${i}`}
            data-accordion-panel
            data-state="closed"
            className="px-4 pb-4 text-ink-soft data-[state=closed]:hidden"
          >
            <p>{faq.answer}</p>
          </section>
        </div>
      ))}
    </div>
  );
}
