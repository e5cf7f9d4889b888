// Ride day, the group looks after each other (docs/product.md#check-in-and-arrivals): check-in at the meeting
// point, "He llegado a casa" with its safety timer, and the ride's estimated duration. The rules
// and texts both sides share; the state lives in the ride's Durable Object only
// (worker/ride-day/room/check-ins.ts, worker/ride-day/room/safety-timer.ts). No zod here: domain/errors.ts
// reads RIDE_DAY_MSG on the first screen; the schemas are in domain/schemas.ts.
import type { Level } from "./constants.ts";
import { hasStarted, rideDayErasedAt, rideDayWindow } from "./time.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The speed a level's estimate assumes, km/h ('Duración estimada' is prefilled from it). */
export const LEVEL_SPEED_KMH: Record<Level, number> = { chill: 15, intermedio: 20, cañero: 25 };

/** 'Duración estimada' in minutes: at least 15 min, at most 24 h, in 5-minute steps. */
export const ESTIMATED_MINUTES_MIN = 15;
export const ESTIMATED_MINUTES_MAX = 24 * 60;
export const ESTIMATED_MINUTES_STEP = 5;

/** The prefilled estimate: distance at the level's speed, rounded to 5 minutes, within limits. */
export function estimatedMinutes(distanceKm: number, level: Level): number {
  const raw = (distanceKm / LEVEL_SPEED_KMH[level]) * 60;
  const rounded = Math.round(raw / ESTIMATED_MINUTES_STEP) * ESTIMATED_MINUTES_STEP;
  return Math.min(ESTIMATED_MINUTES_MAX, Math.max(ESTIMATED_MINUTES_MIN, rounded));
}

/** 'Duración estimada' as the form and the ride page show it: '2 h 40 min', '45 min', '3 h'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The estimate a stored ride uses: hers if she set one, else the prefill from distance and level. */
export function rideEstimatedMinutes(ride: {
  estimatedMinutes: number | null;
  routeKm: number | null;
  level: Level;
}): number {
  return ride.estimatedMinutes ?? estimatedMinutes(ride.routeKm ?? 0, ride.level);
}

/** The safety timer asks her this long after start + estimated duration… */
export const SAFETY_ASK_AFTER_MS = HOUR_MS;
/** …and tells the organizer and the escoba this long after asking, if she has not answered. */
export const SAFETY_TELL_AFTER_MS = HOUR_MS;
/** The organizer may call the missing riders at most this often. */
export const CALL_MISSING_INTERVAL_MS = 5 * MINUTE_MS;
/** A rider's ride-day writes (check-in, arrival, timer switch) per minute and ride. */
export const RIDE_DAY_WRITES_PER_MINUTE = 10;

/** When the timer asks '¿Has llegado bien?'. */
export function safetyAskAt(startMs: number, minutes: number): number {
  return startMs + minutes * MINUTE_MS + SAFETY_ASK_AFTER_MS;
}

/**
 * When the timer asks her: at the ride's time (safetyAskAt), or, when she started less than an
 * hour before it (a late check-in, her position shared late), an hour after she started: she is
 * asked once she has had time to ride, never left unasked because the ride's time had passed.
 */
export function riderAskAt(rideAskAt: number, startedAt: number): number {
  return Math.max(rideAskAt, startedAt + SAFETY_ASK_AFTER_MS);
}

/** Check-in: from 30 min before the start until the ride day's window closes. */
export function checkInOpen(startMs: number, now: number): boolean {
  const { opensAt, closesAt } = rideDayWindow(startMs);
  return now >= opensAt && now <= closesAt;
}

/**
 * 'He llegado a casa': from the start (nobody is home from a ride that has not begun) until what
 * the ride day kept is erased (a long ride's timer may ask after the window closes; her answer
 * must count). Her timer switch opens earlier, with the window.
 */
export function arrivalOpen(startMs: number, now: number): boolean {
  return hasStarted(startMs, now) && now < rideDayErasedAt(startMs);
}

/** 'Deshacer' stands beside her 'He llegado a casa' this long (the toast)… */
export const ARRIVAL_UNDO_SHOWN_MS = 8_000;
/** …and the API takes it back this long after it stored it: the toast's time plus the round trips. */
export const ARRIVAL_UNDO_MS = 30_000;

/** A rider as the ride-day panel names her. */
export interface RideDayPerson {
  userId: string;
  username: string;
}

/** GET /api/rides/:id/ride-day: what she may see of the ride day, and nothing more. */
export interface RideDayState {
  /** Check-in is open now. */
  checkInOpen: boolean;
  /** 'He llegado a casa' is open now. */
  arrivalOpen: boolean;
  /** When the check-in opens (epoch ms): the panel says so before. */
  opensAt: number;
  me: {
    checkedIn: boolean;
    arrived: boolean;
    /** She turned her safety timer off for this ride. */
    timerOff: boolean;
    /** The timer asked '¿Has llegado bien?' and she has not answered yet. */
    asked: boolean;
  };
  /** Who has arrived home: the group sees it (never whom she and they blocked each other). */
  arrivals: RideDayPerson[];
  /** The organizer only: who is at the meeting point and who is missing. null for anyone else. */
  checkIns: { present: RideDayPerson[]; missing: RideDayPerson[] } | null;
  /** The organizer and the escoba only: riders the timer told them about. null for anyone else. */
  overdue: RideDayPerson[] | null;
}

/** POST /api/rides/:id/ride-day/call-missing */
export interface CallMissingResponse {
  called: number;
}

/** UI and push texts of the ride day (ours). */
export const RIDE_DAY_MSG = {
  /** Beside the ride day's tools and in the terms: they are no emergency service. */
  notEmergency:
    "Rodamos no es un servicio de emergencias. Si tú o alguien del grupo necesita ayuda urgente, llama al 112.",
  checkInClosed:
    "Puedes marcar que estás en el punto de encuentro desde 30 minutos antes de la salida hasta 6 horas después.",
  arrivalClosed: "Ya no se puede marcar la llegada en esta salida.",
  arrivalNotYet: "Podrás marcar que has llegado a casa cuando haya empezado la salida.",
  arrived: "Has marcado que has llegado a casa.",
  arrivalUndo: "Deshacer",
  arrivalUndone: "Hemos quitado tu llegada: aún no has llegado a casa.",
  arrivalUndoClosed: "Ya no se puede deshacer tu llegada.",
  callMissingTooSoon: "Ya has avisado a las que faltan. Espera unos minutos para volver a hacerlo.",
  noneMissing: "No falta nadie.",
  askTitle: "¿Has llegado bien?",
  askBody: (title: string) => `Toca aquí para marcar que has llegado a casa después de «${title}».`,
  overdue: (name: string) => `${name} aún no ha marcado que ha llegado`,
  callMissingTitle: (title: string) => `Te esperamos: «${title}»`,
  callMissingBody: "La grupeta ya está en el punto de encuentro. ¿Vienes?",
  /** The reminder 2 hours before (docs/product.md#web-push). */
  stillGoing: "¿Sigues contando con ir?",
  stillGoingYes: "Sí, voy",
  stillGoingRelease: "Ya no puedo: soltar mi plaza",
  released: "Has soltado tu plaza. ¡Gracias por avisar!",
};
