// Load run: 1,000 simulated riders for 60 s, each looping over feed pages, ride details,
// joins/leaves and chat sends across 200 upcoming rides with small capacities. The riders are
// split between this process and child processes (load-process.ts), so that one Node event loop
// is not what limits the load; a probe calls /api/health throughout, and each kind's p50 is
// reported as a ratio of the probe's p50 under the same load.
// Budgets: zero 5xx, zero lost or duplicated messages, capacity never exceeded. Each rider has
// her own session and her own CF-Connecting-IP (what Cloudflare sets in production; locally
// miniflare only fills it in when absent). The server-side audit (loadAudit) reads D1 after the
// server stopped: every acknowledged message stored exactly once, no ride over capacity.

import path from "node:path";
import type { RideDetailResponse, RideListResponse } from "../../../domain/api/rides.ts";
import type { ServerMessage } from "../../../domain/chat-protocol.ts";
import { runInChild } from "../child-process.ts";
import { BENCH_CITIES, type BenchRider, prng, type Random } from "../dataset.ts";
import { percentile } from "../stats.ts";

type Kind = "feed" | "ride detail" | "join" | "leave" | "chat connect" | "chat send" | "health";
const KINDS: Kind[] = [
  "feed",
  "ride detail",
  "join",
  "leave",
  "chat connect",
  "chat send",
  "health",
];
/** The probe's pace: one /api/health call at a time, this long apart. */
const HEALTH_PROBE_EVERY_MS = 50;

/** How a rider spends her actions. */
const ACTION_WEIGHTS = { feed: 0.35, detail: 0.25, joinOrLeave: 0.25, chat: 0.15 };
const THINK_MS_MAX = 200;
const RAMP_UP_MS = 2000;
const ACK_TIMEOUT_MS = 15_000;
const FEED_PAGES = 4;

export interface LoadRide {
  id: string;
  organizerId: string;
}

/** What happened, from the clients' side; loadAudit adds the server's side. */
export class LoadRecorder {
  readonly latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  readonly statuses = new Map<Kind, Map<number, number>>(KINDS.map((k) => [k, new Map()]));
  /** "409 ride_full" → count, for every 4xx answer. */
  readonly clientErrors = new Map<string, number>();
  /** First few 5xx answers, to investigate. */
  readonly serverErrors: string[] = [];
  networkErrors = 0;
  /** A ride seen (detail or join answer) with more participants than its capacity. */
  overbookedObservations = 0;
  readonly sent = new Set<string>();
  readonly acked = new Set<string>();
  duplicateAcks = 0;
  /** The same message id broadcast twice to one socket. */
  duplicateDeliveries = 0;
  readonly sendErrors = new Map<string, number>();
  /** Sent, then no ack nor error: timed out or the socket closed first. */
  readonly unanswered = new Set<string>();
  startedAt = 0;
  elapsedMs = 0;

