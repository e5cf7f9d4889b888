// Chat budgets (docs/benchmarks.md): one room with 20 connected participants — time from send to receipt
// on all 20 sockets (median, p99) — and the largest burst the chat pace allows
// (docs/product.md#chat-pace: every rider sends 5 at once, 100 messages) ending with exactly 100
// stored, none duplicated, none lost; one more from a rider is refused. Sockets connect through the
// worker like a browser (session cookie + Origin), so the path measured is worker → RideRoom → D1 →
// fan-out.
import type { ChatMessagesResponse } from "../../../domain/api/chat.ts";
import { CHAT_PACE, type ServerMessage } from "../../../domain/chat-protocol.ts";
import { median, percentile } from "../stats.ts";

const ROOM_SIZE = 20;
/** What the chat pace lets one rider send at once, and the window after which she may again. */
const PER_RIDER = CHAT_PACE[0].max;
const PACE_WINDOW_MS = CHAT_PACE[0].windowMs;
/** Latency samples: each rider sends 5, one at a time, in turn. */
const LATENCY_SAMPLES = ROOM_SIZE * PER_RIDER;
const BURST = ROOM_SIZE * PER_RIDER;
const FAN_OUT_TIMEOUT_MS = 10_000;

export interface BenchSocket {
  ws: WebSocket;
  frames: ServerMessage[];
  onFrame?: (frame: ServerMessage) => void;
}

function openSocket(baseURL: string, cookie: string, rideId: string): Promise<BenchSocket> {
  return openSocketAt(baseURL, cookie, `/api/rides/${rideId}/chat/socket`);
}

/** A chat socket at `path` (a ride's or a group's), opened as her browser would. */
export function openSocketAt(baseURL: string, cookie: string, path: string): Promise<BenchSocket> {
  const url = `${baseURL.replace(/^http/, "ws")}${path}`;
  // Node's WebSocket (undici) accepts headers: the worker checks the cookie and our Origin.
  const ws = new WebSocket(url, {
    headers: { Cookie: cookie, Origin: new URL(baseURL).origin },
  } as unknown as string[]);
  const socket: BenchSocket = { ws, frames: [] };
  ws.addEventListener("message", (event) => {
    if (event.data === "pong") return;
    const frame = JSON.parse(String(event.data)) as ServerMessage;
    if (socket.onFrame) socket.onFrame(frame);
    else socket.frames.push(frame);
  });
  return new Promise((resolve, reject) => {
    ws.addEventListener("open", () => resolve(socket), { once: true });
    ws.addEventListener("error", () => reject(new Error(`websocket refused: ${url}`)), {
      once: true,
    });
  });
}

/** Sends one message from `sender` and resolves with the ms until all sockets have it. */
function timedFanOut(sender: BenchSocket, sockets: BenchSocket[], text: string): Promise<number> {
  const clientId = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    let waiting = sockets.length;
    const started = performance.now();
    const timer = setTimeout(() => reject(new Error("fan-out timed out")), FAN_OUT_TIMEOUT_MS);
    for (const socket of sockets) {
      socket.onFrame = (frame) => {
        const mine =
          (frame.type === "ack" && frame.clientId === clientId) ||
          (frame.type === "message" && frame.message.id === clientId);
        if (frame.type === "error") reject(new Error(`error frame: ${frame.message}`));
        if (mine && --waiting === 0) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      };
    }
    sender.ws.send(JSON.stringify({ type: "send", clientId, text }));
  });
}

/** `count` messages, one at a time, each from the next rider in turn: ms until all have it. */
export async function fanOutSamples(
  sockets: BenchSocket[],
  count: number,
  label: string,
  senders = sockets,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(await timedFanOut(senders[i % senders.length]!, sockets, `${label} ${i}`));
  }
  return samples;
}

/** Waits until every rider may send a full burst again (docs/product.md#chat-pace). */
const paceWindow = () => new Promise((resolve) => setTimeout(resolve, PACE_WINDOW_MS + 500));

