// The group chat's fan-out (docs/benchmarks.md, docs/decisions/0058-the-group-chat.md): one group
// of 20 riders with 50 sockets open on its GroupRoom (several tabs each), send → received on all,
// through the worker like a browser (session cookie + Origin): worker → GroupRoom → D1 → fan-out.
// Budget: p99 ≤ 25 ms on a quiet machine, after the room's first message (reported on its own).
import type { GroupResponse } from "../../../domain/api/groups.ts";
import { uniqueGroupName } from "../../support/distinct-names.ts";
import {
  benchRiders,
  fanOutSamples,
  firstMessage,
  latencyRow,
  openSocketAt,
} from "./chat-fanout.ts";

const SOCKETS = 50;
export const GROUP_CHAT_P99_BUDGET_MS = 25;

async function api(baseURL: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Cookie: cookie,
      Origin: new URL(baseURL).origin,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** 20 riders in one open group: the first creates it, the others join. */
export async function prepareGroupChat(baseURL: string) {
  const { cookies } = await benchRiders(baseURL);
  const created = await api(baseURL, cookies[0]!, "POST", "/api/groups", {
    name: uniqueGroupName("Grupo del benchmark"),
    city: "Madrid",
    modalities: ["road"],
    levels: ["chill"],
    avatarKey: "ava03",
    joinMode: "open",
  });
  const { slug } = ((await created.json()) as GroupResponse).group;
  for (const cookie of cookies.slice(1)) {
    await api(baseURL, cookie, "POST", `/api/groups/${slug}/join`, {});
  }
  return { cookies, slug };
}

/** A Markdown table and the samples: `samples` sends from the 20 riders in turn, 50 sockets. */
export async function groupChatFanoutReport(
  baseURL: string,
  group: { cookies: string[]; slug: string },
  samples = 100,
) {
  const path = `/api/groups/${group.slug}/chat/socket`;
  const sockets = await Promise.all(
    Array.from({ length: SOCKETS }, (_, i) =>
      openSocketAt(baseURL, group.cookies[i % group.cookies.length]!, path),
    ),
  );
  try {
    const senders = sockets.slice(0, group.cookies.length);
    const first = await firstMessage(senders[0]!, sockets);
    const ms = await fanOutSamples(sockets, samples, "grupo", senders);
    return {
      samples: ms,
      markdown: [
        `| Group chat | Samples | p50 ms | p95 ms | p99 ms |`,
        "|---|---:|---:|---:|---:|",
        latencyRow(`${SOCKETS} sockets (budget: p99 ≤ ${GROUP_CHAT_P99_BUDGET_MS} ms)`, ms),
        "",
        `The room's first message (timed on its own, before the samples): ${first.toFixed(1)} ms.`,
      ].join("\n"),
    };
  } finally {
    for (const socket of sockets) socket.ws.close();
  }
}
