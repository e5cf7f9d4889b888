// Escape closes a dialog and puts her back where she was: on the button that opened it, or, when a
// dialog opened from another one (a menu) or its button is gone (UNIRME once she joined), on what
// stands for it. Radix does this only for a Dialog.Trigger, which our state-driven dialogs lack.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideSummary } from "../../domain/api/rides.ts";
import type { QueuedReport } from "../../domain/api/safety.ts";
import { CalendarSettings } from "../../web/calendar/calendar-settings.tsx";
import { ConfirmDialog } from "../../web/components/dialog.tsx";
import { RideCard } from "../../web/rides/ride-card.tsx";
import { MessageMenu } from "../../web/safety/message-menu.tsx";
import ModerationScreen from "../../web/safety/moderation.tsx";
import { ProfileSafetyActions } from "../../web/safety/profile-actions.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

function renderWithClient(ui: React.ReactNode, client: QueryClient = signedInClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerender: (next: React.ReactNode) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <MemoryRouter>{next}</MemoryRouter>
        </QueryClientProvider>,
      ),
  };
}

/** Opens a dialog from `button` as a keyboard user would: focus on it, then activate it. */
async function openFrom(button: HTMLElement, dialogName: string) {
  button.focus();
  await userEvent.click(button);
  return screen.findByRole("dialog", { name: dialogName });
}

/** Escape, then wait for the dialog to go and focus to land (Radix moves it in a later task). */
async function escapeTo(expected: () => HTMLElement) {
  // user-event's direct API keeps the document it saw when it loaded; web test files share
  // loaded libraries but each has its own window (tests/setup/web.ts), so name this one.
  await userEvent.keyboard("{Escape}", { document });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(expected()));
}

/** A button and the confirmation it opens, as the ride page's 'Eliminar salida'. */
function DeleteButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar salida
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Eliminar la salida?"
        description="No se puede deshacer."
        confirmLabel="Eliminar"
        busy={false}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe("Escape returns focus", () => {
  it("to the button that opened a confirmation", async () => {
    render(<DeleteButton />);
    const trigger = screen.getByRole("button", { name: "Eliminar salida" });
    await openFrom(trigger, "¿Eliminar la salida?");
    await escapeTo(() => trigger);
  });

  it("to a chat message's menu button, from the menu and from 'Denunciar' and 'Bloquear' in it", async () => {
    renderWithClient(
      <MessageMenu messageId="m1" author={{ id: "u2", username: "Bea" }} onBlocked={() => {}} />,
    );
    const menu = () => screen.getByRole("button", { name: "Opciones del mensaje de Bea" });
    await openFrom(menu(), "Mensaje de Bea");
    await escapeTo(menu);

    const fromMenu = await openFrom(menu(), "Mensaje de Bea");
    await userEvent.click(
      Array.from(fromMenu.querySelectorAll("button")).find((b) => b.textContent === "Denunciar")!,
    );
    await screen.findByRole("dialog", { name: "Denunciar este mensaje" });
    await escapeTo(menu);

    const again = await openFrom(menu(), "Mensaje de Bea");
    await userEvent.click(
      Array.from(again.querySelectorAll("button")).find((b) => b.textContent === "Bloquear")!,
    );
    await screen.findByRole("dialog", { name: "¿Bloquear a Bea?" });
    await escapeTo(menu);
  });

  it("to 'Denunciar' and 'Bloquear' on a profile", async () => {
    renderWithClient(<ProfileSafetyActions user={{ id: "u2", username: "Bea" }} />);
    const report = screen.getByRole("button", { name: "Denunciar" });
    await openFrom(report, "Denunciar a Bea");
    await escapeTo(() => report);
    const block = screen.getByRole("button", { name: "Bloquear" });
    await openFrom(block, "¿Bloquear a Bea?");
    await escapeTo(() => block);
  });

  it("to 'Revocar enlace' in settings", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ status: "active", createdAt: Date.now() })),
    );
    renderWithClient(<CalendarSettings />);
    const revoke = await screen.findByRole("button", { name: "Revocar enlace" });
    await openFrom(revoke, "¿Revocar el enlace?");
    await escapeTo(() => revoke);
  });

  it("to a moderation action's button", async () => {
    const report: QueuedReport = {
      id: "rep1",
      kind: "user",
      targetId: "u3",
      reason: "spam",
      details: null,
      snapshot: { kind: "user", username: "Cris", city: null, avatarKey: "ava01", modalities: [] },
      status: "open",
      createdAt: 0,
      reporter: { id: "u1", username: "Ana", earlierReports: 0 },
      reported: {
        id: "u3",
        username: "Cris",
        email: "cris@example.com",
        suspended: false,
        openReports: 1,
      },
      ride: null,
      messageHidden: null,
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        Response.json(
          url.endsWith("/moderation/reports")
            ? { reports: [report] }
            : url.endsWith("/suspended")
              ? { accounts: [] }
              : { actions: [] },
        ),
      ),
    );
    renderWithClient(<ModerationScreen />);
    const dismiss = await screen.findByRole("button", { name: "Descartar" });
    await openFrom(dismiss, "¿Descartar la denuncia?");
    await escapeTo(() => dismiss);
  });

  it("to the card's 'Cancelar salida'", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(ME_KEY, { user: { id: "org" }, signupMode: "open", googleEnabled: false });
    renderWithClient(
      <RideCard
        ride={rideSummary({ viewer: { ...rideSummary().viewer, joined: true, isOrganizer: true } })}
      />,
      client,
    );
    const cancel = screen.getByRole("button", { name: "Cancelar salida" });
    await openFrom(cancel, "¿Cancelar la salida?");
    await escapeTo(() => cancel);
  });

  it("to the ride's card once 'UNIRME' is gone (she joined)", async () => {
    const ride = rideSummary();
    const joined: RideSummary = {
      ...ride,
      participantIds: ["org", "me"],
      participantCount: 2,
      viewer: { ...ride.viewer, joined: true },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ ride: { ...joined, participants: [], waitingList: null } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(ME_KEY, { user: { id: "me" }, signupMode: "open", googleEnabled: false });
    const view = renderWithClient(<RideCard ride={ride} />, client);
    await openFrom(screen.getByRole("button", { name: "UNIRME" }), "¡Apuntada!");
    // The lists refetch: her card now offers 'Desapuntarme' instead.
    act(() => view.rerender(<RideCard ride={joined} />));
    expect(screen.queryByRole("button", { name: "UNIRME" })).toBeNull();
    await escapeTo(() => screen.getByRole("article", { name: ride.title }));
  });
});
