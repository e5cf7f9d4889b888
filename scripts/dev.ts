// `npm run dev`: local D1 migrated and seeded, then Vite with the real worker in workerd.
// Everything (D1, Durable Objects, R2) is embedded: nothing else to install or start.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { devAddress } from "./dev-address.ts";
import { ensureDevVars } from "./dev-vars.ts";
import { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_USERS, seedLocal } from "./seed.ts";
import { putLocalBasemap } from "./tiles/local.ts";
import { toolEnv } from "./tool-env.ts";

// From .dev.vars.example when missing, with a local VAPID key pair for web push.
await ensureDevVars();

// RODAMOS_STATE_DIR (the dev-server E2E smoke sets it) keeps D1/DO/R2 in another folder; the
// Vite config reads the same variable, so migrations, seed and server agree.
const stateDir = process.env.RODAMOS_STATE_DIR;
const persistTo = stateDir ? ["--persist-to", stateDir] : [];
execFileSync(
  "node_modules/.bin/wrangler",
  ["d1", "migrations", "apply", "DB", "--local", ...persistTo],
  { stdio: ["ignore", "ignore", "inherit"], env: toolEnv },
);
await seedLocal(persistTo);
await putLocalBasemap(persistTo);

const { port, url, viteArgs } = devAddress(process.argv.slice(2), process.env);
console.log(`
  Rodamos en local: ${url}/app
  Cuentas de demo (contraseña: ${DEMO_PASSWORD}):
${DEMO_USERS.map((u) => `    ${u.email}  (${u.username}, ${u.city})`).join("\n")}
  Moderadora (MODERATOR_EMAILS): ${DEMO_MODERATOR.email}  →  ${url}/app/moderacion${moderatorHint()}
  Correos enviados (recuperación de contraseña): ${url}/dev/outbox
`);

/** A .dev.vars made before moderation existed lacks the demo moderator. */
function moderatorHint(): string {
  return readFileSync(".dev.vars", "utf8").includes("MODERATOR_EMAILS")
    ? ""
    : `\n    (tu .dev.vars no tiene MODERATOR_EMAILS: añade MODERATOR_EMAILS=${DEMO_MODERATOR.email})`;
}

const vite = spawn("node_modules/.bin/vite", ["--port", port, "--strictPort", ...viteArgs], {
  stdio: "inherit",
  env: toolEnv,
});
vite.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => vite.kill(signal));
