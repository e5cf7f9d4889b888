// "Verificada" on the moderators' screen (docs/product.md#verificada): find a rider, verify her
// when she met her ('Verificar: la conozco en persona') or undo it, and read her vouches one step
// out. The buttons' names are VERIFICATION_MSG's (domain/verification.ts).

export const VERIFY_MODERATION_TEXT = {
  title: "Verificar a una compañera",
  username: "Nombre de usuaria",
  find: "Buscar",
  finding: "Buscando...",
  notFound: "No hay ninguna usuaria con ese nombre.",
  loadFailed: "No hemos podido cargar su verificación.",
  status: {
    none: "Aún no está verificada",
    moderator: "Verificada: es moderadora",
    seed: "Verificada por moderación",
    community: "Verificada por sus compañeras",
  },
  verifyTitle: (name: string) => `¿Verificar a ${name}?`,
  verifyText:
    "Hazlo solo si la conoces en persona. Escribe dónde y cuándo: la razón queda en el registro.",
  verifyDone: "Verificada por moderación.",
  unverifyTitle: (name: string) => `¿Quitar la verificación de ${name}?`,
  unverifyText: "Los respaldos de sus compañeras pueden seguir verificándola.",
  unverifyDone: "Verificación quitada.",
  received: "La respaldan",
  given: "Respalda a",
  none: "Nadie.",
  suspended: "suspendida",
  /** A vouch: 'Salida del domingo · 12 de marzo, 10:00'. */
  edge: (ride: string, when: string) => `${ride} · ${when}`,
  withdrawn: (when: string) => `Retirado: ${when}`,
  rideGone: "Salida borrada",
} as const;
