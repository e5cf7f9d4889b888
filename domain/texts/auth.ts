// The sign-up and login screens (docs/product.md#accounts-and-sign-in). Their messages (toasts,
// errors) are MSG's; these are the screens' own words.

/** The frame both screens share: back to /app, the legal links, the 'o' before Google. */
export const AUTH_TEXT = {
  back: "Volver",
  privacy: "Privacidad",
  terms: "Términos",
  waiver: "Exención de responsabilidad",
  or: "o",
  email: "Correo electrónico",
  password: "Contraseña",
  showPassword: "Mostrar contraseña",
  hidePassword: "Ocultar contraseña",
  google: "Continuar con Google",
} as const;

export const LOGIN_TEXT = {
  title: "Iniciar sesión",
  subtitle: "¡Qué bien verte de nuevo!",
  submit: "Iniciar sesión",
  submitting: "Entrando...",
  forgotPassword: "¿Olvidaste tu contraseña?",
  noAccount: "¿No tienes cuenta?",
  signup: "Crear cuenta",
  checkUpdates: "Buscar actualizaciones",
} as const;

/** /app/login#reset=TOKEN: the mailed link's new password. */
export const RESET_PASSWORD_TEXT = {
  title: "Nueva contraseña",
  subtitle: "Elige una contraseña nueva para tu cuenta.",
  password: "Nueva contraseña",
  confirm: "Confirmar contraseña",
  submit: "Guardar contraseña",
  submitting: "Guardando...",
} as const;

export const SIGNUP_TEXT = {
  title: "Crear cuenta",
  subtitle: "Únete a la comunidad de ciclistas que ruedan juntas.",
  submit: "Crear cuenta",
  submitting: "Creando cuenta...",
  /** Without an invitation while sign-up needs one (docs/product.md#sign-up-mode). */
  waitingList: "Apúntate a la lista de espera",
  haveAccount: "¿Ya tienes cuenta?",
  login: "Iniciar sesión",
} as const;
