// The app's information screens: the blog, contact and FAQs (docs/product.md#blog). Their content
// is the public site's (web/content/); these are the screens' own words.

export const INFO_TEXT = {
  blog: "Blog",
  filterByCategory: "Filtrar por categoría",
  tldr: "TL;DR: en resumen",
  faqs: "Preguntas frecuentes",
} as const;

export const CONTACT_TEXT = {
  title: "Contacto",
  intro: "¿Dudas, ideas o algo que no funciona? Escríbenos y te responderemos lo antes posible.",
  instagram: "Instagram: @rodamos.app",
  tiktok: "TikTok: @rodamos.app",
  legal: "Información legal",
  legalText: (email: string) =>
    `Rodamos es una comunidad para mujeres ciclistas de 16 años o más. Para ejercer tus derechos sobre tus datos, escríbenos a ${email}.`,
  privacy: "Política de privacidad",
  terms: "Términos de uso",
  waiver: "Descargo de responsabilidad",
  aiPolicy: "Política de uso de IA",
} as const;
