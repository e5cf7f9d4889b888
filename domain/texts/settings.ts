// /app/settings (docs/product.md#settings). The notifications', calendar's and blocked list's
// cards have their features' modules (notifications.ts, calendar.ts, safety-block.ts).

export const SETTINGS_TEXT = {
  title: "Ajustes",
  app: "Aplicación",
  appText: "Comprueba si hay una versión nueva de Rodamos y cárgala al momento.",
  update: "Actualizar app",
  version: (version: string) => `Versión ${version}`,
  moderation: "Moderación",
  moderationText: "Las denuncias pendientes y el registro de acciones.",
  openModeration: "Abrir moderación",
  faq: "Preguntas frecuentes",
  allFaqs: "Ver todas las preguntas frecuentes",
  help: "¿Necesitas ayuda?",
  helpText: (email: string) => `Escríbenos a ${email} y te responderemos lo antes posible.`,
  mailUs: "Escríbenos un email",
} as const;

/** The short FAQ on /app/settings: about the app itself; the full list lives at /app/faqs. */
export const SETTINGS_FAQ: { question: string; answer: string }[] = [
  {
    question: "¿Cómo instalo Rodamos en mi móvil?",
    answer:
      "En Android, abre Rodamos en Chrome y toca «Instalar aplicación» en el menú. En iPhone, ábrela en Safari, toca Compartir y después «Añadir a pantalla de inicio». Se abrirá a pantalla completa, como cualquier otra app.",
  },
  {
    question: "¿Cómo consigo la última versión?",
    answer:
      "Rodamos busca versiones nuevas cada vez que la abres con conexión. Si quieres comprobarlo ahora, toca «Actualizar app»: si hay una versión nueva, la aplicación se recargará con ella.",
  },
  {
    question: "¿Funciona sin conexión?",
    answer:
      "La app se abre sin conexión, pero las salidas, el chat y los perfiles necesitan internet. Cuando vuelvas a tener cobertura, toca «Reintentar».",
  },
  {
    question: "¿Qué guarda Rodamos en mi dispositivo?",
    answer:
      "Solo el código de la app, para que abra rápido. Tus salidas, mensajes y datos de perfil se piden al servidor cada vez y no se quedan guardados en el dispositivo al cerrar sesión.",
  },
];

/** Settings → 'Cerrar sesión en todos los dispositivos': its toasts. */
export const LOGOUT_EVERYWHERE_MSG = {
  done: "Has cerrado la sesión en todos tus dispositivos.",
  failed: "No se pudo cerrar la sesión en todos los dispositivos. Inténtalo de nuevo.",
};

export const LOGOUT_EVERYWHERE_TEXT = {
  title: "Sesiones",
  intro: "Si has iniciado sesión en un dispositivo que ya no tienes, ciérrala en todos a la vez.",
  button: "Cerrar sesión en todos los dispositivos",
  confirmTitle: "¿Cerrar sesión en todos los dispositivos?",
  confirmText:
    "Se cerrará tu sesión en todos tus dispositivos, también en este, y tu enlace de calendario dejará de funcionar. Tendrás que volver a iniciar sesión.",
  confirm: "Cerrar sesión en todos",
} as const;
