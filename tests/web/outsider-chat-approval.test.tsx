// The chat of a 'Con aprobación' ride she is not in (docs/product.md#join-by-approval): no 'UNIRME',
// which would always be refused, but the way to the ride's page, where she asks for a place; and
// a join refused because the ride asks for requests says so in its own words.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import ChatScreen from "../../web/chat/chat-screen.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { joinFailure } from "../../web/ride-core/join-errors.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const RIDE = "ride_0003";
const fetchMock = stubFetchEachTest();

function info(overrides: Partial<ChatInfoResponse> = {}): ChatInfoResponse {
  return {
    ride: {
      id: RIDE,
      title: "Vuelta al pantano",
      startTime: Date.now() + 48 * 3_600_000,
      status: "published",
      cancelledByOrganizer: false,
      organizerId: "u2",
    },
    messageCount: 0,
    isParticipant: false,
    canWrite: false,
    canJoin: false,
    approval: { canRequest: true, request: null },
    ...overrides,
  };
}

function show() {
  return render(
    <QueryClientProvider client={signedInClient()}>
      <LazyToaster />
      <MemoryRouter initialEntries={[`/app/chat/${RIDE}`]}>
        <Routes>
          <Route path="/app/chat/:id" element={<ChatScreen />} />
          <Route path="/app/ride/:id" element={<p>La ficha de la salida</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the outsider chat of an approval ride", () => {
  it("offers 'Solicitar plaza' on the ride's page instead of 'UNIRME'", async () => {
    fetchMock.mockImplementation(async () => Response.json(info()));
    show();
    const ask = await screen.findByRole("link", { name: MSG.requestPlace });
    expect(ask.getAttribute("href")).toBe(`/app/ride/${RIDE}`);
    // Said just before the link, so the link reads in context.
    expect(ask.previousElementSibling?.textContent).toBe(MSG.requestNeeded);
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
    fireEvent.click(ask);
    await screen.findByText("La ficha de la salida");
  });

  it("tells a rider who has asked that she is waiting, with nothing to tap", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(info({ approval: { canRequest: false, request: "pending" } })),
    );
    show();
    await screen.findByText(MSG.requestPending);
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
    expect(screen.queryByRole("link", { name: MSG.requestPlace })).toBeNull();
  });

  it("a join refused as 'Con aprobación' says so, then offers the request", async () => {
    // The screen loaded while the ride was open; the organizer has since made it 'Con aprobación'.
    let approval = false;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === "POST" && String(url) === `/api/rides/${RIDE}/join`) {
        approval = true;
        return Response.json(
          { error: { code: "request_needed", message: MSG.requestNeeded } },
          { status: 409 },
        );
      }
      return Response.json(approval ? info() : info({ canJoin: true, approval: undefined }));
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "UNIRME" }));
    // The toast and then the refreshed panel both say it: the toast's own.
    await waitFor(
      () => {
        const toast = document.querySelector<HTMLElement>("[data-sonner-toast]");
        expect(toast?.dataset.type).toBe("error");
        expect(toast?.textContent).toContain(MSG.requestNeeded);
      },
      { timeout: 3000 },
    );
    await screen.findByRole("link", { name: MSG.requestPlace });
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
  });
});

describe("joinFailure", () => {
  it("maps the join's refusal of an approval ride to its own text", () => {
    expect(joinFailure(new ApiError("request_needed", MSG.requestNeeded, 409))).toEqual({
      kind: "request_needed",
      reason: MSG.requestNeeded,
    });
  });
});
