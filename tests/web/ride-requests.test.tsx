// Join by approval in the app (docs/product.md#join-by-approval): the approximate area and
// 'Solicitar plaza' for a rider outside the group (her note kept when a request fails), and the
// organizer's requests with 'Aceptar' / 'Rechazar'.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import { REQUEST_NOTE_MAX } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

const outsiderView = (overrides: Partial<RideDetail> = {}) =>
  rideDetail({
    joinMode: "approval",
    meetingPoint: null,
    meetingPin: null,
    meetingArea: { lat: 40.42, lon: -3.7, radiusKm: 1.5 },
    ...overrides,
  });

type Answer = (url: string, init?: RequestInit) => Response | Promise<Response>;

function renderDetail(first: RideDetail, answer?: Answer) {
  let current = first;
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/connections")) {
      return Response.json({
        open: false,
        alreadySaved: false,
        companions: [],
        levelQuestions: { open: false, answered: false },
      });
    }
    const method = input instanceof Request ? input.method : (init?.method ?? "GET");
    if (method !== "GET" && answer) {
      const res = await answer(url, init ?? (input as Request));
      if (res.ok) current = ((await res.clone().json()) as { ride: RideDetail }).ride;
      return res;
    }
    return Response.json({ ride: current });
  });
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={["/app/ride/r1"]}>
        <Routes>
          <Route path="/app/ride/:id" element={<RideDetailScreen />} />
        </Routes>
      </MemoryRouter>
      <LazyToaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("a 'Con aprobación' ride seen from outside its group", () => {
  it("shows the city and the approximate area, and 'Solicitar plaza' instead of 'UNIRME'", async () => {
    renderDetail(outsiderView());
    // Where the meeting point would be: the city, then who gets the exact point.
    const hidden = await screen.findByText(MSG.meetingAreaHidden);
    expect(hidden.previousElementSibling?.textContent).toBe(`${MSG.meetingAreaLabel}: Madrid`);
    expect(
      screen.getByText(`${MSG.meetingAreaLabel}:`, { exact: false }).parentElement!.textContent,
    ).toBe(`${MSG.meetingAreaLabel}: Madrid`);
    expect(screen.queryByText("Puente del Rey")).toBeNull();
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
    expect(
      (screen.getByRole("button", { name: MSG.requestPlace }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("keeps her note and says why when the request fails; sends it when it works", async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = renderDetail(outsiderView(), () =>
      fail
        ? Response.json(
            { error: { code: "rate_limited", message: MSG.rateLimited } },
            { status: 429 },
          )
        : Response.json(
            {
              ride: outsiderView({
                viewer: { ...outsiderView().viewer, request: "pending" },
              }),
            },
            { status: 201 },
          ),
    );
    await user.click(await screen.findByRole("button", { name: MSG.requestPlace }));
    const dialog = await screen.findByRole("dialog");
    const note = within(dialog).getByLabelText(MSG.requestNoteLabel);
    await user.type(note, "Voy a ritmo tranquilo");
    await user.click(within(dialog).getByRole("button", { name: MSG.requestPlace }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain(MSG.requestFailed);
    expect(alert.textContent).toContain(MSG.rateLimited);
    expect((note as HTMLTextAreaElement).value).toBe("Voy a ritmo tranquilo");

    fail = false;
    await user.click(within(dialog).getByRole("button", { name: MSG.requestPlace }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(sent.at(-1)![1]!.body))).toEqual({ note: "Voy a ritmo tranquilo" });
    // Said as a status where 'Solicitar plaza' was.
    expect((await screen.findByText(MSG.requestPending)).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("button", { name: MSG.requestPlace })).toBeNull();
  });

  it("a note of exactly 280 characters counts 280/280, says it is the maximum, and is sent", async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(outsiderView(), () =>
      Response.json(
        { ride: outsiderView({ viewer: { ...outsiderView().viewer, request: "pending" } }) },
        { status: 201 },
      ),
    );
    await user.click(await screen.findByRole("button", { name: MSG.requestPlace }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText(MSG.requestNoteLabel));
    await user.paste("a".repeat(REQUEST_NOTE_MAX));
    const hint = within(dialog).getByText(`${REQUEST_NOTE_MAX}/${REQUEST_NOTE_MAX}`);
    expect(hint.parentElement!.textContent).toBe(
      `${REQUEST_NOTE_MAX}/${REQUEST_NOTE_MAX}${MSG.requestNoteAtLimit}`,
    );
    expect(within(dialog).queryByText(MSG.requestNoteTooLong)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: MSG.requestPlace }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(sent.at(-1)![1]!.body))).toEqual({
      note: "a".repeat(REQUEST_NOTE_MAX),
    });
  });

  it("once her request is sent, focus goes to 'Retirar solicitud', not the page's body", async () => {
    const user = userEvent.setup();
    renderDetail(outsiderView(), () =>
      Response.json(
        { ride: outsiderView({ viewer: { ...outsiderView().viewer, request: "pending" } }) },
        { status: 201 },
      ),
    );
    await user.click(await screen.findByRole("button", { name: MSG.requestPlace }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: MSG.requestPlace }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const withdraw = await screen.findByRole("button", { name: MSG.requestWithdraw });
    await waitFor(() => expect(document.activeElement).toBe(withdraw));
  });

  it("tells a declined rider kindly, without reasons, and offers no second request", async () => {
    renderDetail(outsiderView({ viewer: { ...outsiderView().viewer, request: "declined" } }));
    const declined = await screen.findByText(`${MSG.requestDeclined}.`, { exact: false });
    expect(declined.closest('[role="status"]')?.textContent).toBe(
      `${MSG.requestDeclined}. ${MSG.requestDeclinedText}`,
    );
    expect(screen.queryByRole("button", { name: MSG.requestPlace })).toBeNull();
  });
});

describe("the organizer's requests", () => {
  const request = {
    id: "q1",
    rider: { id: "u2", username: "Bea", avatarKey: "ava03", avatarUrl: null, verified: false },
    city: "Valencia",
    modalities: ["gravel" as const],
    levels: ["intermedio" as const],
    completedRides: 4,
    rodeWithGroup: 2,
    note: "Llevo luces",
    createdAt: Date.now(),
  };
  const hers = (requests = [request]) =>
    rideDetail({
      joinMode: "approval",
      pendingRequests: requests.length,
      requests,
      viewer: { ...rideDetail().viewer, joined: true, isOrganizer: true },
    });

  it("lists each request at the top with what helps her decide, and accepts one", async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(hers(), () => Response.json({ ride: hers([]) }));
    const heading = await screen.findByRole("heading", { name: `${MSG.requestsTitle} (1)` });
    const item = within(heading.closest("section")!).getByRole("listitem", {
      name: "Solicitud de Bea",
    });
    expect(item.textContent).toContain("Valencia");
    expect(item.textContent).toContain("Intermedio");
    expect(item.textContent).toContain(MSG.requestCompletedRides(4));
    expect(item.textContent).toContain("Ha rodado con 2 de tu grupeta");
    expect(item.textContent).toContain("Llevo luces");
    // The requests come before the ride's own card.
    const card = screen.getByRole("article", { name: "Café y Casa de Campo" });
    expect(heading.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.textContent).toContain(MSG.requestsCount(1));

    await user.click(within(item).getByRole("button", { name: "Aceptar a Bea" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith("/requests/q1/accept")),
      ).toBe(true),
    );
    // Her requests card, emptied: none left to answer.
    expect((await screen.findByText(MSG.requestsEmpty)).closest("section")?.textContent).toBe(
      `${MSG.requestsTitle} (0)${MSG.requestsEmpty}`,
    );
  });

  it("'Rechazar' asks first: 'Cancelar' sends nothing; confirmed, focus goes to the list", async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(hers(), () => Response.json({ ride: hers([]) }));
    const sent = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    const decline = await screen.findByRole("button", { name: "Rechazar a Bea" });
    await user.click(decline);
    let dialog = await screen.findByRole("dialog", { name: MSG.requestDeclineConfirmTitle("Bea") });
    expect(dialog.textContent).toContain(MSG.requestDeclineConfirmText);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toEqual([]);

    await user.click(decline);
    dialog = await screen.findByRole("dialog", { name: MSG.requestDeclineConfirmTitle("Bea") });
    await user.click(within(dialog).getByRole("button", { name: MSG.requestDecline }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent().map(([url]) => String(url))).toEqual(["/api/rides/r1/requests/q1/decline"]);
    const heading = await screen.findByRole("heading", { name: `${MSG.requestsTitle} (0)` });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
