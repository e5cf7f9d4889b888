// D1 read replication (docs/decisions/0041-read-replicas-with-her-bookmark.md): the API's GETs
// read from a replica at least as new as the bookmark her app sends; everything else runs on the
// primary; every answer carries the bookmark it reached. Locally D1 has no replicas, so what is
// checked is the contract: which session each request opens, and that her own write is in what
// she reads next with the bookmark it gave her.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RideDetailResponse } from "../../domain/api/rides.ts";
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";
import { bookmarkFrom } from "../../worker/db/read-session.ts";
import { wrapD1 } from "./helpers/d1-proxy.ts";
import { signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";

/** env.DB, recording the constraint or bookmark each request's session was opened with. */
function recordingD1() {
  const opened: string[] = [];
  const d1 = wrapD1(env.DB, {
    withSession: (withSession) => (constraint) => {
      opened.push(String(constraint));
      return withSession(constraint);
    },
  });
  return { d1, opened };
}

/** Her browser on the recording binding. */
function herBrowserOn(d1: D1Database, cookies: Map<string, string>) {
  const browser = new Browser({ env: { DB: d1 } });
  for (const [name, value] of cookies) browser.cookies.set(name, value);
  return browser;
}

const rideBody = () => ({
  title: "Vuelta por la Casa de Campo",
  city: "Madrid",
  startTime: new Date(Date.now() + 72 * 3_600_000).toISOString(),
  level: "chill",
  modalities: ["road"],
  meetingPoint: "Lago de la Casa de Campo",
  distanceKm: 30,
  elevationM: 200,
  maxParticipants: null,
  socialTags: [],
  description: "",
});

describe("read replicas with her bookmark", () => {
  it("a GET without a bookmark reads from any replica; a write runs on the primary; the next GET waits for her write", async () => {
    const { browser: signedInBrowser } = await signedIn();
    const { d1, opened } = recordingD1();
    const ana = herBrowserOn(d1, signedInBrowser.cookies);

    const first = await ana.fetch("/api/me");
    expect(first.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    const readMark = first.headers.get(D1_BOOKMARK_HEADER);
    expect(readMark).toMatch(/^[0-9a-f-]+$/);

    const created = await ana.post("/api/rides", rideBody());
    expect(created.status).toBe(201);
    expect(opened.at(-1)).toBe("first-primary");
    const writeMark = created.headers.get(D1_BOOKMARK_HEADER)!;
    // Bookmarks sort by time: her write's is not older than what she had read.
    expect(writeMark >= readMark!).toBe(true);
    const { ride } = await json<RideDetailResponse>(created);

    const next = await ana.fetch(`/api/rides/${ride.id}`, {
      headers: { [D1_BOOKMARK_HEADER]: writeMark },
    });
    expect(opened.at(-1)).toBe(writeMark);
    expect((await json<RideDetailResponse>(next)).ride.id).toBe(ride.id);
  });

  it("every method but GET and HEAD runs on the primary, whatever bookmark it sends", async () => {
    const { browser: signedInBrowser } = await signedIn();
    const { d1, opened } = recordingD1();
    const ana = herBrowserOn(d1, signedInBrowser.cookies);
    const res = await ana.fetch("/api/rides", {
      method: "POST",
      json: rideBody(),
      headers: { [D1_BOOKMARK_HEADER]: "00000000-00000000-00000000-00000000" },
    });
    expect(res.status).toBe(201);
    expect(opened).toEqual(["first-primary"]);
  });

  it("a malformed or oversized bookmark is ignored, not passed to D1", async () => {
    const { d1, opened } = recordingD1();
    const visitor = new Browser({ env: { DB: d1 } });
    for (const bad of ["first-primary", "'; DROP TABLE rides; --", "a".repeat(300), "0-0-0 0"]) {
      const res = await visitor.fetch("/api/me", { headers: { [D1_BOOKMARK_HEADER]: bad } });
      expect(res.status).toBe(200);
    }
    expect(opened).toEqual(Array(4).fill("first-unconstrained"));
    expect(bookmarkFrom("0000000b-00000003-00004f7c-8b7e6d5c")).toBe(
      "0000000b-00000003-00004f7c-8b7e6d5c",
    );
  });

  it("pages outside the API use the primary and open no session", async () => {
    const { d1, opened } = recordingD1();
    await new Browser({ env: { DB: d1 } }).fetch("/salida/no-existe");
    expect(opened).toEqual([]);
  });
});
