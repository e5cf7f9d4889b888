// Which folder may import which (docs/decisions/0050-one-way-feature-folders.md for worker/,
// 0051-one-way-folders-in-the-browser.md for web/), checked by `npm run lint`. Only value
// imports count: `import type` (and `import { type X }`) is erased at build time and may point
// anywhere.
//
// LAYERS gives each folder (or top-level file) of a tree a floor, lowest first. A module may
// import from its own folder or from a LOWER floor, never from its floor's other folders or from
// above: so no two folders import each other and no folder cycle can form. A new folder gets a
// floor here; an import that needs a folder to move up or down is a decision, not a lint fix.

/** @type {Record<string, { core: number, floors: { what: string, folders: string[] }[] }>} */
const LAYERS = {
  worker: {
    // Floors below this index are core: they import no feature folder.
    core: 4,
    floors: [
      { what: "data", folders: ["db", "env.ts"] },
      { what: "request plumbing and mail", folders: ["http", "mail"] },
      {
        what: "who she is; how the worker reaches its Durable Objects",
        folders: ["sessions", "rooms"],
      },
      {
        what: "the ride: its row, read model, visibility, participation, writes",
        folders: ["ride-core"],
      },
      {
        what: "who is verified: vouches, the badge's rule and its recomputation, on the ride's core",
        folders: ["verification"],
      },
      {
        what: "features other features call (pushes, files, the share image, the forecast…)",
        folders: ["push", "gpx", "share", "weather", "calendar", "referrals"],
      },
      {
        what: "the chat and the ride day, with their parts of the ride's room: they send pushes",
        folders: ["chat", "ride-day"],
      },
      {
        what: "sign-in, the waiting list, approval requests, rode-with: on floor 6's",
        folders: ["auth", "waiting-list", "ride-requests", "connections"],
      },
      {
        what: "grupos (groups): on floor 6's; the account and moderation end memberships",
        folders: ["groups"],
      },
      {
        what: "grupetas, blocks, the account, profiles, honest levels: on floor 8's",
        folders: ["series", "blocks", "account", "profiles", "level-answers"],
      },
      { what: "the rides API and moderation", folders: ["rides", "moderation"] },
      {
        what: "features nothing imports",
        folders: ["users", "reports", "dev", "health", "launch-signups", "app-shell", "tiles"],
      },
      {
        what: "the Durable Objects (exported by index.ts only)",
        folders: ["ride-room", "user-hub", "group-room"],
      },
      { what: "the Hono app: every route mounted", folders: ["app.ts"] },
      {
        what: "entry points: the fetch handler and cron, the RPC type; the share image's own Worker",
        folders: ["index.ts", "rpc.ts", "share-image"],
      },
    ],
  },
  web: {
    // Floors below this index are core: they import no feature folder.
    core: 4,
    floors: [
      {
        what: "plumbing (API and query clients, toasts); the site's texts and facts; the stylesheet",
        folders: ["lib", "content", "styles.css", "fallback-fonts.css"],
      },
      { what: "the UI parts every screen is made of", folders: ["components"] },
      { what: "who she is: the signed-in rider's query", folders: ["session"] },
      {
        what: "the ride: its queries and cache keys, form values, join errors; its maps",
        folders: ["ride-core", "maps"],
      },
      {
        what: "features other features show or call (cards, fields, badges, the ride day)",
        folders: [
          "pwa",
          "notifications",
          "calendar",
          "connections",
          "series",
          "weather",
          "ride-day",
          "verification",
          "group-core",
        ],
      },
      { what: "the app's own screens: not found, offline, error, welcome", folders: ["screens"] },
      { what: "blocking, reports, moderation, suspension", folders: ["safety"] },
      {
        what: "sign-in, the chat, approval requests: on floor 6's",
        folders: ["auth", "chat", "ride-requests"],
      },
      {
        what: "the ride screens and the ride card, which compose the features",
        folders: ["rides"],
      },
      {
        what: "screens and the frame only the router imports",
        folders: ["my-rides", "profiles", "settings", "layout", "info", "search"],
      },
      {
        what: "grupos: the group's page and its form (the profile form's avatar and modalities)",
        folders: ["groups"],
      },
      {
        what: "the app's composition: its routes, the first screen's data",
        folders: ["router.tsx", "startup-prefetch.ts"],
      },
      {
        what: "entry points: the app's (main.tsx, app/), the public site's (site/, index.html); public/",
        folders: ["main.tsx", "app", "site", "index.html", "public"],
      },
    ],
  },
};

const VALUE_IMPORT = { dependencyTypesNot: ["type-only"] };

/**
 * The site's static images (web/public/icons/…): files that import nothing, so any floor may
 * inline one (the splash's logo, web/components/spinner.tsx) without tying it to a floor above.
 */
const STATIC_IMAGE = "^web/public/.+[.](svg|png|ico|webp)$";

/** `^tree/(a|b|c)(/|$)`: the folders (or top-level files) named. */
function under(tree, names) {
  const alternatives = names.map((name) => name.replace(/[.]/g, "\\.")).join("|");
  return `^${tree}/(${alternatives})(/|$)`;
}

function rulesOf(tree, { core, floors }) {
  const rules = [];
  const coreFolders = floors.slice(0, core).flatMap((floor) => floor.folders);
  const known = floors.flatMap((floor) => floor.folders);
  rules.push({
    name: `${tree}-core-imports-no-feature`,
    comment: `${tree}/ core folders (${coreFolders.join(", ")}) import no feature folder`,
    severity: "error",
    from: { path: under(tree, coreFolders) },
    to: {
      path: `^${tree}/`,
      pathNot: `(${under(tree, coreFolders)})|(${STATIC_IMAGE})`,
      ...VALUE_IMPORT,
    },
  });
  floors.forEach((floor, index) => {
    const sameOrHigher = floors.slice(index).flatMap((f) => f.folders);
    rules.push({
      name: `${tree}-layers-floor-${index}`,
      comment:
        `${tree}/ floor ${index} (${floor.what}: ${floor.folders.join(", ")}) imports only its ` +
        `own folder or a lower floor; not: ${sameOrHigher.join(", ")}`,
      severity: "error",
      // $1 is the importing folder: it may import itself.
      from: { path: under(tree, floor.folders) },
      to: {
        path: under(tree, sameOrHigher),
        pathNot: `(^${tree}/$1(/|$))|(${STATIC_IMAGE})`,
        ...VALUE_IMPORT,
      },
    });
  });
  // A folder missing from the table would be free of every rule above.
  rules.push({
    name: `${tree}-folder-without-floor`,
    comment: `every folder of ${tree}/ has a floor in .dependency-cruiser.cjs`,
    severity: "error",
    from: { path: `^${tree}/`, pathNot: under(tree, known) },
    to: {},
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.entries(LAYERS).flatMap(([tree, layers]) => rulesOf(tree, layers)),
    {
      name: "domain-imports-no-app",
      comment: "domain/ holds the rules both sides use: it imports nothing from worker/ or web/",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(worker|web)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    // Keeps `import type` in the graph, marked type-only, so the rules above can let it pass.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
