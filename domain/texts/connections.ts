// 'He rodado con ella' on the ride's page (docs/product.md#connections) and its two anonymous
// questions (docs/product.md#trust-signals-and-honest-levels). Their toasts are MSG's.

export const CONNECTIONS_TEXT = {
  title: "He rodado con ella",
  saved: "Ya has guardado tus conexiones de esta salida.",
  question: "¿Con quién has rodado hoy?",
  save: "Guardar conexiones",
  saving: "Guardando...",
  notNow: "Ahora no",
  /** What she saved: 'Nuevas conexiones: Ana, Bea · Repetís: Cris (3×)'. */
  newRiders: (names: string) => `Nuevas conexiones: ${names}`,
  repeatRiders: (names: string) => `Repetís: ${names}`,
} as const;

export const LEVEL_QUESTIONS_TEXT = {
  label: "Cómo fue la salida",
  yes: "Sí",
  no: "No",
  send: "Enviar respuestas",
  sending: "Enviando...",
} as const;