  record(kind: Kind, status: number, ms: number) {
    this.latencies.get(kind)!.push(ms);
    const byStatus = this.statuses.get(kind)!;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  count(map: Map<string, number>, key: string) {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  /** What a child process sends back (Maps and Sets as arrays). */
  toJSON(): SerializedRecorder {
    return {
      latencies: [...this.latencies],
      statuses: [...this.statuses].map(([kind, byStatus]) => [kind, [...byStatus]]),
      clientErrors: [...this.clientErrors],
      serverErrors: this.serverErrors,
      networkErrors: this.networkErrors,
      overbookedObservations: this.overbookedObservations,
      sent: [...this.sent],
      acked: [...this.acked],
      duplicateAcks: this.duplicateAcks,
      duplicateDeliveries: this.duplicateDeliveries,
      sendErrors: [...this.sendErrors],
      unanswered: [...this.unanswered],
    };
  }

  /** Adds another process's figures to these. */
  merge(other: SerializedRecorder) {
    for (const [kind, samples] of other.latencies) this.latencies.get(kind)!.push(...samples);
    for (const [kind, byStatus] of other.statuses) {
      const mine = this.statuses.get(kind)!;
      for (const [status, n] of byStatus) mine.set(status, (mine.get(status) ?? 0) + n);
    }
    for (const [key, n] of other.clientErrors) {
      this.clientErrors.set(key, (this.clientErrors.get(key) ?? 0) + n);
    }
    this.serverErrors.push(...other.serverErrors.slice(0, 5 - this.serverErrors.length));
    this.networkErrors += other.networkErrors;
    this.overbookedObservations += other.overbookedObservations;
    for (const id of other.sent) this.sent.add(id);
    for (const id of other.acked) {
      // Client ids are UUIDs made by one rider: seen in two processes means acked twice.
      if (this.acked.has(id)) this.duplicateAcks++;
      this.acked.add(id);
    }
    this.duplicateAcks += other.duplicateAcks;
    this.duplicateDeliveries += other.duplicateDeliveries;
    for (const [code, n] of other.sendErrors) {
      this.sendErrors.set(code, (this.sendErrors.get(code) ?? 0) + n);
    }
    for (const id of other.unanswered) this.unanswered.add(id);
  }

  get httpRequests(): number {
    let total = 0;
    for (const [kind, byStatus] of this.statuses) {
      if (kind === "chat send" || kind === "health") continue;
      for (const n of byStatus.values()) total += n;
    }
    return total;
  }

  get fiveHundreds(): number {
    let total = 0;
    for (const byStatus of this.statuses.values()) {
      for (const [status, n] of byStatus) if (status >= 500) total += n;
    }
    return total;
  }
}

export interface SerializedRecorder {
  latencies: [Kind, number[]][];
  statuses: [Kind, [number, number][]][];
  clientErrors: [string, number][];
  serverErrors: string[];
  networkErrors: number;
  overbookedObservations: number;
  sent: string[];
  acked: string[];
  duplicateAcks: number;
  duplicateDeliveries: number;
  sendErrors: [string, number][];
  unanswered: string[];
}

type SendOutcome = { kind: "ack" } | { kind: "error"; code: string } | { kind: "unanswered" };

/** One chat tab of one rider: sends with unique client ids and matches the acks. */
class ChatTab {
  private readonly pending = new Map<string, (outcome: SendOutcome) => void>();
  private readonly seen = new Set<string>();
  private readonly recorder: LoadRecorder;
  readonly ws: WebSocket;
  closed = false;

  // (No TypeScript parameter properties: Node runs these files by stripping types.)
  private constructor(ws: WebSocket, recorder: LoadRecorder) {
    this.ws = ws;
    this.recorder = recorder;
    ws.addEventListener("message", (event) => this.onFrame(String(event.data)));
    ws.addEventListener("close", () => {
      this.closed = true;
      for (const resolve of this.pending.values()) resolve({ kind: "unanswered" });
      this.pending.clear();
    });
  }

  static open(url: string, headers: Record<string, string>, recorder: LoadRecorder) {
    // Node's WebSocket (undici) takes headers: the worker checks the cookie and the Origin.
    const ws = new WebSocket(url, { headers } as unknown as string[]);
    return new Promise<ChatTab>((resolve, reject) => {
      const tab = new ChatTab(ws, recorder);
      ws.addEventListener("open", () => resolve(tab), { once: true });
      ws.addEventListener("error", () => reject(new Error("websocket refused")), { once: true });
    });
  }

  private onFrame(data: string) {
    if (data === "pong") return;
    const frame = JSON.parse(data) as ServerMessage;
    if (frame.type === "ack") {
      if (this.recorder.acked.has(frame.clientId)) this.recorder.duplicateAcks++;
      this.recorder.acked.add(frame.clientId);
      this.settle(frame.clientId, { kind: "ack" });
    } else if (frame.type === "error" && frame.clientId) {
      this.settle(frame.clientId, { kind: "error", code: frame.code });
    } else if (frame.type === "message") {
      if (this.seen.has(frame.message.id)) this.recorder.duplicateDeliveries++;
      this.seen.add(frame.message.id);
    }
  }

  private settle(clientId: string, outcome: SendOutcome) {
    const resolve = this.pending.get(clientId);
    this.pending.delete(clientId);
    resolve?.(outcome);
  }

  send(clientId: string, text: string): Promise<SendOutcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(clientId, { kind: "unanswered" }), ACK_TIMEOUT_MS);
      this.pending.set(clientId, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
      this.ws.send(JSON.stringify({ type: "send", clientId, text }));
    });
  }
}

class SimulatedRider {
  private readonly joined = new Set<string>();
  private readonly tabs = new Map<string, ChatTab>();
  private readonly ip: string;
  private sentCount = 0;
  private readonly index: number;
  private readonly rider: BenchRider;
  private readonly rides: LoadRide[];
  private readonly baseURL: string;
  private readonly fromIso: string;
  private readonly recorder: LoadRecorder;
  private readonly random: Random;

