import faqs from "./faqs.json";

export interface Faq {
  question: string;
  answer: string;
}

/** /about (5), the landing variant (3) and /app/faqs share one file. */
export const ABOUT_FAQS: readonly Faq[] = faqs.about;
export const VARIANT_FAQS: readonly Faq[] = faqs.landingVariant;
export const APP_FAQS: readonly Faq[] = faqs.app;
