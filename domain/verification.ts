// "Verificada" by the riders who met her (docs/product.md#verificada): the rule's numbers, the
// window in which a vouch may be given, and every text of the area, for the API and the app.
import { CONNECTIONS_CLOSE_AFTER_MS, CONNECTIONS_OPEN_AFTER_MS } from "./constants.ts";
import { rideDayErasedAt } from "./time.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Standing vouches from this many different verified riders… */
export const VOUCHERS_NEEDED = 3;
/** …given after at least this many different rides. */
export const VOUCH_RIDES_NEEDED = 2;
/** Vouches one account may give in a day (withdrawn ones count). */
export const VOUCHES_PER_DAY = 10;
/** After "Retirar mi respaldo", the pair waits this long before she may vouch again. */
export const VOUCH_AGAIN_AFTER_MS = 30 * DAY_MS;

/** Where a rider's badge comes from: a moderator's account, a moderator who met her, or vouches. */
export const VERIFICATION_SOURCES = ["moderator", "seed", "community"] as const;
export type VerificationSource = (typeof VERIFICATION_SOURCES)[number];

/**
 * A vouch is given in the post-ride step, from 30 minutes after the start, and only while the
 * ride's room still keeps the check-ins that prove both were there: the step's 48 hours or the
 * check-ins' erasure (30 hours after the start), whichever comes first.
 */
export function vouchWindowOpen(startMs: number, now: number): boolean {
  const closesAt = Math.min(startMs + CONNECTIONS_CLOSE_AFTER_MS, rideDayErasedAt(startMs));
  return now >= startMs + CONNECTIONS_OPEN_AFTER_MS && now <= closesAt;
}

export const VERIFICATION_MSG = {
  badge: "Verificada",
  badgeExplained: "La respaldan compañeras que han rodado con ella en persona",
  /** Her own profile: what she lacks. */
  progress: (vouchers: number) =>
    `Te respaldan ${Math.min(vouchers, VOUCHERS_NEEDED)} compañeras de ${VOUCHERS_NEEDED}`,
  progressRides: `Los respaldos deben venir de al menos ${VOUCH_RIDES_NEEDED} salidas distintas.`,
  ownVerified: "Estás verificada: te respaldan compañeras que han rodado contigo en persona.",
  howTo:
    "Para ser verificada, rueda con compañeras verificadas y marca «Estoy en el punto de encuentro»: tras la salida podrán respaldarte. Hacen falta 3 respaldos de al menos 2 salidas distintas.",
  noDocuments: "Rodamos no te pide ni guarda documentos ni fotos para verificarte.",
  vouch: "La conozco en persona: la respaldo",
  withdraw: "Retirar mi respaldo",
  vouched: "La respaldas",
  vouchDone: "Has respaldado a esta compañera.",
  withdrawDone: "Has retirado tu respaldo.",
  stepTitle: "Respaldar a compañeras",
  stepIntro:
    "Si la conoces en persona de esta salida, respáldala. Nadie más verá quién respalda a quién.",
  // The API's refusals.
  voucherNotVerified: "Solo las compañeras verificadas pueden respaldar.",
  notPresent:
    "Solo puedes respaldar a quien estuvo contigo en el punto de encuentro de esta salida.",
  windowClosed: "El momento de respaldar en esta salida ha terminado.",
  notCompanion: "Solo puedes respaldar a otras participantes de esta salida.",
  alreadyVouched: "Ya la respaldas.",
  vouchAgainLater: "Retiraste tu respaldo hace poco: podrás volver a darlo 30 días después.",
  noVouch: "No la respaldas.",
  tooMany: "Has dado muchos respaldos hoy. Vuelve a intentarlo mañana.",
  verifiedOnly:
    "Esta salida es solo para compañeras verificadas. Para ser verificada, rueda con compañeras verificadas y marca «Estoy en el punto de encuentro»: tras la salida podrán respaldarte.",
  /** To the organizer accepting a request from before her ride became 'Solo verificadas'. */
  requestNotVerified:
    "Esta salida es solo para compañeras verificadas y ella aún no lo está: no puedes aceptarla.",
  // The ride form and card.
  verifiedOnlyOption: "Solo verificadas",
  verifiedOnlyHint: "Solo podrán unirse compañeras verificadas. Las que ya van se quedan.",
  // Moderation.
  moderatorVerify: "Verificar: la conozco en persona",
  moderatorUnverify: "Quitar la verificación",
  moderatorVerified: "Verificada por moderación",
  alreadyVerified: "Ya está verificada.",
  notSeeded: "No la verificó moderación.",
} as const;