  constructor(options: {
    index: number;
    rider: BenchRider;
    rides: LoadRide[];
    baseURL: string;
    fromIso: string;
    recorder: LoadRecorder;
    random: Random;
  }) {
    const { index, rider, rides } = options;
    this.index = index;
    this.rider = rider;
    this.rides = rides;
    this.baseURL = options.baseURL;
    this.fromIso = options.fromIso;
    this.recorder = options.recorder;
    this.random = options.random;
    this.ip = `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`;
    for (const ride of rides) if (ride.organizerId === rider.userId) this.joined.add(ride.id);
  }

  private headers(extra: Record<string, string> = {}) {
    return { Cookie: this.rider.cookie, "CF-Connecting-IP": this.ip, ...extra };
  }

  /** One HTTP call, timed to the end of its body; null on a network error. */
  private async call<T>(kind: Kind, path: string, method = "GET") {
    const started = performance.now();
    try {
      const res = await fetch(`${this.baseURL}${path}`, {
        method,
        headers: this.headers(
          method === "GET" ? {} : { Origin: this.baseURL, "Content-Type": "application/json" },
        ),
        body: method === "GET" ? undefined : "{}",
      });
      const text = await res.text();
      const ms = performance.now() - started;
      this.recorder.record(kind, res.status, ms);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON (a 5xx page): kept as text below
      }
      if (res.status >= 500) {
        // vite's error page wraps the message in <pre>; the worker answers JSON.
        const message = (/<pre>([^<]*)/.exec(text)?.[1] ?? text).slice(0, 120);
        if (this.recorder.serverErrors.length < 5) {
          this.recorder.serverErrors.push(
            `${kind} ${path}: ${res.status} after ${ms.toFixed(0)} ms: ${message}`,
          );
        }
      } else if (res.status >= 400) {
        const code = (body as { error?: { code?: string } } | null)?.error?.code ?? "?";
        this.recorder.count(this.recorder.clientErrors, `${res.status} ${code}`);
      }
      return { status: res.status, body: body as T };
    } catch {
      this.recorder.networkErrors++;
      return null;
    }
  }

  private checkCapacity(ride: { participantCount: number; capacity: number } | undefined) {
    if (ride && ride.participantCount > ride.capacity) this.recorder.overbookedObservations++;
  }

  private async browseFeed() {
    const page = Math.floor(this.random.next() * FEED_PAGES);
    const city =
      this.random.next() < 0.5 ? `&city=${encodeURIComponent(this.random.pick(BENCH_CITIES))}` : "";
    await this.call<RideListResponse>(
      "feed",
      `/api/rides?from=${encodeURIComponent(this.fromIso)}&page=${page}${city}`,
    );
  }

  private async openDetail() {
    const ride = this.random.pick(this.rides);
    const res = await this.call<RideDetailResponse>("ride detail", `/api/rides/${ride.id}`);
    if (res?.status === 200) {
      this.checkCapacity(res.body.ride);
      if (res.body.ride.viewer.joined) this.joined.add(ride.id);
      else this.forget(ride.id);
    }
  }

  /** Half the time she leaves one of her rides (if she can), else she tries to join another. */
  private async joinOrLeave() {
    const leavable = this.rides.filter(
      (r) => this.joined.has(r.id) && r.organizerId !== this.rider.userId,
    );
    if (leavable.length > 0 && this.random.next() < 0.5) {
      const ride = this.random.pick(leavable);
      const res = await this.call("leave", `/api/rides/${ride.id}/leave`, "POST");
      if (res?.status === 200 || res?.status === 403) this.forget(ride.id);
      return;
    }
    const others = this.rides.filter((r) => !this.joined.has(r.id));
    const ride = this.random.pick(others.length > 0 ? others : this.rides);
    const res = await this.call<RideDetailResponse>("join", `/api/rides/${ride.id}/join`, "POST");
    if (res?.status === 200) {
      this.checkCapacity(res.body.ride);
      this.joined.add(ride.id);
    } else if (res?.status === 409 && JSON.stringify(res.body).includes("already_joined")) {
      this.joined.add(ride.id);
    }
  }

  /** She left (or learned she is out): the server closes that chat; so does she. */
  private forget(rideId: string) {
    this.joined.delete(rideId);
    this.tabs.get(rideId)?.ws.close();
    this.tabs.delete(rideId);
  }

  private async tab(rideId: string): Promise<ChatTab | null> {
    const open = this.tabs.get(rideId);
    if (open && !open.closed) return open;
    const started = performance.now();
    const url = `${this.baseURL.replace(/^http/, "ws")}/api/rides/${rideId}/chat/socket`;
    try {
      const tab = await ChatTab.open(url, this.headers({ Origin: this.baseURL }), this.recorder);
      this.recorder.record("chat connect", 101, performance.now() - started);
      this.tabs.set(rideId, tab);
      return tab;
    } catch {
      // A refused upgrade (e.g. no longer a participant) has no status here.
      this.recorder.record("chat connect", 0, performance.now() - started);
      return null;
    }
  }

  private async chat() {
    if (this.joined.size === 0) return this.joinOrLeave();
    const rideId = this.random.pick([...this.joined]);
    const tab = await this.tab(rideId);
    if (!tab) return this.forget(rideId);
    const clientId = crypto.randomUUID();
    const started = performance.now();
    this.recorder.sent.add(clientId);
    // Unique text too: a duplicate stored under another id would show in the audit.
    const outcome = await tab.send(
      clientId,
      `carga r${this.index} #${this.sentCount++} ${clientId}`,
    );
    if (outcome.kind === "ack") this.recorder.record("chat send", 200, performance.now() - started);
    else if (outcome.kind === "error") this.recorder.count(this.recorder.sendErrors, outcome.code);
    else this.recorder.unanswered.add(clientId);
    if (outcome.kind === "error" && outcome.code === "not_participant") this.forget(rideId);
  }

  async run(deadline: number) {
    await sleep(this.random.next() * RAMP_UP_MS);
    while (Date.now() < deadline) {
      const x = this.random.next();
      if (x < ACTION_WEIGHTS.feed) await this.browseFeed();
      else if (x < ACTION_WEIGHTS.feed + ACTION_WEIGHTS.detail) await this.openDetail();
      else if (x < 1 - ACTION_WEIGHTS.chat) await this.joinOrLeave();
      else await this.chat();
      await sleep(this.random.next() * THINK_MS_MAX);
    }
    for (const tab of this.tabs.values()) tab.ws.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoadOptions {
  baseURL: string;
  riders: BenchRider[];
  rides: LoadRide[];
  seconds: number;
}

/** The riders of one process, from `firstIndex` on (their IPs follow the index). */
export interface LoadSlice extends LoadOptions {
  firstIndex: number;
  /** Epoch ms: every process starts its riders then, and stops at startAt + seconds. */
  startAt: number;
}

/** Runs one process's riders until the common deadline. */
export async function runLoadSlice(slice: LoadSlice): Promise<LoadRecorder> {
  const recorder = new LoadRecorder();
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const simulated = slice.riders.map((rider, k) => {
    const index = slice.firstIndex + k;
    return new SimulatedRider({
      index,
      rider,
      rides: slice.rides,
      baseURL: slice.baseURL,
      fromIso: today.toISOString(),
      recorder,
      // Seeded per rider so a run's mix of actions is repeatable (timing still varies).
      random: prng(1000 + index),
    });
  });
  await sleep(Math.max(0, slice.startAt - Date.now()));
  const deadline = slice.startAt + slice.seconds * 1000;
  await Promise.all(simulated.map((rider) => rider.run(deadline)));
  return recorder;
}

/** /api/health, one call at a time, until the deadline: the yardstick of the ratios. */
async function probeHealth(baseURL: string, recorder: LoadRecorder, deadline: number) {
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const res = await fetch(`${baseURL}/api/health`);
      await res.text();
      recorder.record("health", res.status, performance.now() - started);
    } catch {
      recorder.networkErrors++;
    }
    await sleep(HEALTH_PROBE_EVERY_MS);
  }
}

