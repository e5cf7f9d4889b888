// 'Denunciar grupo' and a moderator's 'Suspender grupo' on the group's page
// (docs/product.md#grupos): the report carries the group and the reason; a suspension sends the
// audit's reason.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { MeResponse } from "../../domain/api-types.ts";
import { REPORT_REASON_LABELS } from "../../domain/safety.ts";
import { GROUP_SAFETY_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { REPORT_DIALOG_TEXT } from "../../domain/texts/safety.ts";
import { MODERATION_TEXT } from "../../domain/texts/safety-moderation.ts";
import { groupPageStub } from "./helpers/group-page.tsx";
import { groupDetail, leaderView } from "./helpers/groups.ts";
import { ANA_OF_MADRID } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

const renderGroup = groupPageStub();
const MODERATOR: MeResponse = {
  ...ANA_OF_MADRID,
  user: { ...ANA_OF_MADRID.user!, isModerator: true },
};

describe("'Denunciar grupo'", () => {
  it("reports the group with a reason", async () => {
    const user = userEvent.setup();
    const sent = renderGroup(groupDetail(), () =>
      Response.json({ message: "Gracias por avisarnos" }, { status: 201 }),
    );
    await user.click(await screen.findByRole("button", { name: TEXT.report }));
    const dialog = screen.getByRole("dialog", { name: TEXT.report });
    await user.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.spam }));
    await user.click(within(dialog).getByRole("button", { name: REPORT_DIALOG_TEXT.send }));
    expect((await toastShowing("Gracias por avisarnos")).type).toBe("success");
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/reports",
        body: { kind: "group", targetId: "g1", reason: "spam", details: null },
      },
    ]);
    expect(screen.queryByRole("button", { name: TEXT.suspend })).toBeNull();
  });

  it("is not offered to the group's own leaders", async () => {
    renderGroup(leaderView());
    await screen.findByRole("heading", { level: 1, name: "Las Madrugadoras" });
    expect(screen.queryByRole("button", { name: TEXT.report })).toBeNull();
  });
});

describe("'Suspender grupo'", () => {
  it("is offered to a moderator and sends the reason the audit keeps", async () => {
    const user = userEvent.setup();
    let suspended = false;
    const sent = renderGroup(
      groupDetail(),
      () => {
        suspended = true;
        return Response.json({ ok: true });
      },
      { me: MODERATOR },
    );
    await user.click(await screen.findByRole("button", { name: TEXT.suspend }));
    const dialog = screen.getByRole("dialog", { name: TEXT.suspendTitle("Las Madrugadoras") });
    await user.type(within(dialog).getByRole("textbox", { name: MODERATION_TEXT.reason }), "Spam");
    await user.click(within(dialog).getByRole("button", { name: TEXT.suspend }));
    expect((await toastShowing(TEXT.suspended)).type).toBe("success");
    expect(suspended).toBe(true);
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/moderation/groups/las-madrugadoras/suspend",
        body: { reason: "Spam" },
      },
    ]);
  });
});
