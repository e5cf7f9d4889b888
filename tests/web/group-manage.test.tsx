// The leaders' management on the group's page (docs/product.md#grupos): 'Editar el grupo' with
// the create form's fields (what it does not show sent as it was), the members' publishing
// switch, removing a member (asked first), naming and removing co-leaders with the API's refusal
// shown, the invitation link (create, copy, revoke) and joining from it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  GROUP_CREATE_TEXT,
  GROUP_MSG,
  GROUP_MANAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { groupPageStub, refusal } from "./helpers/group-page.tsx";
import { groupDetail, groupMember, leaderView } from "./helpers/groups.ts";
import { toastShowing } from "./helpers/toasts.ts";

const renderGroup = groupPageStub();
const PATH = "/api/groups/las-madrugadoras";

async function management() {
  return screen.findByRole("region", { name: TEXT.title });
}

describe("the leaders' management", () => {
  it("is there for a leader only", async () => {
    renderGroup(groupDetail({ myRole: "member", members: [groupMember("Marta")] }));
    await screen.findByRole("heading", { level: 1, name: "Las Madrugadoras" });
    expect(screen.queryByRole("region", { name: TEXT.title })).toBeNull();
  });

  it("edits the group with the create form's fields, keeping what the form does not show", async () => {
    const user = userEvent.setup();
    const group = leaderView({ membersMayPublish: true, indexable: true });
    const sent = renderGroup(group, (call) =>
      Response.json({ group: { ...group, name: (call.body as { name: string }).name } }),
    );
    await user.click(within(await management()).getByRole("button", { name: TEXT.edit }));
    const name = screen.getByRole("textbox", { name: GROUP_CREATE_TEXT.name });
    expect((name as HTMLInputElement).value).toBe("Las Madrugadoras");
    await user.clear(name);
    await user.type(name, "Las Tempraneras");
    expect((name as HTMLInputElement).value).toBe("Las Tempraneras");
    await user.click(screen.getByRole("button", { name: TEXT.save }));
    expect((await toastShowing(TEXT.saved)).type).toBe("success");
    expect(sent).toEqual([
      {
        method: "PUT",
        path: PATH,
        body: {
          name: "Las Tempraneras",
          city: "Madrid",
          description: "Salimos los sábados a las 8",
          modalities: ["road"],
          levels: ["chill", "intermedio"],
          joinMode: "approval",
          verifiedOnly: false,
          avatarKey: "ava03",
          membersMayPublish: true,
          indexable: true,
        },
      },
    ]);
    expect(
      (await screen.findByRole("heading", { level: 1, name: "Las Tempraneras" })).textContent,
    ).toBe("Las Tempraneras");
    expect(screen.queryByRole("button", { name: TEXT.save })).toBeNull();
  });

  it("shows the API's refusal of a name on the name field", async () => {
    const user = userEvent.setup();
    renderGroup(leaderView(), () =>
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
    await user.click(within(await management()).getByRole("button", { name: TEXT.edit }));
    await user.click(screen.getByRole("button", { name: TEXT.save }));
    const name = screen.getByRole("textbox", { name: GROUP_CREATE_TEXT.name });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(GROUP_MSG.nameTaken).textContent).toBe(GROUP_MSG.nameTaken);
  });

  it("lets members publish with a switch", async () => {
    const user = userEvent.setup();
    const sent = renderGroup(leaderView(), () =>
      Response.json({ group: leaderView({ membersMayPublish: true }) }),
    );
    const toggle = within(await management()).getByRole("switch", {
      name: TEXT.membersMayPublish,
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(
      sent.map((s) => [s.method, (s.body as { membersMayPublish: boolean }).membersMayPublish]),
    ).toEqual([["PUT", true]]);
  });

  it("removes a member once asked, and she leaves the list", async () => {
    const user = userEvent.setup();
    const sent = renderGroup(leaderView(), () =>
      Response.json({ group: leaderView({ members: [groupMember("Lucía", "leader")] }) }),
    );
    await user.click(
      within(await management()).getByRole("button", { name: TEXT.forName(TEXT.remove, "Marta") }),
    );
    const dialog = screen.getByRole("dialog", { name: TEXT.removeConfirmTitle("Marta") });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: TEXT.remove }));
    expect((await toastShowing(TEXT.removed("Marta"))).type).toBe("success");
    expect(sent).toEqual([{ method: "DELETE", path: `${PATH}/members/u-Marta`, body: null }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: TEXT.title })).queryByText("Marta"),
      ).toBeNull(),
    );
  });

  it("names a co-leader and shows the API's refusal at the cap", async () => {
    const user = userEvent.setup();
    const sent = renderGroup(leaderView(), () => refusal(GROUP_MSG.leadersCap));
    await user.click(
      within(await management()).getByRole("button", {
        name: TEXT.forName(TEXT.makeLeader, "Marta"),
      }),
    );
    expect(await screen.findByText(GROUP_MSG.leadersCap)).toHaveProperty(
      "textContent",
      GROUP_MSG.leadersCap,
    );
    expect(sent).toEqual([{ method: "PUT", path: `${PATH}/leaders/u-Marta`, body: null }]);
    // A co-leader is removed as leader, not from the group.
    expect(
      screen.getByRole("button", { name: TEXT.forName(TEXT.removeLeader, "Lucía") }),
    ).toHaveProperty("disabled", false);
    expect(screen.queryByRole("button", { name: TEXT.forName(TEXT.remove, "Lucía") })).toBeNull();
  });

  it("creates, copies and revokes the invitation link", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const sent = renderGroup(leaderView(), (call) =>
      Response.json({
        group: leaderView({ inviteToken: call.method === "POST" ? "tok3n" : null }),
      }),
    );
    const region = await management();
    await user.click(within(region).getByRole("button", { name: TEXT.inviteCreate }));
    const link = await within(region).findByRole("textbox", { name: TEXT.invite });
    const url = `${window.location.origin}/app/grupo/las-madrugadoras?invitacion=tok3n`;
    expect((link as HTMLInputElement).value).toBe(url);
    await user.click(within(region).getByRole("button", { name: TEXT.inviteCopy }));
    expect(writeText).toHaveBeenCalledWith(url);
    await user.click(within(region).getByRole("button", { name: TEXT.inviteRevoke }));
    const dialog = screen.getByRole("dialog", { name: TEXT.inviteRevokeConfirmTitle });
    await user.click(within(dialog).getByRole("button", { name: TEXT.inviteRevoke }));
    expect(await within(region).findByRole("button", { name: TEXT.inviteCreate })).toHaveProperty(
      "disabled",
      false,
    );
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `POST ${PATH}/invite`,
      `DELETE ${PATH}/invite`,
    ]);
    Reflect.deleteProperty(navigator, "clipboard");
  });
});

describe("an invitation link", () => {
  it("lets her join a 'Con aprobación' group directly", async () => {
    const user = userEvent.setup();
    const sent = renderGroup(
      groupDetail(),
      () => Response.json({ group: groupDetail({ myRole: "member", members: [] }) }),
      { address: "/app/grupo/las-madrugadoras?invitacion=tok3n" },
    );
    await user.click(await screen.findByRole("button", { name: TEXT.inviteJoin }));
    expect(sent).toEqual([{ method: "POST", path: `${PATH}/join`, body: { invite: "tok3n" } }]);
    expect(await screen.findByRole("button", { name: GROUP_MSG.leave })).toHaveProperty(
      "disabled",
      false,
    );
  });
});
