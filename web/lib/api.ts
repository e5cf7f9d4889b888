import type { ApiErrorBody, ErrorCode } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";

// The web calls the API through this one wrapper. Request bodies are typed by the zod schemas
// in domain/schemas.ts and responses by domain/api-types.ts, which the worker's handlers also
// satisfy — so both sides share one definition (docs/decisions/0004-typed-api-client.md).

/** An API error with the stable code the worker sent and its Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | "network_error",
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * The API's own message when it refused the request on purpose (a 4xx with its Spanish text);
 * undefined for server failures, outages, network errors and anything that is not an ApiError.
 */
export function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  // A 4xx without our JSON body (a proxy's page) arrives as "internal" with the generic text.
  return error.code === "internal" ? undefined : error.message;
}

/** The API said the thing asked for does not exist (deleted, or a wrong id): a 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The request never reached the server: no connection (the browser's fetch itself failed). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "network_error";
}

/** What a screen shows for a failed call: the API's message, else the spec's text for it. */
export function userMessage(error: unknown, fallback: string): string {
  return apiMessage(error) ?? fallback;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError("network_error", MSG.networkError, 0);
  }
  if (res.ok) {
    return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
  }
  let payload: Partial<ApiErrorBody> = {};
  try {
    payload = (await res.json()) as ApiErrorBody;
  } catch {
    // Not JSON (a proxy or outage page): fall through to the generic message.
  }
  throw new ApiError(
    payload.error?.code ?? "internal",
    payload.error?.message ?? MSG.internal,
    res.status,
    payload.error?.fields,
  );
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, body ?? {}),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

/** Builds a query string from defined, non-empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
