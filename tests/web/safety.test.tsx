// Blocking, reporting and moderation screens (docs/product.md#blocking and
// #reports-and-moderation): what each dialog sends and says, 'Usuarias bloqueadas', the moderators'
// screen, and a suspended tab signing out.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QueuedReport } from "../../domain/api/safety.ts";
import { MSG } from "../../domain/messages.ts";
import { ReconnectingSocket } from "../../web/chat/socket.ts";
import { urlClient } from "../../web/lib/api.ts";
import { BlockDialog } from "../../web/safety/block-dialog.tsx";
import { BlockedUsersSection } from "../../web/safety/blocked-users.tsx";
import ModerationScreen from "../../web/safety/moderation.tsx";
import { ReportDialog } from "../../web/safety/report-dialog.tsx";
import {
  announceSuspension,
  onSuspension,
  SUSPENDED_CLOSE_CODE,
  signOutSuspended,
} from "../../web/safety/suspended.ts";
import { ME_KEY } from "../../web/session/use-me.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("../../web/lib/toast.ts", () => ({ toast: toasts }));

type Call = { method: string; path: string; body: unknown };

/** Answers each API call with `answer(method, path, body)`; records the calls. */
function stubApi(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? "GET",
        path: new URL(url, "http://x").pathname.replace(/^\/api/, ""),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = answer(call);
      return Response.json(body, { status });
    }),
  );
  return calls;
}

