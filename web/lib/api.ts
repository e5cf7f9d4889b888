import type { ClientResponse } from "hono/client";
import type { ResponseFormat } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { ApiError, isApiErrorBody } from "../../domain/errors.ts";
import { SHELL_MSG } from "../../domain/texts/app.ts";
import { hcWithType } from "../../worker/rpc.ts";
import { fetchWithBookmark } from "./read-bookmark.ts";

// The web calls the API through Hono's RPC client, typed by the worker's own routes: a path,
// param, query, body or answer that drifts from them fails the web's typecheck
// (docs/decisions/0026-rpc-client.md). `call()` turns its answers into the body or an ApiError.

/** Query strings carry defined, non-empty values only (a cleared filter leaves the URL). */
function searchParams(query: Record<string, string | string[]>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search;
}

export const client = hcWithType("/api", {
  init: { credentials: "same-origin" },
  buildSearchParams: searchParams,
  fetch: fetchWithBookmark,
});

let addressing: ReturnType<typeof hcWithType> | undefined;

/**
 * The same routes addressed from this page's origin, for `$url()`: Hono builds a URL object,
 * which a relative base ("/api") cannot give. Sockets take their address from here
 * (web/chat/socket.ts turns http(s) into ws(s)); requests go through `client`.
 */
export function urlClient(): ReturnType<typeof hcWithType> {
  addressing ??= hcWithType(new URL("/api", window.location.origin).href, {
    buildSearchParams: searchParams,
  });
  return addressing;
}

/**
 * A route's path params, each encoded as one path segment. Hono's client puts params into the
 * path as given, so an id read from the address ('a/../b') could otherwise reach another route.
 */
export function pathParams<P extends Record<string, string>>(params: P): P {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, encodeURIComponent(value)]),
  ) as P;
}

type AnyResponse = ClientResponse<unknown, number, ResponseFormat>;

/** The body of a route's 2xx answer: its JSON, or nothing (a 204). */
export type Answer<R> =
  R extends ClientResponse<infer Body, infer Status, infer Format>
    ? Status extends SuccessStatusCode
      ? Format extends "json"
        ? Body
        : undefined
      : never
    : never;

/**
 * Awaits a client call: the 2xx answer's body, else an ApiError with the code, message and
 * fields the API sent (a page that is not ours: "internal"; no connection: "network_error").
 */
export async function call<R extends AnyResponse>(request: Promise<R>): Promise<Answer<R>> {
  let res: R;
  try {
    res = await request;
  } catch {
    throw new ApiError("network_error", SHELL_MSG.networkError, 0);
  }
  if (res.ok) {
    return (res.status === 204 ? undefined : await res.json()) as Answer<R>;
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    throw new ApiError(code, message, res.status, fields);
  }
  // Not our error body (a proxy's or an outage page, JSON or not): the generic message.
  throw new ApiError("internal", SHELL_MSG.internal, res.status);
}

/** The API said the thing asked for does not exist (deleted, or a wrong id): a 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The request never reached the server: no connection (the browser's fetch itself failed). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "network_error";
}
