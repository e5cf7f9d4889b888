// /app/feed, 'Quiero rodar' (docs/product.md#feed). The cards on it speak through rides-card.ts.
import { PRODUCT_NAME } from "../constants.ts";

export const FEED_TEXT = {
  title: "Quiero rodar",
  /** Before her name: '¡Hola, ana!'. */
  hello: "¡Hola,",
  search: "Quiero rodar",
  create: "Propón ruta",
  myRides: "Mis salidas",
  community: "Tu comunidad",
  faqs: "Preguntas frecuentes",
  blog: "Blog",
  contact: "Contacto",
  enMarcha: "En marcha",
  allDone: "Todo al día. ¡A pedalear!",
  connections: "He rodado con ella",
  chats: "Conversaciones en curso",
  noChats: "Nada por aquí. ¡Tu grupeta te espera!",
  upcoming: "Mis próximas salidas",
  seeAll: "ver todas",
  explore: "Explorar salidas",
  noPlans: "Sin planes ¡Únete u organiza alguna salida!",
} as const;

/** The invitation card. */
export const INVITE_TEXT = {
  title: "Invita a tus amigas",
  text: "Rodar es mejor en compañía. Comparte tu enlace de invitación.",
  share: "Compartir invitación",
  /** What the share sheet sends with her link. */
  shareTitle: PRODUCT_NAME,
  shareText: `Únete a ${PRODUCT_NAME}, la comunidad de ciclistas que no quieren rodar solas:`,
} as const;
