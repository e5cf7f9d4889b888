// Web push (docs/product.md#web-push): the events she can switch on or off, the payload the
// service worker shows, and the texts of each push. The worker builds payloads with these; the
// settings screen lists the events with their labels.
import { z } from "zod";

export const PUSH_EVENTS = [
  "chat",
  "rideChanges",
  "participants",
  "waitlist",
  "reminders",
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
};

export type PushPreferences = Record<PushEvent, boolean>;

/** Every event is on until she switches it off. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  chat: true,
  rideChanges: true,
  participants: true,
  waitlist: true,
  reminders: true,
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
}

const rideUrl = (rideId: string) => `/app/ride/${encodeURIComponent(rideId)}`;
const chatUrl = (rideId: string) => `/app/ride/${encodeURIComponent(rideId)}/chat`;

/** At most one chat push per ride and rider in this time; it says how many are unread. */
export const CHAT_PUSH_INTERVAL_MS = 5 * 60 * 1000;
/** Joins and leaves of her ride are told together, at most this often. */
export const ROSTER_PUSH_DELAY_MS = 5 * 60 * 1000;
/** The reminder comes this long before the start. */
export const REMINDER_BEFORE_MS = 2 * 60 * 60 * 1000;

export const pushTexts = {
  chat(ride: { id: string; title: string }, unread: number): PushPayload {
    return {
      title: ride.title,
      body:
        unread === 1
          ? "Tienes 1 mensaje nuevo en el chat."
          : `Tienes ${unread} mensajes nuevos en el chat.`,
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
      parts.push(`${people(joined)} ${joined.length === 1 ? "se ha unido" : "se han unido"}`);
    if (left.length > 0)
      parts.push(`${people(left)} ${left.length === 1 ? "se ha ido" : "se han ido"}`);
    return {
      title: ride.title,
      body: `${parts.join(". ")}.`,
      url: rideUrl(ride.id),
      tag: `roster-${ride.id}`,
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

  /** `time` is the start on the ride's clock ('09:30'), `zoneLabel` e.g. 'hora canaria'. */
  reminder(ride: { id: string; title: string }, time: string, zoneLabel: string): PushPayload {
    return {
      title: `Hoy ruedas: «${ride.title}»`,
      body: `La salida empieza a las ${time} (${zoneLabel}). ¡Buena ruta!`,
      url: rideUrl(ride.id),
      tag: `reminder-${ride.id}`,
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
