// The app's Spanish texts come from the texts modules of domain/ (domain/messages.ts and
// domain/texts/, docs/decisions/0053-texts-in-one-place-per-feature.md), never from a literal
// written in a screen: a wording is then changed in one place, and a screen's code reads as code.
// The public site's pages (web/site/, web/content/) are content and are not read here.
//
// A heuristic, read with TypeScript's parser: JSX text with a letter; a string with a letter given
// to a JSX attribute or property that names a text (aria-label, title, placeholder, label…), shown
// as a JSX child, or passed to a count or a toast (plural, toast); and any other string that looks
// like words (a letter and a space, or an accented letter, ñ, ¿, ¡), except where a string is
// code: class names, CSS, SVG paths, keys, module paths, types, selectors, event names, log lines.
//
// Lives in the web project because that project has node:fs (see tests/web/repo-pointers.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder, repoRoot } from "./helpers/repo-files.ts";

/** The public site's pages and files served as they are: content, not the app's code. */
const NOT_THE_APP = new Set(["site", "content", "public"]);

/**
 * Strings that look like Spanish words and are not texts the app shows. Kept tiny: each entry
 * says why it stays.
 */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: "web/pwa/update-check.ts",
    text: "no service worker registered for /app/",
    why: "an error checkForUpdate throws and catches itself; she reads MSG.updateCheckFailed",
  },
  {
    file: "web/pwa/update-check.ts",
    text: "the new service worker did not install",
    why: "an error checkForUpdate throws and catches itself; she reads MSG.updateCheckFailed",
  },
  {
    file: "web/maps/saved-map.ts",
    text: "Cache Storage is not available",
    why: "an error saveMap throws to its one caller, which shows OFFLINE_MAP_TEXT.failed",
  },
];

const LETTER = /\p{L}/u;
/** Letters only Spanish (of the two languages in the code) writes. */
const SPANISH_MARK = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;
/** Attributes and properties whose value is a text, whatever it looks like. */
const TEXT_NAME =
  /(?:^|[-_]|[a-z](?=[A-Z]))(?:label|text|texts|title|placeholder|alt|description|subtitle|legend|hint|question|message|msg|done)$/i;
/** Attributes whose value is code: classes, styles, ids, links, types, roles, keys. */
const CODE_ATTRIBUTE =
  /^(?:className|class|style|id|key|href|to|src|rel|type|name|role|htmlFor|autoComplete|inputMode|target|method|lang|dir|viewBox|d|fill|stroke|data-[\w-]+|aria-(?:controls|describedby|labelledby|live|current|hidden|haspopup|expanded|checked|pressed|atomic|invalid))$/;
/** Calls whose string arguments are texts, whatever they look like: counts and toasts. */
const TEXT_CALL = /^(?:plural|pluralForm|toast|success|warning|message|loading)$/;
/** Calls whose string arguments are code: class names, selectors, event names. */
const CODE_CALL =
  /^(?:clsx|cn|querySelector|querySelectorAll|closest|matches|on|off|once|addEventListener|removeEventListener)$/;
