// "Verificada" on the app's screens (docs/product.md#verificada): the badge beside a rider's name
// (ride card, participants, requests, chat, profile) with what it means for a screen reader, her
// own progress on her profile, the post-ride step's vouches, a 'Solo verificadas' ride's message
// to a rider who is not verified, and the help page's answer.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { RideDetail, RidePerson } from "../../domain/api/rides.ts";
import type { MyVerificationResponse, VouchStepResponse } from "../../domain/api/verification.ts";
import { MY_VERIFICATION_TEXT, VOUCH_STEP_TEXT } from "../../domain/texts/verification.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { MessageItem } from "../../web/chat/chat-parts.tsx";
import type { UiMessage } from "../../web/chat/chat-state.ts";
import AppFaqs from "../../web/info/faqs.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { describedBy } from "./helpers/described-by.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { profileAnswer, renderProfile } from "./helpers/profile.tsx";
import { ORGANIZER_VIEWER, rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const HOUR = 3_600_000;
const fetchMock = stubFetchEachTest();

const person = (id: string, username: string, verified: boolean): RidePerson => ({
  id,
  username,
  avatarKey: "ava01",
  avatarUrl: null,
  verified,
});

type ApiRoute = (url: string, init: RequestInit | undefined) => Response | undefined;

/** Answers `routes` first; the ride for its page, and a closed 'He rodado con ella' card. */
function answer(ride: RideDetail | null, routes: ApiRoute = () => undefined) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const own = routes(url, init);
    if (own) return own;
    if (url.endsWith("/connections")) {
      return Response.json({
        open: false,
        alreadySaved: false,
        companions: [],
        levelQuestions: { open: false, answered: false },
      });
    }
    if (ride && url === `/api/rides/${ride.id}`) return Response.json({ ride });
    return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
  });
}

function renderRide() {
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
}

/** Every badge on screen, each with what a screen reader hears after its name. */
function badges(within: HTMLElement = document.body) {
  return [...within.querySelectorAll('[role="img"]')]
    .filter((el) => el.getAttribute("aria-label") === VERIFICATION_MSG.badge)
    .map((el) => ({ label: el.getAttribute("aria-label"), description: describedBy(el) }));
}

const BADGE = { label: VERIFICATION_MSG.badge, description: VERIFICATION_MSG.badgeExplained };

describe("the badge beside her name", () => {
  it("marks the verified organizer and participants on the ride's page, and nobody else", async () => {
    const lucia = person("org", "Lucía", true);
    answer(
      rideDetail({
        organizer: lucia,
        participants: [lucia, person("u2", "Bea", false), person("u3", "Cris", true)],
        participantCount: 3,
      }),
    );
    renderRide();
    const list = (await screen.findByRole("heading", { name: /^Participantes/ })).parentElement!;
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => [li.textContent, badges(li)])).toEqual([
      [`Lucía${VERIFICATION_MSG.badge}${VERIFICATION_MSG.badgeExplained}`, [BADGE]],
      ["Bea", []],
      [`Cris${VERIFICATION_MSG.badge}${VERIFICATION_MSG.badgeExplained}`, [BADGE]],
    ]);
    // The card's organizer, plus the two in the list.
    expect(badges()).toEqual([BADGE, BADGE, BADGE]);
  });

  it("marks a verified request's rider for the organizer", async () => {
    const base = rideDetail();
    const request = (id: string, rider: RidePerson) => ({
      id,
      rider,
      city: "Madrid",
      modalities: ["road" as const],
      levels: [],
      completedRides: 0,
      rodeWithGroup: 0,
      note: null,
      createdAt: Date.now(),
    });
    answer(
      rideDetail({
        joinMode: "approval",
        viewer: ORGANIZER_VIEWER,
        organizer: person("u1", "Ana", false),
        pendingRequests: 2,
        requests: [
          request("q1", person("u2", "Bea", true)),
          request("q2", person("u3", "Cris", false)),
        ] as RideDetail["requests"],
        startTime: base.startTime,
      }),
    );
    renderRide();
    const bea = await screen.findByRole("listitem", { name: /Bea/ });
    const cris = screen.getByRole("listitem", { name: /Cris/ });
    expect(badges(bea)).toEqual([BADGE]);
    expect(badges(cris)).toEqual([]);
  });

  it("marks a verified author's chat messages", () => {
    const message = (id: string, verified: boolean): UiMessage => ({
      id,
      rideId: "r1",
      userId: `user-${id}`,
      kind: "user" as const,
      text: "Hola",
      createdAt: new Date().toISOString(),
      status: "sent" as const,
      author: {
        username: `Rider ${id}`,
        avatarKey: "ava01",
        ...(verified ? { verified: true as const } : {}),
      },
    });
    render(
      <QueryClientProvider client={signedInClient()}>
        <ul>
          <MessageItem
            message={message("a", true)}
            mine={false}
            onRetry={undefined}
            onAuthorBlocked={() => {}}
          />
          <MessageItem
            message={message("b", false)}
            mine={false}
            onRetry={undefined}
            onAuthorBlocked={() => {}}
          />
        </ul>
      </QueryClientProvider>,
    );
    const [a, b] = screen.getAllByRole("listitem");
    expect(badges(a!)).toEqual([BADGE]);
    expect(badges(b!)).toEqual([]);
  });
});

