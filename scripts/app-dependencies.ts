// Every package the browser code imports (web/ and domain/), pre-bundled as soon as `npm run dev`
// starts (vite.config.ts optimizeDeps.include). Left to discovery, Vite may meet one only when a
// lazy screen first loads it (the GPX parser, the map), bundle again and reload the page under a
// rider's half-filled form. tests/web/dev-server-paths.test.ts fails when an import is missing.
export const BROWSER_DEPENDENCIES = [
  "@radix-ui/react-dialog",
  "@radix-ui/react-tabs",
  "@tanstack/react-query",
  "clsx",
  "leaflet",
  "lucide-react",
  "react",
  "react-day-picker",
  "react-day-picker/locale/es",
  "react-dom",
  "react-dom/client",
  "react-hook-form",
  "react-router-dom",
  "react/jsx-dev-runtime",
  "react/jsx-runtime",
  "sonner",
  "zod",
  "zod/locales",
];

/** Packages only the build's prerendering uses (Node), never the browser. */
export const SERVER_ONLY_DEPENDENCIES = ["react-dom/server"];