/**
 * The room's first message, timed on its own and kept out of the steady-state samples: it pays
 * for what a room does once (its pace statements prepared, its first D1 batch), which a
 * percentile over 100 sends would otherwise count as if it happened on every send. Then the
 * pace window passes, so the sender may send her full share of the samples.
 */
export async function firstMessage(sender: BenchSocket, sockets: BenchSocket[]): Promise<number> {
  const ms = await timedFanOut(sender, sockets, "primer mensaje");
  await paceWindow();
  return ms;
}

export const latencyRow = (label: string, samples: number[]) =>
  `| ${label} | ${samples.length} | ${median(samples).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${percentile(samples, 99).toFixed(1)} |`;

/**
 * How the fan-out grows with the room's sockets: the 20 riders open several tabs each (the
 * same rider may), and each size gets `samples` sends. For docs/capacity.md.
 */
export async function fanOutScaling(
  baseURL: string,
  cookies: string[],
  rideId: string,
  sizes = [20, 50, 100, 200],
  samples = 60,
): Promise<string> {
  const rows: string[] = [];
  for (const size of sizes) {
    const sockets = await Promise.all(
      Array.from({ length: size }, (_, i) => openSocket(baseURL, cookies[i % ROOM_SIZE]!, rideId)),
    );
    try {
      const senders = sockets.slice(0, ROOM_SIZE);
      // Not every socket within 10 s: said in the table rather than ending the run.
      const timedOut = `| ${size} sockets | timed out after ${FAN_OUT_TIMEOUT_MS / 1000} s | | | |`;
      rows.push(
        await fanOutSamples(sockets, samples, `n${size}`, senders).then(
          (ms) => latencyRow(`${size} sockets`, ms),
          () => timedOut,
        ),
      );
    } finally {
      for (const socket of sockets) socket.ws.close();
    }
    await paceWindow();
  }
  return [
    "| Room | Samples | p50 ms | p95 ms | p99 ms |",
    "|---|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

async function storedIds(baseURL: string, cookie: string, rideId: string): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: "50", ...(before ? { before } : {}) });
    const res = await fetch(`${baseURL}/api/rides/${rideId}/chat/messages?${query}`, {
      headers: { Cookie: cookie },
    });
    if (!res.ok) throw new Error(`history failed: ${res.status}`);
    const page = (await res.json()) as ChatMessagesResponse;
    ids.unshift(...page.messages.map((m) => m.id));
    if (!page.hasMore || page.messages.length === 0) return ids;
    before = page.messages[0]!.id;
  }
}

/**
 * `cookies`: session cookies ("rodamos_session=…") of 20 different participants of `rideId`
 * (the pace is per rider). Returns a Markdown section.
 */
