import { MSG } from "../../../domain/messages.ts";
import type { PageMeta } from "../head.tsx";
import { SiteLayout } from "../layout.tsx";

export const notFoundMeta: PageMeta = {
  path: "",
  title: "Página no encontrada | Rodamos",
  description: "Esta página no existe. Vuelve al inicio de Rodamos o visita nuestro blog.",
  noindex: true,
};

/** Served with status 404 for unknown public paths (wrangler not_found_handling = "404-page"). */
export function NotFoundPage() {
  return (
    <SiteLayout page="not-found">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <img
          src="/img/landing-map.svg"
          alt=""
          width={600}
          height={400}
          className="h-auto w-full max-w-sm rounded-3xl"
        />
        <h1 className="text-3xl font-extrabold leading-tight">{MSG.notFoundPage}</h1>
        <p className="text-lg text-ink-soft">Esta página no existe o ha cambiado de sitio.</p>
        <a
          href="/"
          className="inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-extrabold text-white hover:bg-primary-dark"
        >
          Volver al inicio
        </a>
        <a href="/blog" className="font-bold text-primary underline">
          Leer el blog
        </a>
      </div>
    </SiteLayout>
  );
}
