// The API client (web/lib/api.ts): Hono's RPC client typed by the worker's routes, `call()`
// turning answers into bodies or ApiErrors, and errorText (domain/errors.ts), the one path from
// a failure to the text on screen: a deliberate refusal keeps the API's Spanish text; any failure
// on our side (or on the way) gives the screen's own text from the spec.
import { describe, expect, it } from "vitest";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { call, client, pathParams } from "../../web/lib/api.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";

const FALLBACK = MSG.signupFailed;
const fetchMock = stubFetchEachTest();

/** The error a call throws when fetch answers (or fails) like `answer`. */
async function failureFrom(answer: () => Promise<Response>): Promise<unknown> {
  fetchMock.mockImplementation(answer);
  return call(client.auth.signup.$post({ json: { email: "a@b.es", password: "x" } })).then(
    () => {
      throw new Error("expected the call to fail");
    },
    (err: unknown) => err,
  );
}

const apiError = (code: string, message: string, status: number) => async () =>
  Response.json({ error: { code, message } }, { status });

/** What the last fetch was asked: its URL and init. */
function lastRequest(): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init ?? {} };
}

describe("call", () => {
  it("sends JSON with her cookies to the route's path and gives the answer's body", async () => {
    fetchMock.mockResolvedValue(Response.json({ ride: { id: "r1" } }));
    const answer = await call(
      client.rides[":id"].cancel.$post({ param: { id: "r1" }, json: { reason: "Lluvia" } }),
    );
    expect(answer.ride.id).toBe("r1");
    const { url, init } = lastRequest();
    expect(url).toBe("/api/rides/r1/cancel");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ reason: "Lluvia" });
  });

  it("keeps each path param one segment: an id read from the address cannot reach another route", async () => {
    fetchMock.mockImplementation(async () => Response.json({}));
    await call(client.rides[":id"].chat.$get({ param: pathParams({ id: "../../me" }) }));
    expect(lastRequest().url).toBe("/api/rides/..%2F..%2Fme/chat");
    await call(
      client.rides[":id"].participants[":userId"].$delete({
        param: pathParams({ id: "r1", userId: "a b/c?d" }),
      }),
    );
    expect(lastRequest().url).toBe("/api/rides/r1/participants/a%20b%2Fc%3Fd");
  });

  it("leaves empty and missing query values out of the URL", async () => {
    fetchMock.mockResolvedValue(Response.json({ rides: [], hasMore: false, page: 0 }));
    await call(client.rides.$get({ query: { q: "", city: "Sevilla", page: "0" }, header: {} }));
    expect(lastRequest().url).toBe("/api/rides?city=Sevilla&page=0");
  });

  it("gives nothing for a 204", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(call(client.calendar.feed.$delete())).resolves.toBeUndefined();
  });

  it("keeps the code, status and per-field messages the API sent (the create form shows them)", async () => {
    const fields = { title: MSG.rideRequiredFields, startTime: MSG.ridePastStart };
    const err = await failureFrom(async () =>
      Response.json(
        { error: { code: "validation_error", message: MSG.rideRequiredFields, fields } },
        { status: 400 },
      ),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "validation_error", status: 400, fields });
  });

  it("says 'no connection' when the request never left", async () => {
    const err = await failureFrom(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(err).toMatchObject({ code: "network_error", status: 0, message: MSG.networkError });
  });
});

describe("errorText", () => {
  it.each([
    ["validation (400)", apiError("validation_error", MSG.passwordTooShort, 400)],
    ["email taken (409)", apiError("conflict", MSG.emailTaken, 409)],
    ["rate limited (429)", apiError("rate_limited", MSG.rateLimited, 429)],
    ["signed out (401)", apiError("unauthenticated", MSG.profileUnauthenticated, 401)],
  ])("keeps the API's message for a deliberate refusal: %s", async (_, answer) => {
    const err = await failureFrom(answer);
    const sent = (err as ApiError).message;
    expect(errorText(err, FALLBACK)).toBe(sent);
    expect(errorText(err, null)).toBe(sent);
    expect(errorText(err)).toBe(sent);
  });

  it.each([
    ["a 500", apiError("internal", MSG.internal, 500), MSG.internal],
    [
      "a 503 while the database is down",
      apiError("unavailable", MSG.unavailable, 503),
      MSG.unavailable,
    ],
    [
      "a proxy's HTML page",
      async () => new Response("<h1>Bad gateway</h1>", { status: 502 }),
      MSG.internal,
    ],
    [
      "a 4xx that is not our JSON",
      async () => new Response("Forbidden", { status: 403 }),
      MSG.internal,
    ],
    [
      "a 4xx whose JSON is not our error body",
      async () =>
        Response.json({ error: { code: "WAF_BLOCK", message: "Denied" } }, { status: 403 }),
      MSG.internal,
    ],
    [
      "a network failure",
      async () => {
        throw new TypeError("Failed to fetch");
      },
      MSG.networkError,
    ],
  ])("gives the screen's text for %s, else the failure's own", async (_, answer, own) => {
    const err = await failureFrom(answer);
    expect(err).toBeInstanceOf(ApiError);
    expect(errorText(err, FALLBACK)).toBe(FALLBACK);
    expect(errorText(err, null)).toBeUndefined();
    expect(errorText(err)).toBe(own);
  });

  it("gives the screen's text, or nothing, for something that is not an API error", () => {
    expect(errorText(new SyntaxError("Unexpected token"), FALLBACK)).toBe(FALLBACK);
    expect(errorText(undefined, FALLBACK)).toBe(FALLBACK);
    expect(errorText(new SyntaxError("Unexpected token"))).toBeUndefined();
  });
});

// The @ts-expect-error lines are checked by `npm run typecheck` (tsconfig.web.json): the client is
// typed by the worker's routes, so a path, param, body or answer that drifts from them does not
// compile. Each must stay an error, or the directive itself fails the typecheck. At run time the
// same calls would go out wrong, which is what the compiler now stops.
describe("a call that drifted from the worker's routes", () => {
  it("fails the typecheck; unchecked, it would reach the wrong URL or body", async () => {
    fetchMock.mockImplementation(async () => Response.json({ ride: { title: "Sierra" } }));
    // @ts-expect-error: no such route
    await client.rides[":id"].joinn.$post({ param: { id: "r1" } });
    // @ts-expect-error: the ride's param is `id`
    await client.rides[":id"].join.$post({ param: { rideId: "r1" } });
    // @ts-expect-error: cancelling takes a reason (cancelRideSchema), not a motive
    await client.rides[":id"].cancel.$post({ param: { id: "r1" }, json: { motive: "Lluvia" } });
    // @ts-expect-error: a block names the user by `userId` (blockSchema)
    await client.blocks.$post({ json: { username: "bea" } });
    const { ride } = await call(client.rides[":id"].$get({ param: { id: "r1" } }));
    // @ts-expect-error: the detail answers `title`, not `name` (RideDetailResponse)
    expect(ride.name).toBeUndefined();
    const sent = fetchMock.mock.calls.map(([url, init]) => [String(url), init?.body]);
    expect(sent).toEqual([
      ["/api/rides/r1/joinn", undefined],
      ["/api/rides/:id/join", undefined],
      ["/api/rides/r1/cancel", JSON.stringify({ motive: "Lluvia" })],
      ["/api/blocks", JSON.stringify({ username: "bea" })],
      ["/api/rides/r1", undefined],
    ]);
  });
});
