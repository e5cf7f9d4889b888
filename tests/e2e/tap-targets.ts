// Tap targets (docs/product.md#look-and-feel), measured in the E2E browser on a 390 px phone:
// every link, button, tab and form control she taps stands at least 44 px high and 24 px wide; a
// link inside a sentence flows with its text and is only held to 24 px. A radio or a checkbox is
// tapped through its label, which is what is measured.
import type { Locator, Page } from "@playwright/test";

/** A target under its size, as the failure lists it. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
  /** The smallest height it must have. */
  needs: number;
}

export const MAIN_TARGET_PX = 44;
export const ANY_TARGET_PX = 24;

/** The visible targets of the page under their size. */
export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ main, any }) => {
      const selector = [
        "a[href]",
        "button",
        "select",
        "textarea",
        "summary",
        "input:not([type=hidden])",
        "[role=button]",
        "[role=tab]",
        "[role=link]",
      ].join(",");
      /** Whether `el` is a link within a sentence: inline, with words of its parent around it. */
      const inSentence = (el: Element) =>
        getComputedStyle(el).display === "inline" &&
        Array.from(el.parentElement?.childNodes ?? []).some(
          (node) => node !== el && node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
        );
      const small: { what: string; width: number; height: number; needs: number }[] = [];
      const seen = new Set<Element>();
      for (const found of Array.from(document.querySelectorAll(selector))) {
        const input = found as HTMLInputElement;
        // A radio or a checkbox is tapped through its label.
        const el =
          found.tagName === "INPUT" && (input.type === "radio" || input.type === "checkbox")
            ? (input.closest("label") ?? found)
            : found;
        if (seen.has(el)) continue;
        seen.add(el);
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
        if (el.closest("[aria-hidden=true], [inert]")) continue;
        const needs = inSentence(el) ? any : main;
        if (box.height + 0.5 < needs || box.width + 0.5 < any) {
          const name =
            el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " ");
          small.push({
            what: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
            width: Math.round(box.width),
            height: Math.round(box.height),
            needs,
          });
        }
      }
      return small;
    },
    { main: MAIN_TARGET_PX, any: ANY_TARGET_PX },
  );
}

/** How many lines the text of the element `locator` finds takes on screen. */
export function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    );
    return tops.size;
  });
}
