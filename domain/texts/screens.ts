// The app's own screens outside its features (web/screens/): /app for visitors. The not-found page
// says MSG.notFoundPage, the error page is the shell's (app.ts).

export const WELCOME_TEXT = {
  title: "Cansada de salir sola en bici?",
  intro:
    "Rodamos es la app para ciclistas que quieren encontrar su grupeta: salidas solo para mujeres, cerca de ti y a tu ritmo.",
  signup: "Crear cuenta",
  login: "Iniciar sesión",
} as const;
