// A screen change is silent for a screen reader unless something says it: on every new path the
// page title becomes the screen's name and a polite live region reads it out. Focus stays where
// it is (moving it would break typing right after a navigation, and her place on the page).
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { PRODUCT_NAME } from "../../domain/constants.ts";
import { ROUTE_NAMES } from "../../domain/texts/app.ts";

/** Screens are lazy and many show their heading only with their data: wait for it this long. */
const HEADING_CHECKS = 30;
const HEADING_CHECK_EVERY_MS = 100;

/** The name of a screen that has no heading (yet), by the path's first segment under /app. */
export function routeName(pathname: string): string | undefined {
  const [, app, first = ""] = pathname.split("/");
  if (app !== "app") return undefined;
  if (first === "ride" && pathname.endsWith("/chat")) return ROUTE_NAMES.chat;
  return ROUTE_NAMES[first];
}

function screenHeading(): string | undefined {
  const text = document.querySelector("main h1")?.textContent?.replace(/\s+/g, " ").trim();
  return text || undefined;
}

/**
 * Calls `named` with the screen's name once it has painted: its h1, or the route's name when
 * no h1 shows within the wait. Returns the cancel.
 */
function whenScreenNamed(pathname: string, named: (name: string | undefined) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checks = 0;
  const check = () => {
    const heading = screenHeading();
    if (heading || ++checks >= HEADING_CHECKS) named(heading ?? routeName(pathname));
    else timer = setTimeout(check, HEADING_CHECK_EVERY_MS);
  };
  // A timeout from the frame's callback runs after that frame is painted.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(check, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Titles the page after the screen on display and announces every screen after the first. */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  // The path last handled: the first screen (StrictMode runs its effect twice) is only titled.
  const handled = useRef(pathname);

  useEffect(() => {
    const announce = handled.current !== pathname;
    handled.current = pathname;
    // Emptied first, so a screen named like the previous one is still read out.
    if (announce) setAnnouncement("");
    return whenScreenNamed(pathname, (name) => {
      document.title = name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
      if (announce && name) setAnnouncement(name);
    });
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