export async function runLoad(options: LoadOptions & { processes: number }): Promise<LoadRecorder> {
  const processes = Math.max(1, Math.min(options.processes, options.riders.length));
  const per = Math.ceil(options.riders.length / processes);
  // Child processes need a moment to start: everyone begins at the same instant.
  const startAt = Date.now() + (processes > 1 ? 1500 : 0);
  const slices: LoadSlice[] = Array.from({ length: processes }, (_, p) => ({
    ...options,
    riders: options.riders.slice(p * per, (p + 1) * per),
    firstIndex: p * per,
    startAt,
  }));
  const recorder = new LoadRecorder();
  const deadline = startAt + options.seconds * 1000;
  const probe = sleep(Math.max(0, startAt - Date.now())).then(() =>
    probeHealth(options.baseURL, recorder, deadline),
  );
  const parts = await Promise.all([
    runLoadSlice(slices[0]!).then((own) => own.toJSON()),
    ...slices
      .slice(1)
      .map((slice) =>
        runInChild<LoadSlice, SerializedRecorder>(
          path.join(import.meta.dirname, "load-process.ts"),
          slice,
        ),
      ),
  ]);
  await probe;
  for (const part of parts) recorder.merge(part);
  recorder.startedAt = startAt;
  recorder.elapsedMs = Date.now() - startAt;
  // Let the closes reach the rooms before anyone stops the server.
  await sleep(500);
  return recorder;
}

