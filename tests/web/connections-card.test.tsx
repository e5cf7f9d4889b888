import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { ConnectionsCard } from "../../web/connections/connections-card.tsx";
import { connectionKeys } from "../../web/connections/queries.ts";
import { queriesSettled } from "./helpers/queries.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("ConnectionsCard", () => {
  it("says the participants could not be loaded when its load fails (#connections), with a retry", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ error: { code: "internal", message: MSG.internal } }, { status: 500 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    await screen.findByText(MSG.participantsLoadFailed);
    expect(screen.queryByText(MSG.connectionsSaveFailed)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});

describe("ConnectionsCard after saving", () => {
  it("shows what she saved in place of the checkboxes and 'Guardar conexiones'", async () => {
    let saved = false;
    const client = signedInClient();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          saved = true;
          return Response.json({ newRiders: ["Cris"], repeatRiders: [] });
        }
        if (url === "/api/rides/r1/connections") {
          return Response.json({
            open: true,
            alreadySaved: saved,
            companions: [
              { userId: "u3", username: "Cris", avatarKey: "ava03", timesRodeWith: saved ? 1 : 0 },
            ],
            levelQuestions: { open: false, answered: true },
          });
        }
        return Response.json({ pending: [] });
      }),
    );
    render(
      <QueryClientProvider client={client}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("checkbox", { name: "Cris" }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar conexiones" }));

    await screen.findByText("Ya has guardado tus conexiones de esta salida.");
    // Said where a screen reader hears it.
    expect(screen.getByRole("status").textContent).toContain("Nuevas conexiones: Cris");
    // Also once the card's data is refetched (alreadySaved).
    await queriesSettled(client);
    expect(client.getQueryData<{ alreadySaved: boolean }>(connectionKeys.ride("r1"))).toMatchObject(
      {
        alreadySaved: true,
      },
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Guardar conexiones" })).toBeNull();
  });

  it("says she already saved them when she opens the ride again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          open: true,
          alreadySaved: true,
          companions: [{ userId: "u3", username: "Cris", avatarKey: "ava03", timesRodeWith: 1 }],
          levelQuestions: { open: false, answered: true },
        }),
      ),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    await screen.findByText("Ya has guardado tus conexiones de esta salida.");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Guardar conexiones" })).toBeNull();
  });
});

describe("ConnectionsCard's two questions (honest levels)", () => {
  function stub(levelQuestions: { open: boolean; answered: boolean }, alreadySaved = true) {
    const posts: { url: string; body: unknown }[] = [];
    let answered = levelQuestions.answered;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          answered = true;
          return Response.json({ answered: true });
        }
        return Response.json({
          open: true,
          alreadySaved,
          companions: [{ userId: "u3", username: "Cris", avatarKey: "ava03", timesRodeWith: 1 }],
          levelQuestions: { open: levelQuestions.open && !answered, answered },
        });
      }),
    );
    return posts;
  }

  it("asks both, optional and anonymous, and sends what she chose", async () => {
    const posts = stub({ open: true, answered: false });
    const client = signedInClient();
    render(
      <QueryClientProvider client={client}>
        <ConnectionsCard rideId="r1" />
      </QueryClientProvider>,
    );
    const send = await screen.findByRole("button", { name: "Enviar respuestas" });
    // Nothing chosen: nothing to send.
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const choices = (question: string) =>
      within(screen.getByRole("group", { name: question }))
        .getAllByRole("radio")
        .map((radio) => [radio.closest("label")?.textContent, (radio as HTMLInputElement).checked]);
    expect(choices(MSG.paceQuestion)).toEqual([
      ["Más suave", false],
      ["Como se anunció", false],
      ["Más exigente", false],
    ]);
    expect(choices(MSG.waitedQuestion)).toEqual([
      ["Sí", false],
      ["No", false],
    ]);
    expect(screen.getByRole("form", { name: "Cómo fue la salida" }).textContent).toContain(
      MSG.levelAnswersAnonymous,
    );
    fireEvent.click(screen.getByRole("radio", { name: "Más exigente" }));
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    await screen.findByText(MSG.levelAnswersSaved);
    expect(posts).toEqual([
      { url: "/api/rides/r1/level-answers", body: { pace: "harder", waitedForAll: null } },
    ]);
    // The thanks stay once the card knows she answered.
    await queriesSettled(client);
    expect(screen.getByText(MSG.levelAnswersSaved).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("asks nothing once she answered, or when the questions are not hers to answer", async () => {
    stub({ open: false, answered: true });
    const { unmount } = render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    await screen.findByText("Ya has guardado tus conexiones de esta salida.");
    expect(screen.queryByText(MSG.paceQuestion)).toBeNull();
    unmount();
    stub({ open: false, answered: false });
    render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    await screen.findByText("Ya has guardado tus conexiones de esta salida.");
    expect(screen.queryByText(MSG.waitedQuestion)).toBeNull();
  });
});

describe("ConnectionsCard after a check-in (docs/product.md#check-in-and-arrivals)", () => {
  it("ticks the riders she checked in with; she may untick them", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          open: true,
          alreadySaved: false,
          companions: [
            { userId: "u3", username: "Cris", avatarKey: "ava03", timesRodeWith: 0 },
            { userId: "u4", username: "Dora", avatarKey: "ava04", timesRodeWith: 0 },
          ],
          preselected: ["u4"],
          levelQuestions: { open: false, answered: true },
        }),
      ),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    const dora = await screen.findByRole("checkbox", { name: "Dora" });
    await vi.waitFor(() => expect((dora as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole("checkbox", { name: "Cris" }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(dora);
    expect((dora as HTMLInputElement).checked).toBe(false);
  });
});
