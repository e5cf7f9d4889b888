// Public pages: the HTML is prerendered (scripts/prerender.ts); this small module only
// enhances the interactive parts (docs/decisions/0006-public-pages-static-islands.md).
import "../styles.css";
import "../content/prose.css";
import { initAccordions } from "./islands/accordion.ts";
import { initAccountDeletedNotice } from "./islands/account-deleted.ts";
import { initBlogFilter } from "./islands/blog-filter.ts";
import { initLandingLaunchSignup } from "./islands/launch-signups.ts";
import { initVariantForm } from "./islands/variant-form.ts";

/** docs/product.md#public-site: /about scrolls to its hash anchor 100 ms after load. */
const ABOUT_HASH_SCROLL_DELAY_MS = 100;

const page = document.querySelector<HTMLElement>("[data-page]")?.dataset.page;

if (page === "not-found" && location.pathname.startsWith("/blog/")) {
  // Static hosting cannot know every slug: an unknown article goes back to the list.
  location.replace("/blog");
}

initAccordions(document);
initAccountDeletedNotice();

const launchSignup = document.querySelector<HTMLElement>("[data-launch-signup]");
if (launchSignup) initLandingLaunchSignup(launchSignup);

const variantForm = document.querySelector<HTMLFormElement>("[data-variant-form]");
if (variantForm) {
  initVariantForm(variantForm, document.querySelector<HTMLElement>("[data-variant-thanks]"));
}

if (page === "blog") initBlogFilter(document);

if (page === "about" && location.hash.length > 1) {
  const id = decodeURIComponent(location.hash.slice(1));
  setTimeout(() => document.getElementById(id)?.scrollIntoView(), ABOUT_HASH_SCROLL_DELAY_MS);
}
