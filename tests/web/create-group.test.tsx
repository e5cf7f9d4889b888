// 'Crear un grupo' (docs/product.md#grupos): the form sends what she chose, shows the API's Spanish
// refusal on its field (or above the button when it is about no field), and on success opens
// the group's page.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LEVEL_LABELS, MODALITY_FORM_LABELS } from "../../domain/constants.ts";
import { GROUP_MSG, GROUP_CREATE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import CreateGroupScreen from "../../web/groups/create-group.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { describedBy } from "./helpers/described-by.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { groupDetail } from "./helpers/groups.ts";
import { profileAnswer, renderProfile } from "./helpers/profile.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();

function GroupPageStub() {
  return <h1>{`grupo ${useParams().slug}`}</h1>;
}

function renderForm(answer: () => Response) {
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    sent.push({
      method: request.method,
      path: new URL(request.url, "http://x").pathname,
      body: await request.json(),
    });
    return answer();
  });
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={["/app/grupos/nuevo"]}>
        <Routes>
          <Route path="/app/grupos/nuevo" element={<CreateGroupScreen />} />
          <Route path="/app/grupo/:slug" element={<GroupPageStub />} />
        </Routes>
      </MemoryRouter>
      <LazyToaster />
    </QueryClientProvider>,
  );
  return sent;
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText(GROUP_MSG.nameLabel), "Las Madrugadoras");
  await userEvent.type(screen.getByLabelText(TEXT.city), "Madrid");
  await userEvent.type(screen.getByLabelText(TEXT.description), "Sábados a las 8");
  await userEvent.click(screen.getByLabelText(MODALITY_FORM_LABELS.road));
  await userEvent.click(screen.getByLabelText(LEVEL_LABELS.chill));
  await userEvent.click(screen.getByLabelText(new RegExp(`^${TEXT.approval}`)));
  await userEvent.click(screen.getByRole("button", { name: TEXT.submit }));
}

describe("'Crear un grupo'", () => {
  it("sends what she chose and opens the new group's page", async () => {
    const sent = renderForm(() =>
      Response.json({ group: groupDetail({ myRole: "leader" }) }, { status: 201 }),
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(GROUP_MSG.createTitle);
    await fillIn();
    expect(
      (await screen.findByRole("heading", { level: 1, name: "grupo las-madrugadoras" }))
        .textContent,
    ).toBe("grupo las-madrugadoras");
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/groups",
        body: {
          name: "Las Madrugadoras",
          city: "Madrid",
          description: "Sábados a las 8",
          modalities: ["road"],
          levels: ["chill"],
          joinMode: "approval",
          verifiedOnly: false,
          avatarKey: "ava01",
        },
      },
    ]);
  });

  it("'Solo verificadas' is a checkbox named by the option, sent when ticked", async () => {
    const sent = renderForm(() =>
      Response.json({ group: groupDetail({ myRole: "leader" }) }, { status: 201 }),
    );
    const option = screen.getByRole("checkbox", { name: GROUP_MSG.verifiedOnlyOption });
    expect((option as HTMLInputElement).checked).toBe(false);
    expect(option.getAttribute("aria-describedby")).toBe("group-verified-only-hint");
    await userEvent.click(option);
    await fillIn();
    await screen.findByRole("heading", { level: 1, name: "grupo las-madrugadoras" });
    expect(sent).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ verifiedOnly: true }) }),
    ]);
  });

  it("shows a refused name on the name field and stays on the form", async () => {
    renderForm(() =>
      Response.json(
        {
          error: {
            code: "conflict",
            message: GROUP_MSG.nameTaken,
            fields: { name: GROUP_MSG.nameTaken },
          },
        },
        { status: 409 },
      ),
    );
    await fillIn();
    const name = screen.getByLabelText(GROUP_MSG.nameLabel);
    await screen.findByText(GROUP_MSG.nameTaken, { selector: "[role=alert]" });
    expect(describedBy(name)).toBe(GROUP_MSG.nameTaken);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("heading", { name: /^grupo / })).toBeNull();
  });

  it("shows a refusal about no field (her fourth group) above the button", async () => {
    renderForm(() =>
      Response.json(
        { error: { code: "conflict", message: GROUP_MSG.createdCap } },
        { status: 409 },
      ),
    );
    await fillIn();
    const alert = await screen.findByText(GROUP_MSG.createdCap, { selector: "p[role=alert]" });
    expect(alert.nextElementSibling).toBe(screen.getByRole("button", { name: TEXT.submit }));
  });
});

describe("the way to 'Crear un grupo'", () => {
  it("is a link on her own profile, not on another rider's", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(true)));
    renderProfile("Ana");
    const link = await screen.findByRole("link", { name: GROUP_MSG.createTitle });
    expect(link.getAttribute("href")).toBe("/app/grupos/nuevo");
  });

  it("is not offered on another rider's profile", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(false)));
    renderProfile("Bea");
    await screen.findByText("Así te ven en la grupeta");
    expect(screen.queryByRole("link", { name: GROUP_MSG.createTitle })).toBeNull();
  });
});
