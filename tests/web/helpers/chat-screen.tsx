// The chat screen under test: a participant's view of an upcoming ride's chat, and the screen
// rendered at its address.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { ChatInfoResponse } from "../../../domain/api/chat.ts";
import ChatScreen from "../../../web/chat/chat-screen.tsx";
import { signedInClient } from "./signed-in-client.ts";

/** GET /api/rides/:id/chat for a participant who can write, the ride an hour ahead. */
export function participantChatInfo(rideId: string, messageCount: number): ChatInfoResponse {
  return {
    ride: {
      id: rideId,
      title: "Vuelta al pantano",
      startTime: Date.now() + 3_600_000,
      status: "published",
      cancelledByOrganizer: false,
      organizerId: "u2",
    },
    messageCount,
    isParticipant: true,
    canWrite: true,
    canJoin: false,
  };
}

/** The chat screen at /app/chat/:id, on `client` (a signed-in one by default). */
export function renderChatScreen(rideId: string, client: QueryClient = signedInClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/app/chat/${rideId}`]}>
        <Routes>
          <Route path="/app/chat/:id" element={<ChatScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
