import { describe, expect, it } from "vitest";
import { SHELL_SLOT, withPrerenderedShell } from "../../scripts/app-shell-prerender.ts";
import { criticalCss } from "../../scripts/critical-css.ts";

// Vite's minified Tailwind output, cut down to one rule of each kind.
const CSS =
  "@layer theme,base,components,utilities;" +
  "@layer theme{:root,:host{--color-primary:#c2185b}}" +
  "@layer base{*,:after,:before{box-sizing:border-box}::placeholder{opacity:1}input{font:inherit}}" +
  "@layer components;" +
  "@layer utilities{.flex{display:flex}.grid{display:grid}.hover\\:text-primary:hover{color:var(--color-primary)}" +
  "@media (min-width:40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}" +
  "@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}}" +
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
  '@font-face{font-family:Nunito Variable;src:url(/assets/nunito.woff2)format("woff2")}' +
  "@keyframes spin{to{transform:rotate(360deg)}}";

const MARKUP = '<div class="flex hover:text-primary sm:flex"><p>Cargando...</p></div>';

describe("the critical CSS of prerendered markup", () => {
  const critical = criticalCss(CSS, MARKUP);

  it("keeps the rules its elements use, in their layers and media queries, states included", () => {
    expect(critical).toBe(
      "@layer theme,base,components,utilities;" +
        "@layer theme{:root,:host{--color-primary:#c2185b}}" +
        "@layer base{*,:after,:before{box-sizing:border-box}}" +
        "@layer components;" +
        "@layer utilities{.flex{display:flex}.hover\\:text-primary:hover{color:var(--color-primary)}" +
        "@media (min-width:40rem){.sm\\:flex{display:flex}}}" +
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
        '@font-face{font-family:Nunito Variable;src:url(/assets/nunito.woff2)format("woff2")}' +
        "@keyframes spin{to{transform:rotate(360deg)}}",
    );
  });
});

describe("the built /app shell", () => {
  const html =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/app-1.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/app-2.css"></head>' +
    `<body><div id="root">${SHELL_SLOT}</div><script src="/app/register-sw.js" defer></script></body></html>`;
  const built = withPrerenderedShell(html, MARKUP, (href) =>
    href === "/assets/app-2.css" ? CSS : "",
  );

  it("holds the markup, the CSS it needs inline, and the stylesheet only at the end of <body>", () => {
    const [head = "", body = ""] = built.split("</head>");
    expect(body).toContain(`<div id="root">${MARKUP}</div>`);
    expect(head).toMatch(
      /<style>@layer theme,base,components,utilities;.*\.flex\{display:flex\}.*<\/style>$/,
    );
    expect(head).not.toContain("<link");
    expect(body).toMatch(
      /<script src="\/app\/register-sw.js" defer><\/script><link rel="stylesheet" crossorigin href="\/assets\/app-2.css"><\/body><\/html>$/,
    );
  });

  it("asks for the app's module script and module preloads at a low priority", () => {
    const page = withPrerenderedShell(
      html.replace(
        "</head>",
        '<link rel="modulepreload" crossorigin href="/assets/react-3.js"></head>',
      ),
      MARKUP,
      () => CSS,
    );
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/app-1.js"></script>',
    );
    expect(page).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-3.js">',
    );
  });

  it("refuses a page without the shell's slot", () => {
    expect(() => withPrerenderedShell("<html></html>", MARKUP, () => CSS)).toThrow(SHELL_SLOT);
  });
});
