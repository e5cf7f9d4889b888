// The rules of a built stylesheet that some prerendered markup needs, for inlining into the
// page so its first paint waits for no stylesheet (ADR 0057). Works on Vite's minified output:
// style rules are kept when one of their selectors matches an element of the markup (states
// and pseudo-elements ignored, so `:hover` or `::before` rules of those elements come too);
// `@media`, `@supports` and `@layer` blocks are walked; the declarations the rest relies on
// (`@font-face`, `@property`, `@keyframes`, `@layer` order) are kept whole.
import { Window } from "happy-dom";

interface Block {
  prelude: string;
  /** Undefined for a statement (`@layer a, b;`). */
  body?: string;
}

/** A block's prelude without the comments before it (Tailwind's licence line). */
const prelude = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").trim();

/** Splits CSS text into its top-level statements and blocks (strings and comments respected). */
function blocks(css: string): Block[] {
  const out: Block[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = css.indexOf(ch, i + 1);
      if (i < 0) break;
    } else if (ch === "/" && css[i + 1] === "*") {
      i = css.indexOf("*/", i + 2) + 1;
      if (i <= 0) break;
    } else if (ch === "{") {
      if (depth++ === 0) open = i;
    } else if (ch === "}") {
      if (--depth === 0) {
        out.push({ prelude: prelude(css.slice(start, open)), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (ch === ";" && depth === 0) {
      out.push({ prelude: prelude(css.slice(start, i)) });
      start = i + 1;
    }
  }
  return out.filter((b) => b.prelude || b.body);
}

/** Splits a selector list at its top-level commas. */
function selectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

// Pseudo-elements and state pseudo-classes: what a static document cannot match by itself.
// Structural and logical ones (:root, :where(), :is(), :not(), :first-child…) stay.
const STATEFUL =
  /::?(?:before|after|backdrop|placeholder|marker|selection|file-selector-button|first-line|first-letter|-webkit-[\w-]+|-moz-[\w-]+|hover|focus|focus-visible|focus-within|active|visited|link|any-link|target|checked|indeterminate|disabled|enabled|invalid|valid|user-invalid|placeholder-shown|autofill|open|popover-open|default|required|optional|read-only|read-write)(?![\w-])/g;

function matches(document: Document, selector: string): boolean {
  const plain = selector.replace(STATEFUL, "").trim();
  // Only a pseudo-element (`::placeholder`, `::-webkit-…`): the form controls it styles.
  if (!plain) return false;
  try {
    return document.querySelector(plain) !== null;
  } catch {
    // A selector the matcher cannot read (:host…) is not one of the page's elements.
    return false;
  }
}

const KEPT_WHOLE = /^@(?:font-face|property|keyframes|-webkit-keyframes|charset|import)\b/;
const WALKED = /^@(?:media|supports|layer|container)\b/;

function keep(document: Document, css: string): string {
  let out = "";
  for (const block of blocks(css)) {
    if (block.body === undefined) {
      if (block.prelude.startsWith("@layer")) out += `${block.prelude};`;
      continue;
    }
    if (KEPT_WHOLE.test(block.prelude)) {
      out += `${block.prelude}{${block.body}}`;
    } else if (WALKED.test(block.prelude)) {
      const inner = keep(document, block.body);
      if (inner) out += `${block.prelude}{${inner}}`;
    } else if (!block.prelude.startsWith("@")) {
      if (selectorList(block.prelude).some((s) => matches(document, s))) {
        out += `${block.prelude}{${block.body}}`;
      }
    }
  }
  return out;
}

/** The part of `css` that the elements of `html` (a document or a fragment of one) use. */
export function criticalCss(css: string, html: string): string {
  const window = new Window();
  try {
    window.document.write(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}`);
    return keep(window.document as unknown as Document, css);
  } finally {
    void window.happyDOM.close();
  }
}
