// /app/settings ('Actualizar app', and soon notifications and blocked users) is reached from her
// own profile; another rider's profile does not offer it.
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { profileAnswer, renderProfile } from "./helpers/profile.tsx";

const fetchMock = stubFetchEachTest();

describe("settings", () => {
  it("are a link on her own profile", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(true)));
    renderProfile("Ana");
    const link = await screen.findByRole("link", { name: "Ajustes" });
    expect(link.getAttribute("href")).toBe("/app/settings");
    fireEvent.click(link);
    await screen.findByRole("heading", { name: "Ajustes" });
  });

  it("are not offered on another rider's profile", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(false)));
    renderProfile("Bea");
    await screen.findByText("Así te ven en la grupeta");
    expect(screen.queryByRole("link", { name: "Ajustes" })).toBeNull();
  });
});