export async function chatFanoutReport(
  baseURL: string,
  cookies: string[],
  rideId: string,
): Promise<{ samples: number[]; markdown: string; ok: boolean }> {
  if (new Set(cookies).size < ROOM_SIZE) {
    throw new Error(
      `chat-fanout needs ${ROOM_SIZE} different participants (the pace is per rider)`,
    );
  }
  const sockets = await Promise.all(
    cookies.slice(0, ROOM_SIZE).map((cookie) => openSocket(baseURL, cookie, rideId)),
  );
  try {
    const before = (await storedIds(baseURL, cookies[0]!, rideId)).length;

    // 1. Latency: one message at a time, until all 20 sockets have it (19 broadcasts + 1 ack),
    // after the room's first message (timed on its own).
    const first = await firstMessage(sockets[0]!, sockets);
    const samples = await fanOutSamples(sockets, LATENCY_SAMPLES, "latencia");
    // Her pace window passes before she sends again.
    await paceWindow();

    // 2. Burst: every rider sends 5 without waiting, then one more (refused by the pace);
    // count distinct acks and refusals, then what D1 holds.
    const acked = new Set<string>();
    let refused = 0;
    let errors = 0;
    const expected = BURST + ROOM_SIZE;
    const started = performance.now();
    let burstMs = 0;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("burst timed out")), 120_000);
      for (const socket of sockets) {
        socket.onFrame = (frame) => {
          if (frame.type === "ack") acked.add(frame.message.id);
          else if (frame.type === "error" && frame.code === "rate_limited") refused++;
          else if (frame.type === "error") errors++;
          if (acked.size >= BURST && !burstMs) burstMs = performance.now() - started;
          if (acked.size + refused + errors >= expected) {
            clearTimeout(timer);
            resolve();
          }
        };
      }
    });
    for (let i = 0; i <= PER_RIDER; i++) {
      for (const [rider, socket] of sockets.entries()) {
        const text = `ráfaga ${rider}-${i}`;
        socket.ws.send(JSON.stringify({ type: "send", clientId: crypto.randomUUID(), text }));
      }
    }
    await done;
    const ids = await storedIds(baseURL, cookies[0]!, rideId);
    const stored = ids.length - before - 1 - LATENCY_SAMPLES;
    const duplicates = ids.length - new Set(ids).size;

    // Each sixth send is refused by the pace, or, when the burst outlasted the pace window (a
    // loaded machine), accepted and stored like the others: never lost, never stored twice.
    const ok =
      stored === acked.size &&
      acked.size + refused === expected &&
      duplicates === 0 &&
      errors === 0;
    return {
      samples,
      markdown: [
        `| Measure | Value |`,
        `|---|---:|`,
        `| The room's first message: send → received on all ${ROOM_SIZE} sockets | ${first.toFixed(1)} ms |`,
        `| Send → received on all ${ROOM_SIZE} sockets, median | ${median(samples).toFixed(1)} ms |`,
        `| Send → received on all ${ROOM_SIZE} sockets, p99 | ${percentile(samples, 99).toFixed(1)} ms |`,
        `| ${BURST} sends at once (${PER_RIDER} per rider): all acked in | ${burstMs.toFixed(0)} ms (${((BURST / burstMs) * 1000).toFixed(0)} msg/s) |`,
        `| Stored after the burst / acked | ${stored} / ${acked.size} |`,
        `| Duplicates | ${duplicates} |`,
        `| One more per rider, refused by the chat pace (any other came after her pace window: stored) | ${refused} of ${ROOM_SIZE} |`,
        `| Other error frames | ${errors} |`,
        "",
        ok
          ? "**OK**: every message stored exactly once; the pace refused the rest."
          : "**FAILED**: see the counts above.",
      ].join("\n"),
      ok,
    };
  } finally {
    for (const socket of sockets) socket.ws.close();
  }
}

/**
 * Dataset for the benchmark on a development server (ENVIRONMENT=development, as `vite preview`
 * with .dev.vars): 20 riders signed in through /dev/test-login and one ride they all joined.
 */
export async function prepareChatFanout(baseURL: string) {
  const { cookies, userIds } = await benchRiders(baseURL);
  const res = await fetch(`${baseURL}/dev/fixtures/ride`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      organizerId: userIds[0],
      participantIds: userIds.slice(1),
      startsInMinutes: 120,
      title: "Salida del benchmark",
    }),
  });
  if (!res.ok) throw new Error(`ride fixture failed: ${res.status}`);
  const { rideId } = (await res.json()) as { rideId: string };
  return { cookies, rideId };
}

/** 20 riders signed in through /dev/test-login: their session cookies and ids. */
export async function benchRiders(baseURL: string) {
  const cookies: string[] = [];
  const userIds: string[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < ROOM_SIZE; i++) {
    const res = await fetch(`${baseURL}/dev/test-login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: `bench${i}.${stamp}@rodamos.test`,
        username: `bench${i}_${stamp}`.slice(0, 20),
      }),
    });
    if (!res.ok) throw new Error(`test-login failed: ${res.status}`);
    userIds.push(((await res.json()) as { userId: string }).userId);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    cookies.push(cookie);
  }
  return { cookies, userIds };
}
