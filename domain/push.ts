// Web push (docs/product.md#web-push): the events she can switch on or off, the payload the
// service worker shows, and the texts of each push. The worker builds payloads with these; the
// settings screen lists the events with their labels.
import { z } from "zod";
import { formatTime } from "./format.ts";
import { plural, pluralForm } from "./plural.ts";
import { RIDE_DAY_MSG } from "./ride-day.ts";
import { GROUP_MSG } from "./texts/groups.ts";
import { WEATHER_TEXTS } from "./weather.ts";
import { zonedFields, zoneLabel } from "./zones.ts";

export const PUSH_EVENTS = [
  "chat",
  "rideChanges",
  "participants",
  "waitlist",
  "reminders",
  "groupRides",
] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** Settings → Notificaciones: one switch per event, in this order. */
export const PUSH_EVENT_LABELS: Record<PushEvent, { label: string; hint: string }> = {
  chat: {
    label: "Mensajes del chat",
    hint: "Cuando te escriben en el chat de una salida que no tienes abierto.",
  },
  rideChanges: {
    label: "Cambios y cancelaciones",
    hint: "Cuando la organizadora cambia o cancela una salida en la que estás.",
  },
  participants: {
    label: "Participantes de tus salidas",
    hint: "Cuando alguien se une o se va de una salida que organizas.",
  },
  waitlist: {
    label: "Lista de espera",
    hint: "Cuando se libera una plaza para ti.",
  },
  reminders: {
    label: "Recordatorios",
    hint: "2 horas antes de cada salida en la que estás.",
  },
  groupRides: {
    label: GROUP_MSG.pushSwitchLabel,
    hint: GROUP_MSG.pushSwitchHint,
  },
};

export type PushPreferences = Record<PushEvent, boolean>;

/** Every event is on until she switches it off. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  chat: true,
  rideChanges: true,
  participants: true,
  waitlist: true,
  reminders: true,
  groupRides: true,
};

export const pushPreferencesSchema = z.object(
  Object.fromEntries(PUSH_EVENTS.map((event) => [event, z.boolean()])) as Record<
    PushEvent,
    z.ZodBoolean
  >,
);

/** Bytes of a P-256 public key (uncompressed point) and of an auth secret, as browsers send them. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;
export const PUSH_ENDPOINT_MAX = 1024;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => decodedLength(value) === bytes);

function decodedLength(value: string): number {
  const clean = value.replace(/=+$/, "");
  return Math.floor((clean.length * 3) / 4);
}

/** What PushSubscription.toJSON() gives, as the app sends it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  keys: z.object({ p256dh: base64url(P256DH_BYTES), auth: base64url(AUTH_BYTES) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX),
});

/** The JSON every push carries; the service worker shows it and opens `url` on a tap. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path inside the app (/app/…). */
  url: string;
  /** Pushes with the same tag replace each other on her device (one per ride's chat). */
  tag: string;
  /** Tapping the push itself first POSTs this API path (one tap answers '¿Has llegado bien?'). */
  post?: string;
  /** Buttons under the push: each opens its own path in the app (`url`) or POSTs an API path. */
  actions?: PushAction[];
}

export interface PushAction {
  action: string;
  title: string;
  /** The app path the button opens. */
  url?: string;
  /** The API path the button POSTs (her session cookie goes with it). */
  post?: string;
  /** After that POST succeeded, a quiet notification with this text says it was done. */
  done?: string;
}

const rideUrl = (rideId: string) => `/app/ride/${encodeURIComponent(rideId)}`;
const chatUrl = (rideId: string) => `/app/ride/${encodeURIComponent(rideId)}/chat`;

