// schema.org JSON-LD for the public pages (Organization, FAQPage, Article, BreadcrumbList).
import type { ArticleMeta } from "../content/blog.ts";
import type { Faq } from "../content/faqs.ts";
import {
  absoluteUrl,
  articleOgImage,
  CONTACT_EMAIL,
  INSTAGRAM_URL,
  SITE_NAME,
  SITE_ORIGIN,
  TIKTOK_URL,
} from "../content/site.ts";

export function organizationLd() {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: SITE_ORIGIN,
    logo: absoluteUrl("/icons/icon.svg"),
    email: CONTACT_EMAIL,
    description: "La app para mujeres ciclistas que no quieren rodar solas.",
    sameAs: [INSTAGRAM_URL, TIKTOK_URL],
  };
}

export function faqPageLd(faqs: readonly Faq[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export function articleLd(article: ArticleMeta) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.intro,
    image: absoluteUrl(articleOgImage(article.slug)),
    datePublished: article.date,
    articleSection: article.category,
    keywords: article.keywords.join(", "),
    inLanguage: "es-ES",
    mainEntityOfPage: absoluteUrl(`/blog/${article.slug}`),
    author: { "@type": "Organization", name: SITE_NAME, url: SITE_ORIGIN },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      logo: { "@type": "ImageObject", url: absoluteUrl("/icons/icon.svg") },
    },
  };
}

export function breadcrumbLd(items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}
