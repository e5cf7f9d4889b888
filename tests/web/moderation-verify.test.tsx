// The moderators' 'Verificar a una compañera' (docs/product.md#verificada): she finds a rider by
// username, verifies a rider she met with a reason (or undoes it), and reads her vouches one step out.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { VouchGraphResponse } from "../../domain/api/verification.ts";
import { MSG } from "../../domain/messages.ts";
import { MODERATION_TEXT } from "../../domain/texts/safety-moderation.ts";
import { VERIFY_MODERATION_TEXT as TEXT } from "../../domain/texts/verification-moderation.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import ModerationScreen from "../../web/safety/moderation.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { profileAnswer } from "./helpers/profile.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();

const edge = (id: string, username: string, withdrawnAt: number | null = null) => ({
  user: { id, username, verified: true, suspended: false },
  rideId: `ride-${id}`,
  rideTitle: "Grupeta del domingo",
  givenAt: Date.UTC(2026, 2, 1, 9),
  withdrawnAt,
});

/** Bea ("u2"): her graph as it stands, changed by the moderator's actions; what was sent. */
function moderationApi(graph: VouchGraphResponse) {
  const sent: { url: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === "POST") {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const verifying = url.endsWith("/verify");
      graph = {
        ...graph,
        rider: {
          ...graph.rider,
          verified: verifying,
          source: verifying ? "seed" : null,
        },
      };
      return Response.json({ ok: true });
    }
    if (url === "/api/users/Bea") return Response.json(profileAnswer(false));
    if (url.startsWith("/api/users/")) {
      return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
    }
    if (url === "/api/moderation/users/u2/vouches") return Response.json(graph);
    if (url.startsWith("/api/moderation/reports")) {
      return Response.json({ reports: [], nextCursor: null });
    }
    return Response.json({ accounts: [], actions: [] });
  });
  return sent;
}

async function openTabAndFind(username: string) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter>
        <ModerationScreen />
      </MemoryRouter>
      <LazyToaster />
    </QueryClientProvider>,
  );
  await screen.findByRole("heading", { name: TEXT.title });
  await userEvent.type(screen.getByLabelText(TEXT.username), username);
  await userEvent.click(screen.getByRole("button", { name: TEXT.find }));
}

describe("the moderators' 'Verificar'", () => {
  it("verifies a rider she met, with the reason the audit keeps, and can undo it", async () => {
    const sent = moderationApi({
      rider: { id: "u2", username: "Bea", verified: false, source: null },
      received: [],
      given: [],
    });
    await openTabAndFind("Bea");
    const rider = await screen.findByRole("region", { name: "Bea" });
    expect(within(rider).getByText(TEXT.status.none).textContent).toBe(TEXT.status.none);

    await userEvent.click(
      within(rider).getByRole("button", { name: VERIFICATION_MSG.moderatorVerify }),
    );
    const dialog = await screen.findByRole("dialog", { name: TEXT.verifyTitle("Bea") });
    // No reason, nothing sent.
    await userEvent.click(
      within(dialog).getByRole("button", { name: VERIFICATION_MSG.moderatorVerify }),
    );
    expect(within(dialog).getByRole("alert").textContent).toBe(MSG.moderationReasonRequired);
    await userEvent.type(
      within(dialog).getByLabelText(MODERATION_TEXT.reason),
      "Rodamos juntas en Madrid",
    );
    await userEvent.click(
      within(dialog).getByRole("button", { name: VERIFICATION_MSG.moderatorVerify }),
    );
    expect((await screen.findByText(TEXT.status.seed)).textContent).toBe(TEXT.status.seed);

    await userEvent.click(screen.getByRole("button", { name: VERIFICATION_MSG.moderatorUnverify }));
    const undo = await screen.findByRole("dialog", { name: TEXT.unverifyTitle("Bea") });
    await userEvent.type(
      within(undo).getByLabelText(MODERATION_TEXT.reason),
      "Me equivoqué de persona",
    );
    await userEvent.click(
      within(undo).getByRole("button", { name: VERIFICATION_MSG.moderatorUnverify }),
    );
    expect((await screen.findByText(TEXT.status.none)).textContent).toBe(TEXT.status.none);
    expect(sent).toEqual([
      {
        url: "/api/moderation/users/u2/verify",
        body: { reason: "Rodamos juntas en Madrid" },
      },
      {
        url: "/api/moderation/users/u2/unverify",
        body: { reason: "Me equivoqué de persona" },
      },
    ]);
  });

  it("shows her vouches one step out, both ways, withdrawn ones said so", async () => {
    moderationApi({
      rider: { id: "u2", username: "Bea", verified: true, source: "community" },
      received: [edge("u3", "Cris"), edge("u4", "Dani", Date.UTC(2026, 2, 2, 9))],
      given: [edge("u5", "Eva")],
    });
    await openTabAndFind("Bea");
    const rider = await screen.findByRole("region", { name: /^Bea/ });
    expect(within(rider).getByText(TEXT.status.community).textContent).toBe(TEXT.status.community);
    // A community badge has no moderator's verification to undo, and needs none.
    expect(within(rider).queryByRole("button")).toBeNull();
    const received = within(rider).getByRole("list", { name: `${TEXT.received} (2)` });
    const items = within(received).getAllByRole("listitem");
    expect(items.map((li) => li.textContent?.startsWith("Cris"))).toEqual([true, false]);
    expect(items[1]!.textContent).toContain(TEXT.withdrawn(""));
    expect(items[0]!.textContent).not.toContain(TEXT.withdrawn(""));
    const given = within(rider).getByRole("list", { name: `${TEXT.given} (1)` });
    expect(within(given).getByRole("listitem").textContent).toContain("Grupeta del domingo");
  });

  it("says so when nobody has that username", async () => {
    moderationApi({
      rider: { id: "u2", username: "Bea", verified: false, source: null },
      received: [],
      given: [],
    });
    await openTabAndFind("Nadie");
    expect((await screen.findByText(TEXT.notFound)).textContent).toBe(TEXT.notFound);
  });
});
