import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const updateCheck = vi.hoisted(() => ({
  check: vi.fn(async () => "latest" as const),
  state: { checking: false, updateAvailable: false },
  options: [] as unknown[],
}));

vi.mock("../../web/pwa/use-update-check.ts", () => ({
  useUpdateCheck: (options: unknown) => {
    updateCheck.options.push(options);
    return { check: updateCheck.check, ...updateCheck.state };
  },
}));

const { default: Settings } = await import("../../web/settings/settings.tsx");

// The notifications and calendar sections ask the API; these tests are about the rest.
const fetchMock = stubFetchEachTest();
beforeEach(() => fetchMock.mockResolvedValue(new Response("{}", { status: 503 })));

function renderSettings(client = signedInClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Settings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("/app/settings", () => {
  beforeEach(() => {
    // 'Usuarias bloqueadas' asks for her blocks.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ blocked: [] })),
    );
    updateCheck.check.mockClear();
    updateCheck.options = [];
    updateCheck.state = { checking: false, updateAvailable: false };
  });
  afterEach(() => {
    document.head.querySelector('meta[name="rodamos-version"]')?.remove();
    vi.unstubAllGlobals();
  });

  it("lists 'Usuarias bloqueadas', and offers 'Moderación' to moderators only", async () => {
    renderSettings();
    await screen.findByText("No has bloqueado a nadie.");
    expect(screen.queryByRole("link", { name: "Abrir moderación" })).toBeNull();
    const moderator = signedInClient();
    moderator.setQueryData(ME_KEY, {
      user: { id: "m1", username: "Mod", profileComplete: true, isModerator: true },
      signupMode: "open",
      googleEnabled: false,
    });
    renderSettings(moderator);
    const link = await screen.findByRole("link", { name: "Abrir moderación" });
    expect(link.getAttribute("href")).toBe("/app/moderacion");
  });

  it("'Actualizar app' runs the update check with the settings' error message", () => {
    renderSettings();
    fireEvent.click(screen.getByRole("button", { name: "Actualizar app" }));
    expect(updateCheck.check).toHaveBeenCalledOnce();
    expect(updateCheck.options.at(-1)).toEqual({ errorMessage: MSG.updateSettingsError });
  });

  it("shows 'Buscando actualizaciones...' and disables the button while checking", () => {
    updateCheck.state = { checking: true, updateAvailable: false };
    renderSettings();
    const button = screen.getByRole("button", { name: MSG.updateChecking });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("says a new version was found when the automatic check found one", () => {
    updateCheck.state = { checking: false, updateAvailable: true };
    renderSettings();
    expect(screen.getByRole("status").textContent).toBe(MSG.updateFound);
  });

  it("shows the short FAQ as disclosures, a link to all questions and the e-mail contact", () => {
    renderSettings();
    const faq = screen.getByRole("region", { name: "Preguntas frecuentes" });
    expect(faq.querySelectorAll("details")).toHaveLength(4);
    // A disclosure: the question shows, its answer opens on a tap.
    expect(within(faq).getByText("¿Funciona sin conexión?").closest("details")?.open).toBe(false);
    expect(
      screen.getByRole("link", { name: "Ver todas las preguntas frecuentes" }).getAttribute("href"),
    ).toBe("/app/faqs");
    expect(screen.getByRole("link", { name: "Escríbenos un email" }).getAttribute("href")).toBe(
      "mailto:hola@rodamos.app",
    );
  });

  it("shows the build's version when the page carries it", () => {
    const meta = document.createElement("meta");
    meta.name = "rodamos-version";
    meta.content = "abc1234";
    document.head.append(meta);
    renderSettings();
    // Beside 'Actualizar app', where she checks for a new one.
    expect(screen.getByRole("region", { name: "Aplicación" }).textContent).toContain(
      "Versión abc1234",
    );
  });
});
