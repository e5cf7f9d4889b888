// A rider's public profile screen (/app/profile/:username) as the tests render it, with the API's
// answer for a rider with no rides or connections yet: hers, or another rider's.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { PublicProfileResponse } from "../../../domain/api/users.ts";
import PublicProfileScreen from "../../../web/profiles/public-profile.tsx";
import { signedInClient } from "./signed-in-client.ts";

/** Ana's own profile (`isOwner`), or Bea's as Ana sees it. */
export function profileAnswer(isOwner: boolean): PublicProfileResponse {
  return {
    profile: {
      userId: isOwner ? "u1" : "u2",
      username: isOwner ? "Ana" : "Bea",
      city: "Madrid",
      modalities: ["road"],
      avatarKey: "ava01",
      avatarUrl: null,
      memberSince: Date.UTC(2026, 0, 5),
      verified: false,
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

/** The profile screen at /app/profile/`username`; /app/settings names itself. */
export function renderProfile(username: string) {
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
