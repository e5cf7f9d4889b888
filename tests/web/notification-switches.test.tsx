import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_EVENTS,
  PUSH_MSG,
  type PushPreferences,
} from "../../domain/push.ts";
import { NotificationSettings } from "../../web/notifications/notification-settings.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

// Settings → Notificaciones: the switches end on what the server holds, whatever order her taps'
// saves answer in (docs/product.md#web-push).

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("../../web/lib/toast.ts", () => ({ toast: toasts }));

const fetchMock = stubFetchEachTest();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const ENDPOINT = "https://fcm.googleapis.com/fcm/send/this-device";
const PUBLIC_KEY =
  "BKhnQlEhHSs-x5RvbPB_cz97xe7Y6FyPDE3byHZhNvPyejCw9_rWNb9j8LIp9jq9A4KWzHTqc9RNW8nrw0awJZY";

/** A browser with push on a built page, this device subscribed and registered to her. */
beforeEach(() => {
  const marker = document.createElement("meta");
  marker.name = "rodamos-sw";
  marker.content = "on";
  document.head.append(marker);
  const subscription = { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => true) };
  const pushManager = { getSubscription: vi.fn(async () => subscription) };
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "granted", requestPermission: vi.fn() });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  toasts.success.mockReset();
  toasts.error.mockReset();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
  for (const marker of document.querySelectorAll('meta[name="rodamos-sw"]')) marker.remove();
});

/** A save whose answer the test gives when it chooses. */
type HeldPut = {
  body: PushPreferences;
  answered: boolean;
  accept: () => void;
  fail: () => void;
};

/**
 * The server: what it holds (`stored`), answering GET at once and holding each PUT of her
 * preferences until the test accepts it (stored, echoed) or fails it (a 500, nothing stored).
 * Last write wins, in the order the test answers.
 */
function server(initial: PushPreferences) {
  const state = { stored: initial, puts: [] as HeldPut[] };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url.startsWith("/api/push?") || url === "/api/push") {
      return json({ publicKey: PUBLIC_KEY, preferences: state.stored, deviceRegistered: true });
    }
    if (url === "/api/push/preferences" && method === "PUT") {
      const body = JSON.parse(String(init?.body)) as PushPreferences;
      return new Promise<Response>((resolve) => {
        const put: HeldPut = {
          body,
          answered: false,
          accept: () => {
            put.answered = true;
            state.stored = body;
            resolve(json(body));
          },
          fail: () => {
            put.answered = true;
            resolve(json({ error: { code: "internal", message: "Error interno" } }, 500));
          },
        };
        state.puts.push(put);
      });
    }
    return json({ error: { code: "not_found", message: "No encontrado" } }, 404);
  });
  return state;
}

/**
 * Answers `count` saves as they come, the most recently sent waiting one first (a slow network
 * can deliver an earlier request after a later one); `outcome` by the order they were sent.
 */
async function answerNewestFirst(
  api: ReturnType<typeof server>,
  count: number,
  outcome: (sentIndex: number) => "accept" | "fail",
) {
  for (let i = 0; i < count; i++) {
    await waitFor(() => expect(api.puts.some((put) => !put.answered)).toBe(true));
    const index = api.puts.findLastIndex((put) => !put.answered);
    api.puts[index]?.[outcome(index)]();
  }
}

async function renderSwitches() {
  const client = signedInClient();
  render(
    <QueryClientProvider client={client}>
      <NotificationSettings />
    </QueryClientProvider>,
  );
  await screen.findByRole("list", { name: "Avisos que quieres recibir" });
  return client;
}

/** What the switches show, event by event. */
function shown(): PushPreferences {
  const list = screen.getByRole("list", { name: "Avisos que quieres recibir" });
  const switches = within(list).getAllByRole("switch");
  return Object.fromEntries(
    PUSH_EVENTS.map((event, i) => [event, switches[i]?.getAttribute("aria-checked") === "true"]),
  ) as PushPreferences;
}

const tap = (name: string) => userEvent.click(screen.getByRole("switch", { name }));

