// Response shapes of /api/calendar/*.

export type CalendarFeedResponse =
  | { status: "none" }
  | { status: "active"; createdAt: number }
  /** Her password changed: the old URL stopped working. */
  | { status: "stopped"; stoppedAt: number };

/** The feed's URL, shown once when it is made (only its hash is kept). */
export interface NewCalendarFeedResponse {
  url: string;
  createdAt: number;
}
