// "Verificada" on the app's screens (docs/product.md#verificada): her own progress on her profile
// and the post-ride step's vouches. The badge, the vouch buttons, the form's option and the API's
// refusals are VERIFICATION_MSG (domain/verification.ts), which the worker says too.

export const MY_VERIFICATION_TEXT = {
  title: "Verificación",
  loading: "Cargando tu verificación...",
  loadFailed: "No hemos podido cargar tu verificación.",
} as const;

export const VOUCH_STEP_TEXT = {
  loadFailed: "No hemos podido cargar a quién puedes respaldar.",
  nobody: "Nadie más marcó el punto de encuentro contigo en esta salida.",
  sending: "Enviando...",
  saveFailed: "No hemos podido guardar tu respaldo. Inténtalo de nuevo.",
} as const;
