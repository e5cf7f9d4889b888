// The moderation queue in pages: the oldest reports first, and 'Ver más' asks the API
// for the next page after the last one shown, so no report stays out of reach. A group's report
// links to the group and suspends it from the queue.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ModerationQueueResponse, QueuedReport } from "../../domain/api/safety.ts";
import { GROUP_SAFETY_TEXT } from "../../domain/texts/groups.ts";
import { MODERATION_TEXT } from "../../domain/texts/safety-moderation.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import ModerationScreen from "../../web/safety/moderation.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

const fetchMock = stubFetchEachTest();

function queued(n: number): QueuedReport {
  return {
    id: `r${n}`,
    kind: "user",
    targetId: `u${n}`,
    reason: "spam",
    details: `Denuncia número ${n}`,
    snapshot: {
      kind: "user",
      username: `rider${n}`,
      city: "Madrid",
      avatarKey: "ava01",
      modalities: ["road"],
    },
    status: "open",
    createdAt: Date.UTC(2026, 10, 1, 10, n),
    reporter: { id: "rep", username: "Denunciante", earlierReports: 0 },
    reported: {
      id: `u${n}`,
      username: `rider${n}`,
      email: `rider${n}@example.com`,
      suspended: false,
      openReports: 1,
    },
    ride: null,
    messageHidden: null,
  };
}

const PAGES: Record<string, ModerationQueueResponse> = {
  first: { reports: [queued(1), queued(2)], nextCursor: "1793527320000.r2" },
  second: { reports: [queued(3)], nextCursor: null },
};

function answer(url: string) {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  if (pathname === "/api/moderation/reports") {
    const after = searchParams.get("after");
    return Response.json(after === null ? PAGES.first : PAGES.second);
  }
  return Response.json({ accounts: [], actions: [] });
}

const details = () => screen.getAllByText(/^Denuncia número/).map((el) => el.textContent);

describe("the moderation queue", () => {
  it("shows the oldest page first, and 'Ver más' adds the next one after it, in order", async () => {
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <ModerationScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("Denuncia número 2");
    expect(details()).toEqual(["Denuncia número 1", "Denuncia número 2"]);
    const tabs = screen.getByRole("tablist", { name: "Moderación" });
    expect(within(tabs).getByRole("tab", { name: /Denuncias/ }).textContent).toBe("Denuncias (2+)");

    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await screen.findByText("Denuncia número 3");
    expect(details()).toEqual(["Denuncia número 1", "Denuncia número 2", "Denuncia número 3"]);
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes("/api/moderation/reports"));
    expect(asked.at(-1)).toContain(`after=${encodeURIComponent("1793527320000.r2")}`);
    // The last page: nothing more to ask for.
    expect(screen.queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(within(tabs).getByRole("tab", { name: /Denuncias/ }).textContent).toBe("Denuncias (3)");
  });

  it("says each count with the word its number takes: one report, one rider", async () => {
    const one: QueuedReport = {
      ...queued(1),
      reporter: { id: "rep", username: "Denunciante", earlierReports: 1 },
      ride: {
        id: "ride1",
        title: "Gravel",
        startTime: Date.UTC(2026, 10, 7, 9),
        timeZone: "Europe/Madrid",
        city: "Madrid",
        status: "published",
        participantCount: 1,
      },
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).includes("/api/moderation/reports")
        ? Response.json({ reports: [one], nextCursor: null })
        : answer(String(input)),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <ModerationScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("Denuncia número 1");
    const said = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(said("Denuncia")).toBe("Denunciante · 1 denuncia anterior");
    expect(said("Denunciada")).toBe("rider1 (rider1@example.com) · 1 denuncia abierta");
    expect(said("Salida")).toMatch(/ · 1 participante$/);
  });
});

describe("a group's report", () => {
  const groupReport: QueuedReport = {
    ...queued(1),
    kind: "group",
    targetId: "g1",
    snapshot: {
      kind: "group",
      name: "Las Madrugadoras",
      slug: "las-madrugadoras",
      city: "Madrid",
      description: "Salimos los sábados",
    },
  };

  it("links to the group's page and suspends the group with the report the audit keeps", async () => {
    const user = userEvent.setup();
    let open = [groupReport];
    const sent: { path: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(request.url, "http://localhost").pathname;
      if (request.method === "POST") {
        sent.push({ path, body: JSON.parse(await request.text()) });
        // Suspending the group takes its reports out of the queue.
        open = [];
        return Response.json({ ok: true });
      }
      if (path === "/api/moderation/reports")
        return Response.json({ reports: open, nextCursor: null });
      return answer(request.url);
    });
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <ModerationScreen />
          <LazyToaster />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByRole("article", { name: /^Grupo: / });
    expect(within(card).getByText("Grupo").nextElementSibling?.textContent).toBe(
      "Las Madrugadoras",
    );
    expect(within(card).getByRole("link", { name: "Las Madrugadoras" }).getAttribute("href")).toBe(
      "/app/grupo/las-madrugadoras",
    );

    await user.click(within(card).getByRole("button", { name: GROUP_SAFETY_TEXT.suspend }));
    const dialog = screen.getByRole("dialog", {
      name: GROUP_SAFETY_TEXT.suspendTitle("Las Madrugadoras"),
    });
    await user.type(within(dialog).getByRole("textbox", { name: MODERATION_TEXT.reason }), "Spam");
    await user.click(within(dialog).getByRole("button", { name: GROUP_SAFETY_TEXT.suspend }));
    expect((await toastShowing(GROUP_SAFETY_TEXT.suspended)).type).toBe("success");
    expect(sent).toEqual([
      {
        path: "/api/moderation/groups/las-madrugadoras/suspend",
        body: { reason: "Spam", reportId: "r1" },
      },
    ]);
    // The queue is read again: the report is gone.
    await screen.findByText(MODERATION_TEXT.noReports);
  });
});
