// The notification socket and the stored-invite check are start-up work the first screen does
// not wait for: they run in a task after React's effects, and never when the screen is gone
// before that task (StrictMode's mount, unmount, mount must open one socket, not two).
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeReferral, useClaimStoredReferral } from "../../web/auth/referral.ts";
import { NotificationsProvider } from "../../web/chat/notifications.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

const opened: string[] = [];

class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  constructor(readonly url: string) {
    super();
    opened.push(url);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

function ClaimStoredReferral() {
  useClaimStoredReferral();
  return null;
}

function renderApp(client: QueryClient) {
  return render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NotificationsProvider>
            <ClaimStoredReferral />
          </NotificationsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const posts: string[] = [];

beforeEach(() => {
  opened.length = 0;
  posts.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") posts.push(url);
      return Response.json({ message: "¡Listo!" });
    }),
  );
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("start-up work after the first screen's effects", () => {
  it("opens one notification socket, in the task after the render", async () => {
    const view = renderApp(signedInClient());
    expect(opened).toEqual([]);
    await nextTask();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/\/api\/notifications\/socket$/);
    view.unmount();
  });

  it("opens no socket and claims nothing when the screen is gone before that task", async () => {
    storeReferral("0b0f6a62-33b4-4a4c-9d7e-9a3a1e0d2c11");
    renderApp(signedInClient()).unmount();
    await nextTask();
    await nextTask();
    expect(opened).toEqual([]);
    expect(posts).toEqual([]);
  });

  it("claims a stored invite once, in the task after the render", async () => {
    storeReferral("0b0f6a62-33b4-4a4c-9d7e-9a3a1e0d2c11");
    const view = renderApp(signedInClient());
    expect(posts).toEqual([]);
    await vi.waitFor(() => expect(posts).toEqual(["/api/referrals/claim"]));
    await vi.waitFor(() => expect(localStorage.getItem("rodamos.ref")).toBeNull());
    view.unmount();
  });
});
