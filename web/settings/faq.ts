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
