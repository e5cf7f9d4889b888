// /app/settings ('Actualizar app', and soon notifications and blocked users) is reached from her
// own profile; another rider's profile does not offer it.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import PublicProfileScreen from "../../web/profiles/public-profile.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();

function profile(isOwner: boolean): PublicProfileResponse {
  return {
    profile: {
      userId: isOwner ? "u1" : "u2",
      username: isOwner ? "Ana" : "Bea",
      city: "Madrid",
      modalities: ["road"],
      avatarKey: "ava01",
      avatarUrl: null,
      memberSince: Date.UTC(2026, 0, 5),
    },
    stats: {
      completedRides: 0,
      connections: 0,
      history: [],
      levels: { pace: null, waitedForAll: null },
    },
    isOwner,
  };
}

function renderProfile(username: string) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[`/app/profile/${username}`]}>
        <Routes>
          <Route path="/app/profile/:username" element={<PublicProfileScreen />} />
          <Route path="/app/settings" element={<h1>Ajustes</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("settings", () => {
  it("are a link on her own profile", async () => {
    fetchMock.mockResolvedValue(Response.json(profile(true)));
    renderProfile("Ana");
    const link = await screen.findByRole("link", { name: "Ajustes" });
    expect(link.getAttribute("href")).toBe("/app/settings");
    fireEvent.click(link);
    await screen.findByRole("heading", { name: "Ajustes" });
  });

  it("are not offered on another rider's profile", async () => {
    fetchMock.mockResolvedValue(Response.json(profile(false)));
    renderProfile("Bea");
    await screen.findByText("Así te ven en la grupeta");
    expect(screen.queryByRole("link", { name: "Ajustes" })).toBeNull();
  });
});
