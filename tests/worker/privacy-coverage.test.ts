// The privacy page names every kind of personal data the app keeps (web/content/legal/privacy.md,
// RGPD art. 13): each table of the D1 schema and of the Durable Objects' own storage is listed
// here with the phrase of the page that covers it. A feature that adds a table fails this file
// until the page says what the table keeps and the table is listed; a phrase the page no longer
// has fails it too.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import privacyPage from "../../web/content/legal/privacy.md?raw";
import * as schema from "../../worker/db/schema.ts";

/** D1 (worker/db/schema.ts): table → the page's phrase. */
const D1_TABLES: Record<string, string> = {
  users: "tu correo electrónico y tu contraseña",
  sessions: "De cada sesión iniciada guardamos solo una huella cifrada",
  password_reset_tokens: "de cada enlace para recuperar la contraseña",
  // Filled only in development and tests; in production mail goes to the provider.
  email_outbox: "enviarte correos de servicio",
  profiles: "Tu nombre de usuaria, tu ciudad o zona, tus modalidades",
  referrals: "Si usas una invitación, quién te invitó",
  launch_signups: "Si completas el segundo paso del formulario",
  rides: "las salidas que creas: título, ciudad, fecha y hora",
  ride_participants: "Las salidas a las que te unes",
  ride_messages: "Los mensajes que escribes en el chat de cada salida",
  rode_with: "Las marcas de «He rodado con ella»",
  ride_waiting_list: "tu puesto en una lista de espera",
  ride_series: "Las grupetas que repites",
  ride_series_members: "las que sigues con «Apuntarme a las próximas»",
  ride_requests: "la nota opcional que escribes para la organizadora",
  groups: "los grupos que creas o editas como líder",
  group_members: "Los grupos de los que formas parte, tu papel en cada uno",
  group_requests: "la nota opcional que escribes para las líderes",
  group_messages: "Los mensajes que escribes en la charla del grupo",
  ride_forecasts: "Open-Meteo recibe las coordenadas del punto de encuentro",
  ride_level_answers: "«¿El ritmo fue el anunciado?»",
  organizer_levels: "Solo se publican totales",
  blocks: "a quién bloqueas y cuándo",
  vouches: "quién respalda a quién, después de qué salida",
  verified_riders: "Si tienes la insignia «Verificada», de dónde viene",
  reports: "Cuando denuncias a una persona, una salida, un mensaje o una nota",
  moderation_actions: "Las decisiones de moderación",
  push_subscriptions: "la dirección de envío que tu navegador crea para tu dispositivo",
  push_preferences: "qué tipos de aviso tienes activados",
  calendar_feeds: "una huella cifrada de su clave secreta",
};

/** A ride's room (RideRoom): table → the page's phrase. */
const RIDE_ROOM_TABLES: Record<string, string> = {
  chat_pace: "la hora de tus mensajes del último minuto",
  live_positions: "tu última posición (coordenadas, precisión y hora)",
  live_pace: "la hora de tu último envío, para limitar su ritmo",
  live_notices: "Si pulsas «Me he quedado atrás»",
  ride_day: "la hora a la que marcas «Estoy en el punto de encuentro»",
  ride_day_pace: "la hora de tus marcas del último minuto",
};

/** A rider's hub (UserHub): table → the page's phrase. */
const USER_HUB_TABLES: Record<string, string> = {
  rooms: "las últimas salidas cuyo chat has abierto",
};

/** The page's text as a reader sees it: no Markdown emphasis, one space between words. */
const pageText = privacyPage.replaceAll("**", "").replace(/\s+/g, " ");

/**
 * The tables an object's storage holds once it has started. Names starting with "_" are the
 * platform's (`_cf_…`) or a migrator's bookkeeping, which hold nobody's data.
 */
async function storageTables(stub: DurableObjectStub) {
  return runInDurableObject(stub, (_, state) =>
    state.storage.sql
      .exec<{ name: string }>(
        `SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'
          ORDER BY name`,
      )
      .toArray()
      .map((row) => row.name),
  );
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe("the privacy page names what every table keeps", () => {
  it("every D1 table of the schema is listed", () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable));
    expect(sorted(tables)).toEqual(sorted(Object.keys(D1_TABLES)));
  });

  it("every table of a ride's room and of a rider's hub is listed", async () => {
    const room = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName("privacy-coverage"));
    const hub = env.USER_HUB.get(env.USER_HUB.idFromName("privacy-coverage"));
    expect(await storageTables(room)).toEqual(sorted(Object.keys(RIDE_ROOM_TABLES)));
    expect(await storageTables(hub)).toEqual(sorted(Object.keys(USER_HUB_TABLES)));
  });

  it("every listed phrase is on the page", () => {
    const phrases = [D1_TABLES, RIDE_ROOM_TABLES, USER_HUB_TABLES].flatMap(Object.entries);
    const missing = phrases.filter(([, phrase]) => !pageText.includes(phrase));
    expect(missing).toEqual([]);
  });
});
