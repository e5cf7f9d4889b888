// The moderation queue in pages: the oldest reports first, and 'Ver más' asks the API
// for the next page after the last one shown, so no report stays out of reach.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ModerationQueueResponse, QueuedReport } from "../../domain/api/safety.ts";
import ModerationScreen from "../../web/safety/moderation.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

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