describe("her profile", () => {
  const progress = (body: MyVerificationResponse | null) => (url: string) =>
    url === "/api/verification"
      ? body
        ? Response.json(body)
        : Response.json({ error: { code: "internal", message: "x" } }, { status: 500 })
      : undefined;

  function profileWith(isOwner: boolean, verified: boolean, mine: MyVerificationResponse | null) {
    const answerOf = profileAnswer(isOwner);
    answerOf.profile.verified = verified;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      return progress(mine)(url) ?? Response.json(answerOf);
    });
  }

  it("says what she lacks, how to get there, and that no documents are asked for", async () => {
    profileWith(true, false, { verified: false, vouchers: 2, rides: 1 });
    renderProfile("Ana");
    const section = (await screen.findByRole("heading", { name: MY_VERIFICATION_TEXT.title }))
      .parentElement!;
    expect(await within(section).findByText(VERIFICATION_MSG.progress(2))).toHaveProperty(
      "textContent",
      "Te respaldan 2 compañeras de 3",
    );
    expect(within(section).getByText(VERIFICATION_MSG.howTo).textContent).toBe(
      VERIFICATION_MSG.howTo,
    );
    expect(within(section).getByText(VERIFICATION_MSG.noDocuments).textContent).toBe(
      VERIFICATION_MSG.noDocuments,
    );
    expect(badges()).toEqual([]);
  });

  it("once verified, shows the badge and what it means to her", async () => {
    profileWith(true, true, { verified: true, vouchers: 3, rides: 2 });
    renderProfile("Ana");
    expect((await screen.findByText(VERIFICATION_MSG.ownVerified)).textContent).toBe(
      VERIFICATION_MSG.ownVerified,
    );
    expect(screen.queryByText(VERIFICATION_MSG.howTo)).toBeNull();
    expect(badges()).toEqual([BADGE]);
  });

  it("says when her progress could not be loaded, and tries again", async () => {
    profileWith(true, false, null);
    renderProfile("Ana");
    expect((await screen.findByText(MY_VERIFICATION_TEXT.loadFailed)).textContent).toBe(
      MY_VERIFICATION_TEXT.loadFailed,
    );
    profileWith(true, false, { verified: false, vouchers: 0, rides: 0 });
    await userEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect((await screen.findByText(VERIFICATION_MSG.progress(0))).textContent).toBe(
      "Te respaldan 0 compañeras de 3",
    );
  });

  it("another rider's profile shows her badge, never her progress", async () => {
    profileWith(false, true, { verified: false, vouchers: 0, rides: 0 });
    renderProfile("Bea");
    await waitFor(() => expect(badges()).toEqual([BADGE]));
    expect(screen.queryByRole("heading", { name: MY_VERIFICATION_TEXT.title })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/verification");
  });
});

