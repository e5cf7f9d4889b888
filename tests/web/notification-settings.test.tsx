import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PUSH_PREFERENCES, PUSH_MSG } from "../../domain/push.ts";
import { CalendarSettings } from "../../web/calendar/calendar-settings.tsx";
import { NotificationSettings } from "../../web/notifications/notification-settings.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const ENDPOINT = "https://fcm.googleapis.com/fcm/send/this-device";
const subscription = {
  endpoint: ENDPOINT,
  toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "k", auth: "a" } }),
  unsubscribe: vi.fn(async () => true),
};

/** The marker a built app page carries for /app/register-sw.js; `npm run dev`'s pages lack it. */
function builtPage() {
  const marker = document.createElement("meta");
  marker.name = "rodamos-sw";
  marker.content = "on";
  document.head.append(marker);
}

/**
 * A browser with push on a built page: her device's registration, subscribed or not, and the
 * permission.
 */
function stubBrowser(options: {
  subscribed: boolean;
  answer?: NotificationPermission;
  devServer?: boolean;
}) {
  if (!options.devServer) builtPage();
  let current = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const requestPermission = vi.fn(async () => options.answer ?? "granted");
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "default", requestPermission });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, requestPermission };
}

afterEach(() => {
  // A test's stubs end with it (vi.stubEnv("DEV", false) would otherwise hide the commands from
  // the tests after it).
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, "serviceWorker");
  for (const marker of document.querySelectorAll('meta[name="rodamos-sw"]')) marker.remove();
});

function renderWithClient(ui: React.ReactNode) {
  return render(<QueryClientProvider client={signedInClient()}>{ui}</QueryClientProvider>);
}

function settingsAnswers(deviceRegistered: () => boolean) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url.startsWith("/api/push?") || url === "/api/push") {
      return json({
        publicKey:
          "BKhnQlEhHSs-x5RvbPB_cz97xe7Y6FyPDE3byHZhNvPyejCw9_rWNb9j8LIp9jq9A4KWzHTqc9RNW8nrw0awJZY",
        preferences: DEFAULT_PUSH_PREFERENCES,
        deviceRegistered: deviceRegistered(),
      });
    }
    if (url === "/api/push/subscription" && method === "PUT")
      return new Response(null, { status: 204 });
    if (url === "/api/push/preferences") return json(JSON.parse(String(init?.body)));
    if (url === "/api/push/test") return json({ sent: 1 });
    return json({ error: { code: "not_found", message: "No encontrado" } }, 404);
  });
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).split("?")[0] === path);

