// Rendered at build time into the built /app shell (scripts/app-shell-prerender.ts): the frame,
// the splash and the navigation as the app's own components draw them, so the first paint
// needs neither the app's code nor its stylesheet. React replaces it with the first screen.
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { SHELL_NAV_ATTRIBUTE } from "../../domain/route-preloads.ts";
import { AppSplash } from "../components/spinner.tsx";
import { AppFrame, AppMain } from "./app-frame.tsx";
import { NavBar } from "./bottom-nav.tsx";

export function renderAppShell(): string {
  const markup = renderToStaticMarkup(
    // Drawn for the installed app's start screen (Inicio lit); whose profile is unknown here.
    <StaticRouter location="/app/feed">
      <AppFrame>
        <AppMain showNav>
          <AppSplash />
        </AppMain>
        {/* Inert: until the app takes over, a tap would land on a link without her name. */}
        <div {...{ [SHELL_NAV_ATTRIBUTE]: "" }} inert>
          <NavBar username="" avatarKey={null} avatarUrl={null} badgeCount={0} />
        </div>
      </AppFrame>
    </StaticRouter>,
  );
  // React's server renderer adds a preload for each image; the shell's <img> tags are enough
  // (and a visitor without a session never gets the navigation's avatar).
  return markup.replace(/<link rel="preload" as="image"[^>]*\/>/g, "");
}