function renderWith(ui: React.ReactNode, client = signedInClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/app/x"]}>
        <Routes>
          <Route path="/app/x" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("ReportDialog ('Denunciar')", () => {
  it("asks for a reason, then sends it with the details and shows the API's thanks", async () => {
    const calls = stubApi(() => ({
      status: 201,
      body: { message: MSG.reportThanks, alreadyReported: false },
    }));
    const onOpenChange = vi.fn();
    renderWith(
      <ReportDialog
        open
        onOpenChange={onOpenChange}
        kind="message"
        targetId="m1"
        title="Denunciar este mensaje"
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Denunciar este mensaje" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar denuncia" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      MSG.reportReasonRequired,
    );
    expect(calls).toEqual([]);
    for (const label of [
      "Acoso o comportamiento inapropiado",
      "Perfil falso",
      "Contenido ofensivo",
      "Spam",
      "Otro",
    ]) {
      expect(within(dialog).getByRole("radio", { name: label })).toHaveProperty("checked", false);
    }
    fireEvent.click(within(dialog).getByRole("radio", { name: "Contenido ofensivo" }));
    const details = within(dialog).getByLabelText("Cuéntanos más (opcional)");
    expect(details.getAttribute("maxLength")).toBe("500");
    fireEvent.change(details, { target: { value: "  Insultos  " } });
    // The counter is the field's description, and counts what she typed, spaces included.
    const counter = document.getElementById(String(details.getAttribute("aria-describedby")));
    expect(counter?.textContent).toBe("12/500");
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar denuncia" }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.reportThanks));
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/reports",
        body: { kind: "message", targetId: "m1", reason: "offensive", details: "Insultos" },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("BlockDialog ('Bloquear')", () => {
  it("confirms, blocks, then offers 'Quitarla de la salida' for each of her rides the rider is in", async () => {
    const calls = stubApi(({ method }) =>
      method === "POST"
        ? {
            body: {
              blocked: { userId: "u2", username: "Bea" },
              sharedRides: [
                {
                  id: "r1",
                  title: "Café y Casa de Campo",
                  startTime: 0,
                  timeZone: "Europe/Madrid",
                  city: "Madrid",
                },
              ],
            },
          }
        : { body: { removed: true } },
    );
    const onBlocked = vi.fn();
    renderWith(
      <BlockDialog
        open
        onOpenChange={() => {}}
        user={{ id: "u2", username: "Bea" }}
        onBlocked={onBlocked}
      />,
    );
    const confirm = screen.getByRole("dialog", { name: "¿Bloquear a Bea?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Bloquear" }));
    const shared = await screen.findByRole("dialog", { name: "Está en tus próximas salidas" });
    expect(toasts.success).toHaveBeenCalledWith(MSG.blocked("Bea"));
    expect(onBlocked).not.toHaveBeenCalled();
    fireEvent.click(
      within(shared).getByRole("button", { name: "Quitarla de la salida Café y Casa de Campo" }),
    );
    await within(shared).findByText("Ya no está en esta salida");
    expect(toasts.success).toHaveBeenCalledWith(MSG.removedFromRide);
    fireEvent.click(within(shared).getByRole("button", { name: "Hecho" }));
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /blocks",
      "DELETE /rides/r1/participants/u2",
    ]);
    expect(calls[0]?.body).toEqual({ userId: "u2" });
  });

  it("without shared rides, blocking is all there is", async () => {
    stubApi(() => ({ body: { blocked: { userId: "u2", username: "Bea" }, sharedRides: [] } }));
    const onBlocked = vi.fn();
    renderWith(
      <BlockDialog
        open
        onOpenChange={() => {}}
        user={{ id: "u2", username: "Bea" }}
        onBlocked={onBlocked}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Está en tus próximas salidas")).toBeNull();
  });
});

describe("'Usuarias bloqueadas' in Ajustes", () => {
  it("lists whom she blocked and unblocks", async () => {
    let blocked = [
      { userId: "u2", username: "Bea", avatarKey: "ava02", avatarUrl: null, blockedAt: 0 },
    ];
    const calls = stubApi(({ method }) => {
      if (method === "DELETE") {
        blocked = [];
        return { body: { ok: true } };
      }
      return { body: { blocked } };
    });
    renderWith(<BlockedUsersSection />);
    const section = await screen.findByRole("region", { name: "Usuarias bloqueadas" });
    fireEvent.click(await within(section).findByRole("button", { name: "Desbloquear a Bea" }));
    await within(section).findByText("No has bloqueado a nadie.");
    expect(toasts.success).toHaveBeenCalledWith(MSG.unblocked("Bea"));
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/blocks/u2")).toBe(true);
  });
});

const queued: QueuedReport = {
  id: "rep1",
  kind: "message",
  targetId: "m1",
  reason: "harassment",
  details: "Me escribe cosas desagradables",
  snapshot: {
    kind: "message",
    text: "Texto denunciado",
    authorUsername: "Cris",
    createdAt: 0,
    rideTitle: "Gravel",
  },
  status: "open",
  createdAt: 0,
  reporter: { id: "u1", username: "Ana", earlierReports: 2 },
  reported: {
    id: "u3",
    username: "Cris",
    email: "cris@example.com",
    suspended: false,
    openReports: 1,
  },
  ride: {
    id: "r1",
    title: "Gravel",
    startTime: 0,
    timeZone: "Europe/Madrid",
    city: "Madrid",
    status: "published",
    participantCount: 3,
  },
  messageHidden: false,
};

describe("/app/moderacion", () => {
  it("shows the queue with the snapshot, the reporter's earlier reports and the context; actions need a reason", async () => {
    const calls = stubApi(({ path }) => {
      if (path === "/moderation/reports") return { body: { reports: [queued] } };
      if (path === "/moderation/reports/rep1/context") {
        return {
          body: {
            messages: [
              {
                id: "m1",
                rideId: "r1",
                userId: "u3",
                kind: "user",
                text: "Texto denunciado",
                createdAt: "2026-11-25T10:00:00.000Z",
                author: { username: "Cris", avatarKey: "ava01" },
                reported: true,
              },
            ],
          },
        };
      }
      return { body: { ok: true } };
    });
    renderWith(<ModerationScreen />);
    const card = await screen.findByRole("article", {
      name: "Mensaje: Acoso o comportamiento inapropiado",
    });
    expect(within(card).getByText("Texto denunciado").previousElementSibling?.textContent).toMatch(
      /^Cris en «/,
    );
    // Her details, quoted apart from the reported message.
    expect(within(card).getByText("Me escribe cosas desagradables").tagName).toBe("BLOCKQUOTE");
    expect(within(card).getByText("Denuncia").nextElementSibling?.textContent).toBe(
      "Ana · 2 denuncias anteriores",
    );
    fireEvent.click(within(card).getByRole("button", { name: "Ver la conversación" }));
    const context = await within(card).findByRole("list", {
      name: "Conversación alrededor del mensaje",
    });
    expect(context.textContent).toContain("(denunciado)");

    fireEvent.click(within(card).getByRole("button", { name: "Ocultar mensaje" }));
    const dialog = screen.getByRole("dialog", { name: "¿Ocultar el mensaje?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ocultar mensaje" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      MSG.moderationReasonRequired,
    );
    fireEvent.change(within(dialog).getByLabelText("Motivo (queda en el registro)"), {
      target: { value: "Acoso" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ocultar mensaje" }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Mensaje ocultado"));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/moderation/messages/m1/hide",
      body: { reportId: "rep1", reason: "Acoso" },
    });
  });

  it("is the app's not-found page for anyone the API does not know as a moderator", async () => {
    stubApi(() => ({ status: 404, body: { error: { code: "not_found", message: MSG.notFound } } }));
    renderWith(<ModerationScreen />);
    await screen.findByText(MSG.notFoundPage);
    expect(screen.queryByText("Moderación")).toBeNull();
  });
});

describe("ride times in the block dialog and the queue: on the ride's clock (domain/ride-time.ts)", () => {
  // Friday 5 June 2099, 19:55 in Madrid (UTC+2); 19:55 in Las Palmas is an hour later.
  const madridAt1955 = Date.parse("2099-06-05T17:55:00.000Z");
  const canaryAt1955 = madridAt1955 + 3_600_000;
  afterEach(() => vi.unstubAllEnvs());

  it("'Está en tus próximas salidas' shows a Canarias ride on its clock, labelled", async () => {
    vi.stubEnv("TZ", "Europe/Madrid");
    stubApi(() => ({
      body: {
        blocked: { userId: "u2", username: "Bea" },
        sharedRides: [
          {
            id: "r1",
            title: "Vuelta a Gran Canaria",
            startTime: canaryAt1955,
            timeZone: "Atlantic/Canary",
            city: "Las Palmas de Gran Canaria",
          },
        ],
      },
    }));
    renderWith(
      <BlockDialog
        open
        onOpenChange={() => {}}
        user={{ id: "u2", username: "Bea" }}
        onBlocked={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    const shared = await screen.findByRole("dialog", { name: "Está en tus próximas salidas" });
    expect(within(shared).getByText("Vuelta a Gran Canaria").nextElementSibling?.textContent).toBe(
      "viernes, 5 de junio · 19:55 (hora canaria)",
    );
  });

  it("the queue shows the reported ride and its snapshot on the ride's clock, labelled", async () => {
    vi.stubEnv("TZ", "America/New_York");
    const rideReport: QueuedReport = {
      ...queued,
      id: "rep2",
      kind: "ride",
      targetId: "r1",
      snapshot: {
        kind: "ride",
        title: "Gravel",
        description: null,
        city: "Las Palmas de Gran Canaria",
        meetingPoint: "Parque Santa Catalina",
        startTime: canaryAt1955,
        organizerUsername: "Cris",
      },
      ride: { ...queued.ride!, city: "Madrid", timeZone: "Europe/Madrid", startTime: madridAt1955 },
      messageHidden: null,
    };
    stubApi(({ path }) =>
      path === "/moderation/reports" ? { body: { reports: [rideReport] } } : { body: {} },
    );
    renderWith(<ModerationScreen />);
    const card = await screen.findByRole("article", {
      name: "Salida: Acoso o comportamiento inapropiado",
    });
    expect(card.textContent).toContain("viernes, 5 de junio, 19:55 (hora canaria)");
    expect(card.textContent).toContain("viernes, 5 de junio, 19:55 (hora de Madrid)");
  });
});

describe("a suspended tab", () => {
  it("signs out in place and says why", async () => {
    const client = signedInClient();
    client.setQueryData(["rides", "mine"], { rides: [] });
    await signOutSuspended(client);
    expect(client.getQueryData<{ user: unknown }>(ME_KEY)?.user).toBeNull();
    expect(client.getQueryData(["rides", "mine"])).toBeUndefined();
    expect(toasts.error).toHaveBeenCalledWith(MSG.accountSuspended, expect.anything());
  });
});

describe("the sockets of a suspended account", () => {
  it("stop for good on 4004 and report it", () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket extends EventTarget {
      static OPEN = 1;
      readyState = 0;
      constructor(readonly url: string) {
        super();
        sockets.push(this);
      }
      close() {}
      send() {}
    }
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.useFakeTimers();
    try {
      const onGone = vi.fn();
      const socket = new ReconnectingSocket({
        url: urlClient().notifications.socket.$url(),
        onMessage: () => {},
        onGone,
      });
      socket.start();
      const closing = new Event("close") as Event & { code: number };
      closing.code = SUSPENDED_CLOSE_CODE;
      sockets[0]!.dispatchEvent(closing);
      vi.advanceTimersByTime(60_000);
      expect(onGone).toHaveBeenCalledWith(SUSPENDED_CLOSE_CODE);
      expect(sockets).toHaveLength(1);
      socket.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("sign the tab out when one of them says so", () => {
    const signedOut = vi.fn();
    const stop = onSuspension(signedOut);
    announceSuspension();
    stop();
    announceSuspension();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});