describe("Notificaciones", () => {
  it("asks for permission only when she taps, then registers this device", async () => {
    let registered = false;
    settingsAnswers(() => registered);
    const { pushManager, requestPermission } = stubBrowser({ subscribed: false });
    renderWithClient(<NotificationSettings />);
    const button = await screen.findByRole("button", {
      name: "Activar avisos en este dispositivo",
    });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();

    registered = true;
    await userEvent.click(button);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const [put] = calls("/api/push/subscription");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual(subscription.toJSON());
    await screen.findByText(PUSH_MSG.enabled);
  });

  it("a refused permission says how to allow it, and subscribes nothing", async () => {
    settingsAnswers(() => false);
    const { pushManager } = stubBrowser({ subscribed: false, answer: "denied" });
    vi.stubGlobal("Notification", {
      permission: "denied",
      requestPermission: vi.fn(async () => "denied"),
    });
    renderWithClient(<NotificationSettings />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Activar avisos en este dispositivo" }),
    );
    await screen.findByText(PUSH_MSG.permissionDenied);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls("/api/push/subscription")).toHaveLength(0);
  });

  it("once on: a switch per event, all on, saved on tap; a test push to this device", async () => {
    settingsAnswers(() => true);
    stubBrowser({ subscribed: true });
    renderWithClient(<NotificationSettings />);
    const list = await screen.findByRole("list", { name: "Avisos que quieres recibir" });
    const switches = within(list).getAllByRole("switch");
    // One per event, 'Nuevas salidas de mis grupos' last.
    expect(switches).toHaveLength(6);
    expect(screen.getByRole("switch", { name: /Nuevas salidas de mis grupos/ })).toBe(switches[5]);
    for (const s of switches) expect(s.getAttribute("aria-checked")).toBe("true");

    const chat = screen.getByRole("switch", { name: "Mensajes del chat" });
    await userEvent.click(chat);
    expect(chat.getAttribute("aria-checked")).toBe("false");
    await waitFor(() => expect(calls("/api/push/preferences")).toHaveLength(1));
    expect(JSON.parse(String(calls("/api/push/preferences")[0]?.[1]?.body))).toEqual({
      ...DEFAULT_PUSH_PREFERENCES,
      chat: false,
    });

    await userEvent.click(screen.getByRole("button", { name: "Enviar un aviso de prueba" }));
    await waitFor(() => expect(calls("/api/push/test")).toHaveLength(1));
    expect(JSON.parse(String(calls("/api/push/test")[0]?.[1]?.body))).toEqual({
      endpoint: ENDPOINT,
    });
  });

  it("under `npm run dev` (no service worker) says at once where avisos work, and offers no button", async () => {
    settingsAnswers(() => false);
    const { pushManager, requestPermission } = stubBrowser({ subscribed: false, devServer: true });
    const ready = vi.fn();
    Object.defineProperty(navigator.serviceWorker, "ready", { get: ready });
    renderWithClient(<NotificationSettings />);
    // Said at once, and nothing else in its place: no button, no placeholder.
    expect(screen.getByText(PUSH_MSG.noServiceWorker).parentElement?.textContent).toBe(
      `${PUSH_MSG.noServiceWorker}Para probarlos en local: npm run build y después npm run preview.`,
    );
    expect(screen.getByText(/Para probarlos en local/).textContent).toBe(
      "Para probarlos en local: npm run build y después npm run preview.",
    );
    expect(screen.queryByRole("button", { name: "Activar avisos en este dispositivo" })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(ready).not.toHaveBeenCalled();
  });

  it("names the commands only to developers (a dev build)", async () => {
    vi.stubEnv("DEV", false);
    settingsAnswers(() => false);
    stubBrowser({ subscribed: false, devServer: true });
    renderWithClient(<NotificationSettings />);
    expect(screen.getByText(PUSH_MSG.noServiceWorker).parentElement?.textContent).toBe(
      PUSH_MSG.noServiceWorker,
    );
    expect(screen.queryByText(/npm run/)).toBeNull();
  });

  it("a browser without push says so", async () => {
    settingsAnswers(() => false);
    renderWithClient(<NotificationSettings />);
    await screen.findByText(PUSH_MSG.unsupportedBrowser);
  });
});

describe("Calendario", () => {
  let state: { status: string; createdAt?: number } = { status: "none" };
  beforeEach(() => {
    state = { status: "none" };
    fetchMock.mockImplementation(async (input, init) => {
      const method = init?.method ?? "GET";
      if (String(input) !== "/api/calendar/feed") return json({}, 404);
      if (method === "POST") {
        state = { status: "active", createdAt: Date.now() };
        return json(
          { url: "https://rodamos.app/api/calendar/feed/abc.ics", createdAt: Date.now() },
          201,
        );
      }
      if (method === "DELETE") {
        state = { status: "none" };
        return new Response(null, { status: 204 });
      }
      return json(state);
    });
  });

  it("makes a feed URL shown once, copies it, and revokes it", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    renderWithClient(<CalendarSettings />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Crear enlace de calendario" }),
    );
    const field = await screen.findByLabelText("Tu enlace de calendario");
    expect((field as HTMLInputElement).value).toBe("https://rodamos.app/api/calendar/feed/abc.ics");
    await userEvent.click(screen.getByRole("button", { name: "Copiar enlace" }));
    expect(writeText).toHaveBeenCalledWith("https://rodamos.app/api/calendar/feed/abc.ics");
    await userEvent.click(await screen.findByRole("button", { name: "Revocar enlace" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Revocar el enlace?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revocar enlace" }));
    await screen.findByRole("button", { name: "Crear enlace de calendario" });
    expect(screen.queryByLabelText("Tu enlace de calendario")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("'Revocar enlace' asks first; 'Cancelar' keeps the link working", async () => {
    state = { status: "active", createdAt: Date.now() };
    renderWithClient(<CalendarSettings />);
    await userEvent.click(await screen.findByRole("button", { name: "Revocar enlace" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Revocar el enlace?" });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(screen.getByText(/Tienes un enlace activo/).textContent).toMatch(
      /^Tienes un enlace activo, creado el .+\. Por seguridad solo se muestra al crearlo: si lo perdiste, crea uno nuevo\.$/,
    );
    expect(screen.getByRole("button", { name: "Revocar enlace" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("says when a password change stopped it", async () => {
    state = { status: "stopped" };
    fetchMock.mockImplementation(async () => json({ status: "stopped", stoppedAt: Date.now() }));
    renderWithClient(<CalendarSettings />);
    await screen.findByText(/dejó de funcionar al cambiar la contraseña/);
  });
});