/** The failure told (the error toast), nothing in flight, and the screen on what the server holds. */
async function failureSettled(client: QueryClient, api: { stored: unknown }) {
  await waitFor(() => {
    expect(toasts.error).toHaveBeenCalledWith(PUSH_MSG.saveFailed);
    expect(client.isMutating()).toBe(0);
    expect(client.isFetching()).toBe(0);
    expect(shown()).toEqual(api.stored);
  });
  await act(async () => {});
}

describe("Notificaciones: the switches follow the server", () => {
  it("a failed save answered after a later tap's save leaves the screen on what the server holds", async () => {
    const api = server({ ...DEFAULT_PUSH_PREFERENCES, chat: false });
    const client = await renderSwitches();

    await tap("Mensajes del chat");
    await tap("Recordatorios");
    // The switches move at once, before any answer.
    expect(shown()).toEqual({ ...DEFAULT_PUSH_PREFERENCES, chat: true, reminders: false });
    await waitFor(() => expect(api.puts.length).toBeGreaterThan(0));
    expect(api.puts[0]?.body).toEqual({ ...DEFAULT_PUSH_PREFERENCES, chat: true });

    // The first save fails; the second (tapped meanwhile) is accepted.
    api.puts[0]?.fail();
    await waitFor(() => expect(api.puts).toHaveLength(2));
    api.puts[1]?.accept();

    await waitFor(() => {
      expect(client.isMutating()).toBe(0);
      expect(client.isFetching()).toBe(0);
      expect(shown()).toEqual(api.stored);
    });
    await act(async () => {});
    expect(api.stored).toEqual({ ...DEFAULT_PUSH_PREFERENCES, chat: true, reminders: false });
    expect(shown()).toEqual(api.stored);
    // Her last save carried everything she asked for, so nothing failed from where she stands.
    expect(toasts.error).not.toHaveBeenCalled();

    // A reload says the same.
    await act(() => client.refetchQueries());
    expect(shown()).toEqual(api.stored);
    expect(
      screen.getByRole("switch", { name: "Mensajes del chat" }).getAttribute("aria-checked"),
    ).toBe("true");
  });

  it("answers reaching the server newest first: the screen ends on what it holds", async () => {
    // Off; she taps it on and, changing her mind, off again before the first save is answered.
    const api = server({ ...DEFAULT_PUSH_PREFERENCES, chat: false });
    const client = await renderSwitches();

    await tap("Mensajes del chat");
    await tap("Mensajes del chat");
    expect(shown().chat).toBe(false);
    await answerNewestFirst(api, 2, () => "accept");

    await waitFor(() => {
      expect(client.isMutating()).toBe(0);
      expect(client.isFetching()).toBe(0);
      expect(shown()).toEqual(api.stored);
    });
    await act(async () => {});
    expect(shown()).toEqual(api.stored);
    // What she asked for last is what the server holds.
    expect(api.stored.chat).toBe(false);
  });

  it("two close taps whose saves both fail: the screen shows the server's preferences", async () => {
    const api = server({ ...DEFAULT_PUSH_PREFERENCES, chat: false });
    const client = await renderSwitches();

    await tap("Mensajes del chat");
    await tap("Recordatorios");
    await answerNewestFirst(api, 2, () => "fail");

    await failureSettled(client, api);
    expect(shown()).toEqual({ ...DEFAULT_PUSH_PREFERENCES, chat: false });
  });

  it("when her last save fails: the error toast, then the server's preferences, reloaded", async () => {
    const api = server(DEFAULT_PUSH_PREFERENCES);
    const client = await renderSwitches();

    await tap("Mensajes del chat");
    expect(shown().chat).toBe(false);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    // Meanwhile her other device switched reminders off.
    api.stored = { ...DEFAULT_PUSH_PREFERENCES, reminders: false };
    api.puts[0]?.fail();

    await failureSettled(client, api);
    expect(shown()).toEqual({ ...DEFAULT_PUSH_PREFERENCES, reminders: false });
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });
});
