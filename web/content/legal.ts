// Legal texts (web/content/legal/*.md), rendered at build time; only the prerender uses them.
export interface LegalMeta {
  title: string;
  description: string;
  /** YYYY-MM-DD */
  updated: string;
}

export interface LegalPage {
  meta: LegalMeta;
  html: string;
}

const pages = import.meta.glob<LegalPage>("./legal/*.md", { eager: true });

export const LEGAL_SLUGS = ["privacy", "terms", "waiver", "ai-policy"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export function legalPage(slug: LegalSlug): LegalPage {
  const page = pages[`./legal/${slug}.md`];
  if (!page) throw new Error(`missing web/content/legal/${slug}.md`);
  return page;
}