/** A CSS value ('calc(4.5rem + env(safe-area-inset-bottom))', 'translate(0px, 0px)'). */
const CSS_FUNCTION =
  /(?:^|[\s(,])(?:var|calc|env|min|max|clamp|translate(?:3d|X|Y)?|scale|rotate|rgba?|hsla?|url)\(/;
/** An SVG path's data ('M0 0L10 4Z'), a template's values standing in as '0'. */
const SVG_PATH = /^[\s\d.,MLHVCSQTAZ-]+$/;
/** One utility class ('px-2', 'sm:flex-row', 'max-w-[78%]', 'data-[state=active]:bg-primary'). */
const CLASS_TOKEN = /^[a-z0-9!@*&[\]:./%#_(),=>-]+$/;

/** A string's words as the app would show them: a template's values stand in as '0'. */
function textOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `0${span.literal.text}`).join("");
}

/** A list of utility classes: every word a class, one at least with its '-', ':' or '['. */
function isClassList(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.every((w) => CLASS_TOKEN.test(w)) && words.some((w) => /[-:[]/.test(w));
}

/** Markup for a map's icons or credits: what it shows is its text and its titles. */
function shownInMarkup(html: string): string {
  const titles = [...html.matchAll(/\b(?:title|alt|aria-label)="([^"]*)"/g)].map((m) => m[1]);
  return [html.replace(/<[^>]*>/g, " "), ...titles].join(" ");
}

function looksLikeWords(text: string): boolean {
  const shown = text.trimStart().startsWith("<") ? shownInMarkup(text) : text;
  if (!LETTER.test(shown) || isClassList(shown)) return false;
  if (CSS_FUNCTION.test(shown) || SVG_PATH.test(shown)) return false;
  return SPANISH_MARK.test(shown) || /\S\s+\S/.test(shown.trim());
}

/** The name of what a call calls: `clsx(…)`, `map.on(…)`, `console.warn(…)`. */
function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/**
 * Where a value lands: up through parentheses, casts, `a ? b : c` and `a ?? b`, so that
 * `label={ok ? "Sí" : "No"}` is read like `label="Sí"`.
 */
function valueSite(node: ts.Node): ts.Node {
  let at = node;
  for (;;) {
    const parent = at.parent;
    const passes =
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== at) ||
      (ts.isBinaryExpression(parent) &&
        [
          ts.SyntaxKind.QuestionQuestionToken,
          ts.SyntaxKind.BarBarToken,
          ts.SyntaxKind.AmpersandAmpersandToken,
        ].includes(parent.operatorToken.kind));
    if (!passes) return at;
    at = parent;
  }
}

/** The name a value is given: a JSX attribute, a property or a variable; else null. */
function nameGiven(site: ts.Node): string | null {
  const parent = site.parent;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return parent.parent.name.getText();
  }
  if (ts.isJsxAttribute(parent)) return parent.name.getText();
  if ((ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) && parent.name) {
    return ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)
      ? parent.name.text
      : null;
  }
  return null;
}

/** An argument of a call that takes texts: `plural(n, "plaza", "plazas")`, `toast("Hecho")`. */
function isTextArgument(site: ts.Node): boolean {
  const call = site.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(site as ts.Expression)) return false;
  const name = calleeName(call);
  return name !== null && TEXT_CALL.test(name);
}

/** A child of a JSX element: `<p>{ok ? "Hecho" : text}</p>`. */
function isJsxChild(site: ts.Node): boolean {
  return ts.isJsxExpression(site.parent) && !ts.isJsxAttribute(site.parent.parent);
}

/** Whether a string sits where strings are code, not texts. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  // A property's key, a module path, a type.
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) {
    return true;
  }
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isImportTypeNode(parent)) return true;
  if (ts.isExternalModuleReference(parent)) return true;
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    if (ts.isJsxAttribute(at)) return CODE_ATTRIBUTE.test(at.name.getText());
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const name = calleeName(at);
      // A log line is for whoever reads the logs, in English like the code.
      const isConsole =
        ts.isPropertyAccessExpression(at.expression) &&
        ts.isIdentifier(at.expression.expression) &&
        at.expression.expression.text === "console";
      if (isConsole || (name !== null && CODE_CALL.test(name))) return true;
    }
    if (ts.isStatement(at) || ts.isJsxElement(at) || ts.isJsxSelfClosingElement(at)) break;
  }
  return false;
}

/** Each inline text in `source`, as 'file:line: "text"'. */
function inlineTexts(source: string, fileName = "sample.tsx"): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1}: ${JSON.stringify(text.replace(/\s+/g, " ").trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
      return;
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = textOf(node);
      if (!isCode(node)) {
        const site = valueSite(node);
        const name = nameGiven(site);
        const isText =
          (name !== null && TEXT_NAME.test(name)) || isJsxChild(site) || isTextArgument(site);
        if (isText ? LETTER.test(text) && !isClassList(text) : looksLikeWords(text)) {
          report(node, text);
        }
      }
      // A template's values may hold texts of their own: `${ok ? "Sí, voy" : ""}`.
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) visit(span.expression);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const allowed = new Set(
    ALLOWED.filter((a) => a.file === fileName).map((a) => JSON.stringify(a.text)),
  );
  return found.filter((hit) => !allowed.has(hit.slice(hit.indexOf(": ") + 2)));
}