/** At most one chat push per ride and rider in this time; it says how many are unread. */
export const CHAT_PUSH_INTERVAL_MS = 5 * 60 * 1000;
/** Joins and leaves of her ride are told together, at most this often. */
export const ROSTER_PUSH_DELAY_MS = 5 * 60 * 1000;
/** The reminder comes this long before the start. */
export const REMINDER_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Whether `a` and `b` fall on the same calendar day of `zone`'s clock. */
function sameZonedDay(a: number, b: number, zone: string): boolean {
  const x = zonedFields(a, zone);
  const y = zonedFields(b, zone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

export const pushTexts = {
  chat(ride: { id: string; title: string }, unread: number): PushPayload {
    return {
      title: ride.title,
      body: `Tienes ${plural(unread, "mensaje nuevo", "mensajes nuevos")} en el chat.`,
      url: chatUrl(ride.id),
      tag: `chat-${ride.id}`,
    };
  },

  rideEdited(ride: { id: string; title: string }): PushPayload {
    return {
      title: `Cambios en «${ride.title}»`,
      body: "La organizadora ha actualizado esta salida. Revisa los nuevos detalles antes de rodar.",
      url: rideUrl(ride.id),
      tag: `ride-${ride.id}`,
    };
  },

  rideCancelled(ride: { id: string; title: string }, reason: string | null): PushPayload {
    return {
      title: `Salida cancelada: «${ride.title}»`,
      body: reason
        ? `La organizadora ha cancelado esta salida. Motivo: ${reason}`
        : "La organizadora ha cancelado esta salida.",
      url: rideUrl(ride.id),
      tag: `ride-${ride.id}`,
    };
  },

  /** Names are the riders' usernames: she sees them on her ride's page anyway. */
  roster(ride: { id: string; title: string }, joined: string[], left: string[]): PushPayload {
    const parts: string[] = [];
    if (joined.length > 0)
      parts.push(`${people(joined)} ${pluralForm(joined.length, "se ha unido", "se han unido")}`);
    if (left.length > 0)
      parts.push(`${people(left)} ${pluralForm(left.length, "se ha ido", "se han ido")}`);
    return {
      title: ride.title,
      body: `${parts.join(". ")}.`,
      url: rideUrl(ride.id),
      tag: `roster-${ride.id}`,
    };
  },

  /** To the organizer: a rider asked for a place (docs/product.md#join-by-approval). */
  placeRequested(ride: { id: string; title: string }, username: string): PushPayload {
    return {
      title: "Nueva solicitud",
      body: `${username} quiere unirse a «${ride.title}».`,
      url: rideUrl(ride.id),
      tag: `requests-${ride.id}`,
    };
  },

  /** To the rider: the organizer accepted her request. */
  requestAccepted(ride: { id: string; title: string }): PushPayload {
    return {
      title: "¡Tienes plaza!",
      body: `La organizadora te ha aceptado en «${ride.title}». Ya puedes ver el punto de encuentro.`,
      url: rideUrl(ride.id),
      tag: `ride-${ride.id}`,
    };
  },

  /** To the rider, kindly and without reasons. */
  requestDeclined(ride: { id: string; title: string }): PushPayload {
    return {
      title: "Esta vez no ha podido ser",
      body: `La organizadora no ha podido darte plaza en «${ride.title}».`,
      url: rideUrl(ride.id),
      tag: `ride-${ride.id}`,
    };
  },

  /** To the organizer of an approval ride: a place freed while requests wait. */
  placeFreedForRequests(ride: { id: string; title: string }): PushPayload {
    return {
      title: "Se ha liberado una plaza",
      body: `Hay una plaza libre en «${ride.title}»: puedes aceptar la siguiente solicitud.`,
      url: rideUrl(ride.id),
      tag: `requests-${ride.id}`,
    };
  },

  waitlistPlace(ride: { id: string; title: string }): PushPayload {
    return {
      title: "¡Tienes plaza!",
      body: `Se ha liberado una plaza en «${ride.title}» y ya estás apuntada.`,
      url: rideUrl(ride.id),
      tag: `ride-${ride.id}`,
    };
  },

  /**
   * Sent at `sentAt`, `REMINDER_BEFORE_MS` before the start: 'Hoy ruedas' when the ride starts on
   * the day of `sentAt`, else 'Mañana ruedas' (a ride at 00:30 is told at 22:30 the evening
   * before); both days, the time ('09:30') and its label ('hora canaria') are read on the ride's
   * clock. A rider who may still leave is asked whether she still counts on going, with one button
   * to release her place (docs/product.md#web-push); the organizer gets the plain reminder.
   */
  reminder(
    ride: { id: string; title: string; startTime: number; timeZone: string },
    sentAt: number,
    askStillGoing = false,
  ): PushPayload {
    const zone = ride.timeZone;
    const day = sameZonedDay(ride.startTime, sentAt, zone) ? "Hoy" : "Mañana";
    const time = formatTime(ride.startTime, zone);
    const label = zoneLabel(zone);
    const plain: PushPayload = {
      title: `${day} ruedas: «${ride.title}»`,
      body: `La salida empieza a las ${time} (${label}). ¡Buena ruta!`,
      url: rideUrl(ride.id),
      tag: `reminder-${ride.id}`,
    };
    if (!askStillGoing) return plain;
    return {
      ...plain,
      body: `${RIDE_DAY_MSG.stillGoing} La salida empieza a las ${time} (${label}).`,
      actions: [
        { action: "going", title: RIDE_DAY_MSG.stillGoingYes },
        {
          action: "release",
          title: RIDE_DAY_MSG.stillGoingRelease,
          post: `/api/rides/${encodeURIComponent(ride.id)}/leave`,
          done: RIDE_DAY_MSG.released,
        },
      ],
    };
  },

  /** The safety timer asks her (docs/product.md#check-in-and-arrivals); tapping it says she has arrived. */
  safetyAsk(ride: { id: string; title: string }): PushPayload {
    return {
      title: RIDE_DAY_MSG.askTitle,
      body: RIDE_DAY_MSG.askBody(ride.title),
      url: chatUrl(ride.id),
      tag: `safety-${ride.id}`,
      post: `/api/rides/${encodeURIComponent(ride.id)}/ride-day/arrived`,
    };
  },

  /** An hour later, unanswered: the organizer and the escoba are told. */
  overdue(ride: { id: string; title: string }, name: string): PushPayload {
    return {
      title: ride.title,
      body: RIDE_DAY_MSG.overdue(name),
      url: chatUrl(ride.id),
      tag: `overdue-${ride.id}-${name}`,
    };
  },

  /** The organizer calls the riders who have not checked in yet. */
  callMissing(ride: { id: string; title: string }): PushPayload {
    return {
      title: RIDE_DAY_MSG.callMissingTitle(ride.title),
      body: RIDE_DAY_MSG.callMissingBody,
      url: chatUrl(ride.id),
      tag: `call-missing-${ride.id}`,
    };
  },

  /**
   * "¿Sigue en pie?" (docs/product.md#weather-at-the-start): 12 hours before her ride, the forecast
   * crosses a threshold. "Sigue en pie" opens the ride ready to confirm it in the chat; the other
   * button opens the cancel dialog.
   */
  stillOn(ride: { id: string; title: string }, reasons: string): PushPayload {
    return {
      title: `¿Sigue en pie? «${ride.title}»`,
      body: `${reasons}. Confirma la salida o cancélala.`,
      url: `${rideUrl(ride.id)}?tiempo=sigue`,
      tag: `weather-${ride.id}`,
      actions: [
        // Answered from the push: the notice goes to the chat, nothing opens. A failure opens the
        // ride's question (the push's own url), where she can answer by hand.
        {
          action: "still-on",
          title: WEATHER_TEXTS.stillOn,
          post: `/api/rides/${encodeURIComponent(ride.id)}/still-on`,
          done: WEATHER_TEXTS.stillOnPosted,
        },
        { action: "cancel", title: "Cancelar", url: `${rideUrl(ride.id)}?tiempo=cancelar` },
      ],
    };
  },

  test(): PushPayload {
    return {
      title: "Rodamos",
      body: "Así te llegarán los avisos de Rodamos.",
      url: "/app/settings",
      tag: "test",
    };
  },
};

/** 'Ana', 'Ana y Bea', 'Ana, Bea y 2 más'. */
function people(names: string[]): string {
  if (names.length <= 2) return names.join(" y ");
  return `${names.slice(0, 2).join(", ")} y ${names.length - 2} más`;
}

/** Settings and API texts of notifications (ours). */
export const PUSH_MSG = {
  unsupportedEndpoint: "Este navegador no puede recibir avisos de Rodamos.",
  notConfigured: "Los avisos no están disponibles en este momento.",
  testNotSent: "No hemos podido enviar el aviso de prueba. Inténtalo de nuevo.",
  noDevice: "No tienes los avisos activados en ningún dispositivo.",
  testSent: "Aviso de prueba enviado.",
  permissionDenied:
    "Has bloqueado los avisos de Rodamos en este navegador. Puedes permitirlos en los ajustes del navegador.",
  unsupportedBrowser: "Este navegador no admite avisos.",
  noServiceWorker:
    "En esta versión de prueba no hay avisos. Funcionan en la app publicada, en el navegador o instalada en tu móvil.",
  notReady:
    "Los avisos aún no están listos en este dispositivo. Recarga la página e inténtalo de nuevo.",
  enableFailed: "No hemos podido activar los avisos. Inténtalo de nuevo.",
  enabled: "Avisos activados en este dispositivo.",
  disabled: "Avisos desactivados en este dispositivo.",
  saveFailed: "No hemos podido guardar tus preferencias. Inténtalo de nuevo.",
};
