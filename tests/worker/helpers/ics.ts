// Reads an .ics back with ical.js (a parser independent of the library that wrote it).
import ICAL from "ical.js";

export function parseCalendar(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  // Times carry their TZID; ical.js converts them once the calendar's VTIMEZONEs are known.
  for (const zone of root.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = root.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty("dtstart");
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      tzid: dtstart?.getParameter("tzid"),
      /** Wall-clock time as written, e.g. '09:30'. */
      localTime: `${String(event.startDate.hour).padStart(2, "0")}:${String(event.startDate.minute).padStart(2, "0")}`,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      url: vevent.getFirstPropertyValue("url"),
      dtstamp: (vevent.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().getTime(),
    };
  });
  // ical.js leaves properties it has no type for (NAME, X-WR-CALNAME) escaped: read them as TEXT.
  const textValue = (name: string) => {
    const raw = root.getFirstProperty(name)?.getFirstValue();
    return typeof raw === "string" ? ICAL.design.icalendar.value.text!.fromICAL!(raw) : undefined;
  };
  return {
    method: root.getFirstPropertyValue("method"),
    name: textValue("name"),
    calName: textValue("x-wr-calname"),
    timezones: root.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid")),
    events,
  };
}
