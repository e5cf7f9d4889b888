// The one place zod is configured; every domain schema imports `z` from here so the settings
// hold whichever module loads first (the browser loads schemas and the chat protocol lazily).
import { z } from "zod";
import { es } from "zod/locales";

z.config({
  // Any message a schema does not set explicitly (a wrong type, say) comes out in Spanish.
  ...es(),
  // No `new Function` probing: our CSP forbids eval in the browser, and Workers refuse it too.
  jitless: true,
});

export { z };
