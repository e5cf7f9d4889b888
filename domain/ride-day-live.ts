// Ride day, live part (docs/product.md#ride-day): the group's live positions, the escoba and
// "Me he quedado atrás". The frames travel on the ride's chat socket (chat-protocol.ts joins
// them to its unions); the rules here are shared by the room and the browser.
import type { PushPayload } from "./push.ts";
import { z } from "./zod.ts";

/** At most one fix per rider in this time: the room drops faster ones, the browser waits. */
export const POSITION_EVERY_MS = 10_000;
/** A fix less accurate than this (metres) is shown as approximate. */
export const APPROXIMATE_ABOVE_M = 200;
/** "Me he quedado atrás" is taken at most once per rider in this time. */
export const LEFT_BEHIND_EVERY_MS = 2 * 60_000;

const position = {
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres, as the browser reports it. */
  accuracy: z.number().min(0).max(100_000),
};

// ---------- Client → server ----------

export const rideDayClientFrames = [
  /** She opened the group map: send her the group's state and, from now on, its fixes. */
  z.object({ type: z.literal("live-join") }),
  /** Her position (she chose "Compartir mi ubicación con la grupeta"). */
  z.object({ type: z.literal("position"), ...position }),
  /** "Dejar de compartir": her fix is erased and her dot leaves every map. */
  z.object({ type: z.literal("position-stop") }),
  /** "Me he quedado atrás", with where she is when she has it. */
  z.object({
    type: z.literal("left-behind"),
    position: z.object(position).optional(),
  }),
] as const;

// ---------- Server → client ----------

export const liveFixSchema = z.object({
  userId: z.string(),
  ...position,
  /** ISO instant the room received it. */
  at: z.string(),
});
export type LiveFix = z.infer<typeof liveFixSchema>;

export const liveRiderSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarKey: z.string(),
});
export type LiveRider = z.infer<typeof liveRiderSchema>;

export const leftBehindNoticeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  position: z.object(position).nullable(),
  at: z.string(),
});
export type LeftBehindNotice = z.infer<typeof leftBehindNoticeSchema>;

/** Why the room refused a ride-day frame. */
export const LIVE_REFUSALS = ["window_closed", "rate_limited", "not_participant"] as const;

export const rideDayServerFrames = [
  /** The answer to live-join: the group she may see, the fixes, and (organizer, escoba) notices. */
  z.object({
    type: z.literal("live-state"),
    organizerId: z.string().nullable(),
    sweeperId: z.string().nullable(),
    riders: z.array(liveRiderSchema),
    positions: z.array(liveFixSchema),
    notices: z.array(leftBehindNoticeSchema),
  }),
  /** A rider's new fix (her own comes back to her: it was kept). */
  z.object({ type: z.literal("live-position"), fix: liveFixSchema }),
  /** A rider's fix was erased (she stopped, left, was removed, or the window ended). */
  z.object({ type: z.literal("live-gone"), userId: z.string() }),
  /** The organizer named another escoba (or none). */
  z.object({ type: z.literal("live-sweeper"), sweeperId: z.string().nullable() }),
  /** For the organizer and the escoba only. */
  z.object({ type: z.literal("left-behind"), notice: leftBehindNoticeSchema }),
  /** Her "Me he quedado atrás" reached the room (`told`: how many it went to). */
  z.object({ type: z.literal("left-behind-sent"), told: z.number().int() }),
  z.object({
    type: z.literal("live-refused"),
    of: z.enum(["live-join", "position", "left-behind"]),
    code: z.enum(LIVE_REFUSALS),
  }),
] as const;

// ---------- Texts ----------

export const RIDE_DAY_TEXT = {
  share: "Compartir mi ubicación con la grupeta",
  sharing: "Compartiendo",
  stop: "Dejar de compartir",
  routeMode: "Modo ruta",
  leftBehind: "Me he quedado atrás",
  leftBehindSent: "Aviso enviado a la organizadora y a la escoba.",
  leftBehindTooSoon: "Ya has avisado hace un momento. Podrás volver a avisar en unos minutos.",
  denied:
    "Activa la ubicación para Rodamos en los ajustes del navegador para compartirla con la grupeta.",
  unavailable: "No podemos saber dónde estás ahora mismo. Inténtalo de nuevo en un momento.",
  pausedNote:
    "Si se apaga la pantalla, tu ubicación deja de compartirse: el navegador no la da a una página oculta. Vuelve a compartirse cuando vuelvas.",
  windowClosed:
    "La ubicación en directo se puede compartir desde 30 minutos antes de la salida hasta 6 horas después.",
  approximate: "ubicación aproximada",
  /** A 'Me he quedado atrás' that came without her position. */
  noPosition: "sin ubicación",
  escoba: "escoba",
  notSharing: "No comparten ubicación",
  groupMap: "Mapa de la grupeta",
};

/** 'hace un momento', 'hace 1 min', 'hace 3 min', 'hace 2 h': honest about how old a fix is. */
export function fixAge(atMs: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - atMs) / 60_000);
  if (minutes < 1) return "hace un momento";
  if (minutes < 60) return `hace ${minutes} min`;
  return `hace ${Math.floor(minutes / 60)} h`;
}

export function isApproximate(accuracy: number): boolean {
  return accuracy > APPROXIMATE_ABOVE_M;
}

/**
 * 'Bea se ha quedado atrás', and 'sin ubicación' when her notice carries no position: the
 * organizer and the escoba must not look for a place that was never sent.
 */
export function leftBehindText(username: string, hasPosition: boolean): string {
  return `${username} se ha quedado atrás${hasPosition ? "" : ` · ${RIDE_DAY_TEXT.noPosition}`}`;
}

/** The push the organizer and the escoba get: the chat opens on the group map's notice. */
export function leftBehindPush(
  ride: { id: string; title: string },
  username: string,
  hasPosition: boolean,
): PushPayload {
  return {
    title: leftBehindText(username, hasPosition),
    body: hasPosition
      ? `En «${ride.title}». Toca para ver dónde está.`
      : `En «${ride.title}». No ha podido enviar dónde está: toca para abrir el chat.`,
    url: `/app/ride/${encodeURIComponent(ride.id)}/chat`,
    tag: `left-behind-${ride.id}`,
  };
}

// ---------- The escoba (API) ----------

/** PUT /api/rides/:id/sweeper: the participant she names escoba, or null for none. */
export const sweeperBodySchema = z.object({
  userId: z.string().min(1).max(100).nullable(),
});

/** GET and PUT /api/rides/:id/sweeper. */
export interface SweeperResponse {
  sweeperId: string | null;
}

// In a module without zod: the ride page shows the field and must not load the socket schemas.
export { SWEEPER_TEXT } from "./sweeper-text.ts";
