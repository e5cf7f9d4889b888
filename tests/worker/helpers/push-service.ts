// A push service stand-in for worker tests: the worker's fetch to a device's endpoint lands
// here (the worker and its Durable Objects run in the test's isolate), is decrypted with that
// device's private key and recorded. Answers 201 unless a status is set for the endpoint.
import { vi } from "vitest";
import type { PushPayload } from "../../../domain/push.ts";
import { createPushDevice, type PushDevice } from "../../support/push-device.ts";
import type { Browser } from "./http.ts";

export interface ReceivedPush {
  endpoint: string;
  headers: Headers;
  payload: PushPayload;
}

let devices = 0;
/** Every device made in this file: storage outlives a test, so earlier tests' devices stay subscribed. */
const known = new Map<string, PushDevice>();

export function pushServiceStandIn() {
  const statusFor = new Map<string, number | "down">();
  const received: ReceivedPush[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const device = known.get(url);
    if (!device) return realFetch(input as RequestInfo, init as RequestInit);
    const request = new Request(input as RequestInfo, init as RequestInit);
    const status = statusFor.get(request.url) ?? 201;
    if (status === "down") throw new TypeError("Network connection lost.");
    if (status === 201) {
      const body = new Uint8Array(await request.arrayBuffer());
      const payload = JSON.parse(await device.decrypt(body)) as PushPayload;
      received.push({ endpoint: request.url, headers: request.headers, payload });
    }
    return new Response(null, { status });
  });

  return {
    received,
    /** A new device of `browser`'s rider, subscribed through the API; returns its endpoint. */
    async subscribe(browser: Browser): Promise<string> {
      const device = await createPushDevice();
      const endpoint = `https://fcm.googleapis.com/fcm/send/test-device-${devices++}`;
      known.set(endpoint, device);
      const res = await browser.put("/api/push/subscription", device.subscription(endpoint));
      if (res.status !== 204) throw new Error(`subscribe answered ${res.status}`);
      return endpoint;
    },
    /** What the push service answers this endpoint from now on (404, 410, 500, "down"). */
    answer(endpoint: string, status: number | "down") {
      statusFor.set(endpoint, status);
    },
    /** Pushes that reached `endpoint`. */
    to(endpoint: string) {
      return received.filter((push) => push.endpoint === endpoint).map((push) => push.payload);
    },
    restore() {
      spy.mockRestore();
    },
  };
}

/** Polls until `check` passes (background sends run after the answer). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
