// Pure rules shared by the worker and the browser.
export * from "./chat-protocol.ts";
export * from "./cities.ts";
export * from "./constants.ts";
export * from "./dates.ts";
export * from "./display.ts";
export * from "./errors.ts";
export * from "./filters.ts";
export * from "./format.ts";
export * from "./gpx.ts";
export * from "./messages.ts";
export * from "./ride-card.ts";
export * from "./ride-time.ts";
export * from "./schemas.ts";
export * from "./share.ts";
export * from "./time.ts";
export * from "./username.ts";
export * from "./zones.ts";
