// The small public page behind a shared ride link (/salida/<id>): Open Graph and Twitter tags
// for the chat apps' preview, noindex, and one button into the app.
import type { SharePreview } from "../../domain/share-preview.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  background:#FFF8F5;color:#1F1A24;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
main{width:100%;max-width:32rem;background:#fff;border-radius:24px;padding:24px;box-shadow:0 1px 3px rgba(31,26,36,.12)}
.brand{color:#C2185B;font-weight:800;font-size:1.25rem;margin:0 0 12px}
h1{font-size:1.6rem;line-height:1.2;margin:0 0 8px}
.state{display:inline-block;border-radius:999px;padding:4px 14px;font-weight:800;margin:0 0 12px}
.open{background:#2E7D32;color:#fff}.full{background:#FFB300;color:#1F1A24}
.cancelled{background:#C62828;color:#fff}.past{background:#5B5563;color:#fff}
dl{margin:0 0 20px}dt{font-weight:700}dd{margin:0 0 8px;color:#5B5563}
.button{display:flex;align-items:center;justify-content:center;min-height:48px;border-radius:999px;
  background:#C2185B;color:#fff;font-weight:800;text-decoration:none;padding:12px 20px}
.button:focus-visible{outline:3px solid #1F1A24;outline-offset:3px}
.note{font-size:.875rem;color:#5B5563;margin:12px 0 0;text-align:center}`;

/** The page around a preview; `indexable` lets search engines list it (a group's choice). */
export function page(options: { title: string; head: string; body: string; indexable?: boolean }) {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<meta name="robots" content="${options.indexable ? "index, follow" : "noindex, nofollow"}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${options.head}
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Rodamos</p>
${options.body}
</main>
</body>
</html>`;
}

/** The Open Graph and Twitter tags of a shared link's page with its 1200×630 PNG. */
export function previewHead(p: {
  title: string;
  description: string;
  url: string;
  image: string;
  alt: string;
}) {
  const meta = (attr: "property" | "name", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    meta("name", "description", p.description),
    `<link rel="canonical" href="${escapeHtml(p.url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Rodamos"),
    meta("property", "og:locale", "es_ES"),
    meta("property", "og:title", p.title),
    meta("property", "og:description", p.description),
    meta("property", "og:url", p.url),
    meta("property", "og:image", p.image),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("property", "og:image:alt", p.alt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", p.title),
    meta("name", "twitter:description", p.description),
    meta("name", "twitter:image", p.image),
    meta("name", "twitter:image:alt", p.alt),
  ].join("\n");
}

export function previewPage(
  preview: SharePreview,
  note: string | null,
  urls: { page: string; image: string; app: string },
) {
  const title = `${preview.title} · Rodamos`;
  const description = preview.summary;
  const alt = `${preview.title}: ${preview.when}, ${preview.city}. ${preview.stateText}.`;
  const head = previewHead({
    title: preview.title,
    description,
    url: urls.page,
    image: urls.image,
    alt,
  });
  const details: [string, string | null][] = [
    ["Cuándo", preview.when],
    ["Dónde", preview.city],
    ["Nivel", preview.level],
    ["Modalidad", preview.modalities],
    ["Distancia", preview.distance],
  ];
  const body = `<h1>${escapeHtml(preview.title)}</h1>
<p class="state ${preview.state}">${escapeHtml(preview.stateText)}</p>
<dl>
${details
  .filter((d): d is [string, string] => d[1] !== null)
  .map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`)
  .join("\n")}
</dl>
<a class="button" href="${escapeHtml(urls.app)}">Ver la salida en Rodamos</a>${
    note ? `\n<p class="note">${escapeHtml(note)}</p>` : ""
  }`;
  return page({ title, head, body });
}

export function notFoundPage() {
  return page({
    title: "Salida no encontrada · Rodamos",
    head: "",
    body: `<h1>Esta salida no existe o ya no está disponible</h1>
<p>Puede que la organizadora la haya eliminado o que el enlace esté incompleto.</p>
<a class="button" href="/app">Descubrir salidas en Rodamos</a>`,
  });
}

/**
 * A 'Solo el grupo' ride's link (docs/product.md#grupos): it says only that it is a group's ride;
 * no title, date, place or name, and no preview image.
 */
export function groupRidePage(app: string) {
  return page({
    title: `${GROUP_MSG.groupRide} · Rodamos`,
    head: `<meta property="og:title" content="${escapeHtml(GROUP_MSG.groupRide)}">
<meta property="og:description" content="${escapeHtml(GROUP_MSG.groupRideShare)}">`,
    body: `<h1>${escapeHtml(GROUP_MSG.groupRide)}</h1>
<p>${escapeHtml(GROUP_MSG.groupRideShare)}</p>
<a class="button" href="${escapeHtml(app)}">Abrir en Rodamos</a>`,
  });
}