function appFiles(): string[] {
  const code = (name: string) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts");
  return filesUnder("web", code, NOT_THE_APP);
}

describe("the app's Spanish texts", () => {
  it("are written in domain/'s texts modules, not inline in web/", () => {
    const files = appFiles();
    expect(files).toContain("web/rides/feed.tsx");
    expect(files.some((f) => f.startsWith("web/site/"))).toBe(false);
    const found = files.flatMap((file) =>
      inlineTexts(readFileSync(path.join(repoRoot, file), "utf8"), file),
    );
    expect(found).toEqual([]);
  });

  it("keeps its allow-list to strings that are still in the code", () => {
    for (const { file, text } of ALLOWED) {
      expect(readFileSync(path.join(repoRoot, file), "utf8"), file).toContain(`"${text}"`);
    }
  });

  it("finds what it is meant to find", () => {
    const caught = [
      `const a = <p>Mis salidas</p>;`,
      `const a = <Button>Guardar</Button>;`,
      `const a = <button aria-label="Enviar" />;`,
      `const a = <Field label="Ciudad" />;`,
      `const a = <Dialog confirmLabel="Eliminar cuenta" />;`,
      `const a = <input placeholder={"Escribe un mensaje…"} />;`,
      `const a = <p>{"Hola"}</p>;`,
      `const a = <p title={\`Kilómetro \${km}\`} />;`,
      `toast.success("Enlace copiado.");`,
      `toast.success("Guardado");`,
      `const t = plural(n, "plaza", PLAZAS);`,
      `const a = <Button aria-label={\`\${MSG.requestAccept} a \${name}\`} />;`,
      `notify(ok ? "Sí" : "No");`,
      `const t = pluralForm(n, "mensaje sin leer", UNREAD.other);`,
      `const t = \`\${a} de \${b}\`;`,
      `const ROUTE_NAMES = { search: "Buscar salidas" };`,
      `const REGION_LABEL = "Avisos";`,
      `const o = [{ key: "today", label: "Hoy" }];`,
      `throw new Error("Error desconocido");`,
      `const html = '<a href="https://leafletjs.com" title="Una biblioteca">Leaflet</a>';`,
      `const a = <p className="x">{ok ? MSG.joined : "Apuntada"}</p>;`,
      `const t = \`\${ok ? "Sí, voy" : ""}\${count}\`;`,
      `const a = <Field label={editing ? \`Editar \${name}\` : MSG.create} />;`,
    ];
    for (const sample of caught) expect(inlineTexts(sample), sample).toHaveLength(1);

    const fine = [
      `const a = <p className="flex items-center gap-2">{MSG.retry}</p>;`,
      `const a = <p className={clsx("self-start px-2", on && "bg-primary text-white")} />;`,
      `const base = "inline-flex min-h-11 items-center rounded-full px-5 disabled:opacity-60";`,
      `const a = <a href="/app/feed" rel="noopener noreferrer" data-testid="nav badge" />;`,
      `const a = <svg viewBox="0 0 24 24" />;`,
      `import { MSG } from "../../domain/messages.ts";`,
      `type Tone = "road" | "gravel";`,
      `const o = { "my-rides": 1 };`,
      `document.querySelector("main h1");`,
      `map.on("move zoomend resize", draw);`,
      `console.warn("share failed", error);`,
      `if (event.key === "Enter") submit();`,
      `const icon = '<svg viewBox="0 0 32 44" aria-hidden="true"><path d="M16 1z"/></svg>';`,
      `const a = <p>{" "}·{" "}</p>;`,
      `const offset = { bottom: "calc(4.5rem + env(safe-area-inset-bottom))" };`,
      `const area = \`\${line}L\${x} \${y}L\${left} \${y}Z\`;`,
      `const k = \`\${a} \${b}\`;`,
    ];
    for (const sample of fine) expect(inlineTexts(sample), sample).toEqual([]);
  });
});