/** What D1 holds after the run (read by the caller once the server stopped). */
export interface LoadAudit {
  /** Ids of the user messages stored in the load rides. */
  storedIds: string[];
  /** Bodies stored more than once (a message stored twice under different ids). */
  duplicateBodies: number;
  /** Rides (whole dataset) with more participants than their capacity. */
  overCapacityRides: { id: string; capacity: number; participants: number }[];
  /** Rides whose organizer is not among their participants. */
  organizerMissing: number;
}

/**
 * The audit's queries, `;`-separated for one `wrangler d1 execute` (ids are ours: quoted). Only
 * the messages from `sinceMs` on (the run's start): the local ceiling's steps, before the run,
 * send from the same riders in the same rides.
 */
export function loadAuditSql(rideIds: string[], sinceMs: number): string {
  const rides = rideIds.map((id) => `'${id.replaceAll("'", "''")}'`).join(", ");
  const messages = `kind = 'user' AND ride_id IN (${rides}) AND created_at >= ${Math.floor(sinceMs)}`;
  return [
    `SELECT id FROM ride_messages WHERE ${messages}`,
    `SELECT count(*) AS n FROM (SELECT body FROM ride_messages
      WHERE ${messages} GROUP BY body HAVING count(*) > 1)`,
    `SELECT r.id, coalesce(r.max_participants, 20) AS capacity, count(*) AS participants
      FROM ride_participants p JOIN rides r ON r.id = p.ride_id
      GROUP BY r.id HAVING count(*) > coalesce(r.max_participants, 20)`,
    `SELECT count(*) AS n FROM rides r WHERE r.organizer_id IS NOT NULL AND NOT EXISTS
      (SELECT 1 FROM ride_participants p WHERE p.ride_id = r.id AND p.user_id = r.organizer_id)`,
  ].join(";\n");
}

type AuditRow = Record<string, string | number>;

/** Turns the rows of loadAuditSql's four statements into the audit. */
export function loadAudit([
  stored,
  duplicates,
  overCapacity,
  organizerMissing,
]: AuditRow[][]): LoadAudit {
  return {
    storedIds: (stored ?? []).map((row) => String(row.id)),
    duplicateBodies: Number(duplicates?.[0]?.n ?? -1),
    overCapacityRides: (overCapacity ?? []).map((row) => ({
      id: String(row.id),
      capacity: Number(row.capacity),
      participants: Number(row.participants),
    })),
    organizerMissing: Number(organizerMissing?.[0]?.n ?? -1),
  };
}

