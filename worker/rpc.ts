// The web's API client, its type computed here once (Hono's RPC guide, "compile your code before
// using it"): the worker project emits declarations, and the web project reads this module's
// .d.ts through a project reference, so no Workers type enters the DOM-typed build
// (docs/decisions/0026-rpc-client.md).
import { hc } from "hono/client";
import type { AppType } from "./app.ts";

export type ApiClient = ReturnType<typeof hc<AppType>>;

export const hcWithType = (...args: Parameters<typeof hc>): ApiClient => hc<AppType>(...args);