describe("the post-ride step's vouches", () => {
  const startedRide = () =>
    rideDetail({
      startTime: Date.now() - HOUR,
      status: "published",
      viewer: { ...rideDetail().viewer, joined: true },
    });

  it("vouches for a rider who was there, then withdraws it", async () => {
    let step: VouchStepResponse = {
      open: true,
      riders: [
        { userId: "u2", username: "Bea", avatarKey: "ava01", verified: false, vouched: false },
      ],
    };
    const sent: string[] = [];
    answer(startedRide(), (url, init) => {
      const method = init?.method ?? "GET";
      if (url === "/api/rides/r1/vouches" && method === "GET") return Response.json(step);
      if (url === "/api/rides/r1/vouches" && method === "POST") {
        sent.push(`POST ${String(init?.body)}`);
        step = { ...step, riders: [{ ...step.riders[0]!, vouched: true }] };
        return Response.json({ ok: true }, { status: 201 });
      }
      if (url === "/api/vouches/u2" && method === "DELETE") {
        sent.push("DELETE u2");
        step = { ...step, riders: [{ ...step.riders[0]!, vouched: false }] };
        return Response.json({ ok: true });
      }
      return undefined;
    });
    renderRide();
    await screen.findByRole("heading", { name: VERIFICATION_MSG.stepTitle });
    const vouch = screen.getByRole("button", { name: VERIFICATION_MSG.vouch });
    // Which rider the button is for: her name, read after the button's.
    expect(describedBy(vouch)).toBe("Bea");
    await userEvent.click(vouch);
    expect((await screen.findByText(VERIFICATION_MSG.vouchDone)).textContent).toBe(
      VERIFICATION_MSG.vouchDone,
    );
    const withdraw = await screen.findByRole("button", { name: VERIFICATION_MSG.withdraw });
    expect(screen.getByText(VERIFICATION_MSG.vouched).textContent).toBe(VERIFICATION_MSG.vouched);
    await userEvent.click(withdraw);
    expect(await screen.findByRole("button", { name: VERIFICATION_MSG.vouch })).toHaveProperty(
      "disabled",
      false,
    );
    expect(sent).toEqual([`POST ${JSON.stringify({ userId: "u2" })}`, "DELETE u2"]);
  });

  it("shows the API's refusal when a vouch is refused", async () => {
    answer(startedRide(), (url, init) => {
      if (url !== "/api/rides/r1/vouches") return undefined;
      if ((init?.method ?? "GET") === "GET") {
        return Response.json({
          open: true,
          riders: [
            { userId: "u2", username: "Bea", avatarKey: "ava01", verified: true, vouched: false },
          ],
        });
      }
      return Response.json(
        { error: { code: "rate_limited", message: VERIFICATION_MSG.tooMany } },
        { status: 429 },
      );
    });
    renderRide();
    await userEvent.click(await screen.findByRole("button", { name: VERIFICATION_MSG.vouch }));
    expect((await screen.findByText(VERIFICATION_MSG.tooMany)).textContent).toBe(
      VERIFICATION_MSG.tooMany,
    );
  });

  it("is not there when the API does not open it to her, nor asked for before the ride", async () => {
    answer(startedRide(), (url) =>
      url === "/api/rides/r1/vouches" ? Response.json({ open: false, riders: [] }) : undefined,
    );
    renderRide();
    await screen.findByRole("heading", { name: /^Participantes/ });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/rides/r1/vouches"),
    );
    expect(screen.queryByRole("heading", { name: VERIFICATION_MSG.stepTitle })).toBeNull();
  });

  it("says when it could not load", async () => {
    answer(startedRide(), (url) =>
      url === "/api/rides/r1/vouches"
        ? Response.json({ error: { code: "internal", message: "x" } }, { status: 500 })
        : undefined,
    );
    renderRide();
    expect((await screen.findByText(VOUCH_STEP_TEXT.loadFailed)).textContent).toBe(
      VOUCH_STEP_TEXT.loadFailed,
    );
  });
});

describe("a 'Solo verificadas' ride", () => {
  it("tells a rider who is not verified how to become so; a verified one sees only the mark", async () => {
    let mine: MyVerificationResponse = { verified: false, vouchers: 1, rides: 1 };
    answer(rideDetail({ verifiedOnly: true }), (url) =>
      url === "/api/verification" ? Response.json(mine) : undefined,
    );
    renderRide();
    const note = await screen.findByRole("note");
    expect(note.textContent).toBe(VERIFICATION_MSG.verifiedOnly);
    expect(screen.getByText(VERIFICATION_MSG.verifiedOnlyOption).textContent).toBe(
      VERIFICATION_MSG.verifiedOnlyOption,
    );
    cleanup();

    mine = { verified: true, vouchers: 3, rides: 2 };
    renderRide();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url) === "/api/verification").length,
      ).toBe(2),
    );
    await screen.findByText(VERIFICATION_MSG.verifiedOnlyOption);
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("the help page", () => {
  it("says what 'Verificada' means and that no documents or photos are asked for", async () => {
    render(<AppFaqs />);
    await userEvent.click(screen.getByRole("button", { name: /Verificada/ }));
    const answer = screen.getByRole("region", { name: /Verificada/ });
    expect(answer.textContent).toContain(VERIFICATION_MSG.noDocuments);
    expect(answer.textContent).toContain(VERIFICATION_MSG.vouch);
  });
});
