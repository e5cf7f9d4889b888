// The group's page (docs/product.md#grupos): its facts for everyone, 'Unirme al grupo' /
// 'Solicitar unirme' (her note kept when the request fails) / 'Salir del grupo', the member list
// with 'líder', and for leaders the requests first with 'Aceptar' / 'Rechazar'.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GROUP_MSG, GROUP_PAGE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { GROUP_RIDES_TEXT, RIDE_GROUP_TEXT } from "../../domain/texts/groups-publish.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { groupPageStub, refusal } from "./helpers/group-page.tsx";
import { groupDetail, groupMember, groupRequest, leaderView } from "./helpers/groups.ts";
import { rideSummary } from "./helpers/rides.ts";
import { toastShowing } from "./helpers/toasts.ts";

const renderGroup = groupPageStub();

describe("the group's page from outside", () => {
  it("shows its facts and its leaders, but not its members", async () => {
    renderGroup(groupDetail());
    expect(
      (await screen.findByRole("heading", { level: 1, name: "Las Madrugadoras" })).textContent,
    ).toBe("Las Madrugadoras");
    expect(
      screen.getByText(`Madrid · 2 miembros · ${GROUP_MSG.joinModeApproval}`).textContent,
    ).toBe(`Madrid · 2 miembros · ${GROUP_MSG.joinModeApproval}`);
    expect(screen.getByText("Salimos los sábados a las 8").textContent).toBe(
      "Salimos los sábados a las 8",
    );
    const leaders = screen.getByRole("region", { name: TEXT.leaders });
    expect(within(leaders).getByText("Lucía").textContent).toBe("Lucía");
    expect(screen.queryByRole("region", { name: TEXT.membersTitle })).toBeNull();
    expect(screen.queryByRole("region", { name: TEXT.requestsTitle })).toBeNull();
    expect(
      (screen.getByRole("button", { name: GROUP_MSG.request }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.queryByRole("button", { name: GROUP_MSG.join })).toBeNull();
  });

  it("'Solicitar unirme' keeps her note and says why when refused; sends it when it works", async () => {
    let refuse = true;
    const sent = renderGroup(groupDetail(), () =>
      refuse
        ? refusal(GROUP_MSG.requestAlready)
        : Response.json({ group: groupDetail({ myRequest: "pending" }) }, { status: 201 }),
    );
    await userEvent.click(await screen.findByRole("button", { name: GROUP_MSG.request }));
    const note = screen.getByLabelText(TEXT.noteLabel);
    await userEvent.type(note, "Ruedo a 25 de media");
    await userEvent.click(screen.getByRole("button", { name: TEXT.send }));
    expect((await screen.findByText(GROUP_MSG.requestAlready)).textContent).toBe(
      GROUP_MSG.requestAlready,
    );
    expect((note as HTMLTextAreaElement).value).toBe("Ruedo a 25 de media");

    refuse = false;
    await userEvent.click(screen.getByRole("button", { name: TEXT.send }));
    expect((await screen.findByText(TEXT.pending)).textContent).toBe(TEXT.pending);
    expect(sent.at(-1)).toEqual({
      method: "POST",
      path: "/api/groups/las-madrugadoras/requests",
      body: { note: "Ruedo a 25 de media" },
    });
    expect(screen.queryByRole("button", { name: GROUP_MSG.request })).toBeNull();
  });

  it("a declined request reads 'Esta vez no ha podido ser', with no second request", async () => {
    renderGroup(groupDetail({ myRequest: "declined" }));
    expect((await screen.findByText(GROUP_MSG.requestDeclined)).textContent).toBe(
      GROUP_MSG.requestDeclined,
    );
    expect(screen.queryByRole("button", { name: GROUP_MSG.request })).toBeNull();
  });

  it("'Unirme al grupo' joins an open group and shows her its members", async () => {
    const sent = renderGroup(groupDetail({ joinMode: "open" }), () =>
      Response.json({
        group: groupDetail({
          joinMode: "open",
          myRole: "member",
          memberCount: 3,
          members: [groupMember("Lucía", "leader"), groupMember("Ana")],
        }),
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: GROUP_MSG.join }));
    const members = await screen.findByRole("region", { name: TEXT.membersTitle });
    expect(within(members).getByText("Ana").textContent).toBe("Ana");
    expect(sent).toEqual([{ method: "POST", path: "/api/groups/las-madrugadoras/join", body: {} }]);
    expect(
      (screen.getByRole("button", { name: GROUP_MSG.leave }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("says so when the group is not found (unknown, archived or suspended)", async () => {
    renderGroup(refusal(GROUP_MSG.notFound, 404));
    expect(
      (await screen.findByRole("heading", { level: 1, name: GROUP_MSG.notFound })).textContent,
    ).toBe(GROUP_MSG.notFound);
  });

  it("offers 'Reintentar' when the group could not load", async () => {
    renderGroup(Response.json({ error: { code: "internal", message: "x" } }, { status: 500 }));
    expect((await screen.findByText(TEXT.loadFailed)).textContent).toBe(TEXT.loadFailed);
  });
});

describe("the group's page for its members and leaders", () => {
  it("lists the members with 'líder' beside each leader", async () => {
    renderGroup(
      groupDetail({
        myRole: "member",
        members: [groupMember("Lucía", "leader"), groupMember("Marta")],
      }),
    );
    const list = within(await screen.findByRole("region", { name: TEXT.membersTitle }));
    const rows = list.getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([`Lucía${GROUP_MSG.leader}`, "Marta"]);
  });

  it("marks a verified member with 'Verificada' and its meaning, and no one else", async () => {
    renderGroup(
      groupDetail({
        myRole: "member",
        members: [groupMember("Lucía", "leader"), { ...groupMember("Marta"), verified: true }],
      }),
    );
    const list = within(await screen.findByRole("region", { name: TEXT.membersTitle }));
    const [lucia, marta] = list.getAllByRole("listitem");
    expect(within(lucia!).queryByRole("img", { name: VERIFICATION_MSG.badge })).toBeNull();
    const badge = within(marta!).getByRole("img", { name: VERIFICATION_MSG.badge });
    expect(badge.getAttribute("title")).toBe(VERIFICATION_MSG.badgeExplained);
  });

  it("'Salir del grupo' asks first, then leaves", async () => {
    const sent = renderGroup(
      groupDetail({ myRole: "member", members: [groupMember("Lucía", "leader")] }),
      () => Response.json({ group: groupDetail() }),
    );
    await userEvent.click(await screen.findByRole("button", { name: GROUP_MSG.leave }));
    const dialog = screen.getByRole("dialog", { name: TEXT.leaveConfirmTitle });
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: GROUP_MSG.leave }));
    expect(
      ((await screen.findByRole("button", { name: GROUP_MSG.request })) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(sent).toEqual([
      { method: "POST", path: "/api/groups/las-madrugadoras/leave", body: null },
    ]);
    expect((await toastShowing(TEXT.left)).type).toBe("success");
  });

  it("shows a leader the requests first, and 'Aceptar' takes the rider in", async () => {
    const sent = renderGroup(
      leaderView({ requests: [groupRequest("Nuria", "Vengo de Getafe")] }),
      () =>
        Response.json({
          group: leaderView({ members: [groupMember("Lucía", "leader"), groupMember("Nuria")] }),
        }),
    );
    const requests = await screen.findByRole("region", { name: TEXT.requestsTitle });
    const title = screen.getByRole("heading", { level: 1 });
    // The requests come before everything else on her page.
    expect(requests.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const item = within(requests).getByRole("listitem", { name: "Nuria" });
    expect(within(item).getByText("Vengo de Getafe").textContent).toBe("Vengo de Getafe");
    expect(within(item).getByText(TEXT.completedRides(3)).textContent).toBe(TEXT.completedRides(3));
    expect(within(item).getByText(TEXT.rodeWithMembers(1)).textContent).toBe(
      TEXT.rodeWithMembers(1),
    );
    await userEvent.click(
      within(item).getByRole("button", { name: TEXT.answerTo(TEXT.accept, "Nuria") }),
    );
    expect((await within(requests).findByText(TEXT.requestsEmpty)).textContent).toBe(
      TEXT.requestsEmpty,
    );
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/groups/las-madrugadoras/requests/req-Nuria/accept",
        body: null,
      },
    ]);
    const members = within(screen.getByRole("region", { name: TEXT.membersTitle }));
    expect(members.getByText("Nuria").textContent).toBe("Nuria");
  });

  it("'Rechazar' asks first, then declines", async () => {
    const sent = renderGroup(leaderView({ requests: [groupRequest("Nuria")] }), () =>
      Response.json({ group: leaderView() }),
    );
    await userEvent.click(
      await screen.findByRole("button", { name: TEXT.answerTo(TEXT.decline, "Nuria") }),
    );
    const dialog = screen.getByRole("dialog", { name: TEXT.declineConfirmTitle("Nuria") });
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: TEXT.decline }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: "POST",
          path: "/api/groups/las-madrugadoras/requests/req-Nuria/decline",
          body: null,
        },
      ]),
    );
    expect((await toastShowing(TEXT.declined)).type).toBe("success");
  });
});

describe("the group's next rides", () => {
  it("lists them as ride cards naming the group", async () => {
    const group = { slug: "las-madrugadoras", name: "Las Madrugadoras", only: true };
    renderGroup(leaderView(), undefined, {
      rides: [rideSummary({ title: "Sábado al Pardo", group })],
    });
    const list = await screen.findByRole("region", { name: GROUP_RIDES_TEXT.title });
    const card = await within(list).findByRole("article", { name: "Sábado al Pardo" });
    expect(within(card).getByText(RIDE_GROUP_TEXT.onlyMembers).textContent).toBe(
      RIDE_GROUP_TEXT.onlyMembers,
    );
  });

  it("says when it has none", async () => {
    renderGroup(groupDetail());
    const list = await screen.findByRole("region", { name: GROUP_RIDES_TEXT.title });
    expect((await within(list).findByText(GROUP_RIDES_TEXT.empty)).textContent).toBe(
      GROUP_RIDES_TEXT.empty,
    );
  });
});
