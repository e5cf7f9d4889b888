// An organizer's public profile: how her rides felt to those who answered (honest levels).
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrganizerLevelsCard } from "../../web/profiles/organizer-levels.tsx";

describe("OrganizerLevelsCard", () => {
  it("shows nothing while the API holds both questions back (under 3 answers)", () => {
    const { container } = render(
      <OrganizerLevelsCard levels={{ pace: null, waitedForAll: null }} />,
    );
    expect(container.textContent).toBe("");
  });

  it("shows each answered question's shares, and only those", () => {
    render(
      <OrganizerLevelsCard
        levels={{
          pace: { answers: 3, counts: { softer: 0, as_announced: 2, harder: 1 } },
          waitedForAll: null,
        }}
      />,
    );
    // A region named by its heading, which says how its numbers move.
    expect(screen.getByRole("region", { name: "Cómo son sus salidas" }).textContent).toContain(
      "Se actualiza por tandas de varias salidas",
    );
    const pace = screen.getByRole("heading", { name: "¿El ritmo fue el anunciado?" });
    const rows = [...pace.parentElement!.querySelectorAll("li")].map((li) =>
      li.textContent?.replace(/\s/g, " "),
    );
    expect(rows).toEqual(["Más suave0 %", "Como se anunció67 %", "Más exigente33 %"]);
    expect(pace.parentElement!.textContent).toContain("3 respuestas");
    expect(screen.queryByText("¿Se esperó a todas?")).toBeNull();
  });

  it("shows the waiting question alone when only it reached 3 answers", () => {
    render(
      <OrganizerLevelsCard levels={{ pace: null, waitedForAll: { answers: 4, yes: 3, no: 1 } }} />,
    );
    const waited = screen.getByRole("heading", { name: "¿Se esperó a todas?" });
    const rows = [...waited.parentElement!.querySelectorAll("li")].map((li) =>
      li.textContent?.replace(/\s/g, " "),
    );
    expect(rows).toEqual(["Sí75 %", "No25 %"]);
    expect(waited.parentElement!.textContent).toContain("4 respuestas");
    expect(screen.queryByText("¿El ritmo fue el anunciado?")).toBeNull();
  });
});