function latencyRows(recorder: LoadRecorder, seconds: number): string[] {
  const lines = [
    "| Kind | Count | per s | p50 ms | p95 ms | p99 ms | p50 ÷ health p50 | p99 ÷ health p50 | 2xx | 4xx | 5xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const health = recorder.latencies.get("health")!;
  const healthP50 = health.length ? percentile(health, 50) : Number.NaN;
  for (const kind of KINDS) {
    const samples = recorder.latencies.get(kind)!;
    const byStatus = recorder.statuses.get(kind)!;
    let ok = 0;
    let client = 0;
    let server = 0;
    for (const [status, n] of byStatus) {
      if (status >= 500) server += n;
      else if (status >= 400 || status === 0) client += n;
      else ok += n;
    }
    const fmt = (p: number) => (samples.length ? percentile(samples, p).toFixed(1) : "–");
    const ratio = (p: number) =>
      samples.length && healthP50 > 0 ? `${(percentile(samples, p) / healthP50).toFixed(2)}×` : "–";
    lines.push(
      `| ${kind} | ${samples.length} | ${(samples.length / seconds).toFixed(1)} | ${fmt(50)} | ${fmt(95)} | ${fmt(99)} | ${ratio(50)} | ${ratio(99)} | ${ok} | ${client} | ${server} |`,
    );
  }
  return lines;
}

export function loadReport(
  recorder: LoadRecorder,
  audit: LoadAudit,
  setup: { riders: number; rides: number; processes: number },
): { markdown: string; ok: boolean } {
  const seconds = recorder.elapsedMs / 1000;
  const stored = new Set(audit.storedIds);
  const lost = [...recorder.acked].filter((id) => !stored.has(id)).length;
  const storedUnacked = [...stored].filter((id) => !recorder.acked.has(id));
  const foreign = storedUnacked.filter((id) => !recorder.sent.has(id)).length;
  const duplicates =
    recorder.duplicateAcks +
    recorder.duplicateDeliveries +
    audit.duplicateBodies +
    (audit.storedIds.length - stored.size);
  const fiveHundreds = recorder.fiveHundreds;
  const chatConnectFailures = recorder.statuses.get("chat connect")!.get(0) ?? 0;
  const ok =
    fiveHundreds === 0 &&
    recorder.networkErrors === 0 &&
    lost === 0 &&
    duplicates === 0 &&
    foreign === 0 &&
    recorder.overbookedObservations === 0 &&
    audit.overCapacityRides.length === 0;

  const errors = [...recorder.clientErrors].sort((a, b) => b[1] - a[1]);
  const sendErrors = [...recorder.sendErrors];
  const lines = [
    `${setup.riders} simulated riders in ${setup.processes} load process${setup.processes === 1 ? "" : "es"}, ${setup.rides} upcoming rides of 3–8 places, ${seconds.toFixed(1)} s; each rider waits 0–${THINK_MS_MAX} ms between actions (feed ${ACTION_WEIGHTS.feed * 100}%, ride detail ${ACTION_WEIGHTS.detail * 100}%, join or leave ${ACTION_WEIGHTS.joinOrLeave * 100}%, chat send ${ACTION_WEIGHTS.chat * 100}%).`,
    "",
    `HTTP: **${recorder.httpRequests} requests, ${(recorder.httpRequests / seconds).toFixed(0)} req/s**; chat: ${recorder.sent.size} sends, ${(recorder.acked.size / seconds).toFixed(1)} acked/s. Chat send latency is send → ack (stored in D1).`,
    "",
    ...latencyRows(recorder, seconds),
    "",
    "| 4xx answers (expected ones: ride full, already joined, organizer cannot leave) | Count |",
    "|---|---:|",
    ...(errors.length ? errors.map(([key, n]) => `| ${key} | ${n} |`) : ["| none | 0 |"]),
    "",
    "| Check | Result |",
    "|---|---:|",
    `| 5xx answers | ${fiveHundreds} |`,
    `| Network errors | ${recorder.networkErrors} |`,
    `| Chat upgrades refused | ${chatConnectFailures} |`,
    `| Messages sent / acked / stored | ${recorder.sent.size} / ${recorder.acked.size} / ${stored.size} |`,
    `| Acked but not stored (lost) | ${lost} |`,
    `| Duplicates (acks, deliveries to one socket, stored bodies) | ${duplicates} |`,
    `| Sends refused by the room | ${sendErrors.length ? sendErrors.map(([code, n]) => `${code}: ${n}`).join(", ") : 0} |`,
    `| Sends with no answer (socket closed or ${ACK_TIMEOUT_MS / 1000} s timeout) | ${recorder.unanswered.size} |`,
    `| Stored without an ack / stored but never sent | ${storedUnacked.length} / ${foreign} |`,
    `| Answers showing a ride over capacity | ${recorder.overbookedObservations} |`,
    `| Rides over capacity in D1 afterwards (whole dataset) | ${audit.overCapacityRides.length} |`,
    `| Rides whose organizer is not a participant | ${audit.organizerMissing} |`,
  ];
  if (recorder.serverErrors.length) {
    lines.push("", "First 5xx answers:", "", ...recorder.serverErrors.map((e) => `- ${e}`));
  }
  lines.push(
    "",
    ok
      ? "**OK**: zero 5xx, every acknowledged message stored exactly once, capacity never exceeded."
      : "**FAILED**: see the checks above.",
  );
  return { markdown: lines.join("\n"), ok };
}
