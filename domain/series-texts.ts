// The texts of regular grupetas that the API says too (domain/series.ts holds their rules), in
// a module without zod: the ride page's series card and the cancel dialog's scope load no schema
// code with them.
import { plural, pluralForm } from "./plural.ts";

/** 'durante N salidas': at most 12 dates (the first included). */
export const SERIES_MAX_COUNT = 12;
export const SERIES_MIN_COUNT = 2;

export const SERIES_TEXTS = {
  repeatLabel: "Se repite",
  never: "No se repite",
  everyWeek: "cada semana",
  everyTwoWeeks: "cada dos semanas",
  untilDate: "hasta el",
  forCount: "durante",
  /** Above the dates the form will create: how many, and the last one ('22/11/2027'). */
  willCreate: (count: number, lastDay: string) =>
    `${pluralForm(count, "Se creará", "Se crearán")} ${plural(count, "fecha", "fechas")}, hasta el ${lastDay}`,
  previewNeedsStart: "Elige la fecha y la hora de la primera salida para ver las fechas.",
  previewNeedsUntil: "Elige la fecha final para ver las fechas.",
  untilInvalid: "Elige una fecha final posterior a la primera salida",
  untilTooFar: "La serie no puede pasar de 12 meses desde hoy",
  countRange: `Elige entre ${SERIES_MIN_COUNT} y ${SERIES_MAX_COUNT} salidas`,
  repeatInvalid: "La repetición no es válida",
  onlyThis: "Solo esta salida",
  thisAndFollowing: "Esta y las siguientes",
  joinNext: "Apuntarme a las próximas",
  leaveSeries: "Dejar la serie",
  nextDates: "Próximas fechas de la grupeta",
  noNextDates: "No hay más fechas programadas",
  notInSeries: "Esta salida no forma parte de una grupeta regular",
  /** What 'Apuntarme a las próximas' did: only what happened is said, never '0 fechas'. */
  joinedNext: (joined: number, waiting: number, requested = 0) => {
    const parts = [
      joined > 0 ? `te has apuntado a ${plural(joined, "fecha", "fechas")}` : null,
      waiting > 0 ? `estás en la lista de espera de ${plural(waiting, "fecha", "fechas")}` : null,
      requested > 0 ? `has solicitado plaza en ${plural(requested, "fecha", "fechas")}` : null,
    ].filter((part) => part !== null);
    if (parts.length === 0)
      return "Sigues la grupeta. Ahora no había ninguna fecha a la que apuntarte";
    const said =
      parts.length === 1
        ? `${parts[0]} de la grupeta`
        : `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}`;
    return said.charAt(0).toUpperCase() + said.slice(1);
  },
  leftSeries: "Has dejado la serie",
  organizerCannotFollow: "Ya organizas esta grupeta",
  notFollowing: "No sigues esta grupeta",
  seriesStarted: "Esta salida ya ha comenzado: no se puede cambiar",
} as const;
