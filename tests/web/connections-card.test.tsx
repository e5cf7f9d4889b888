import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { ConnectionsCard } from "../../web/connections/connections-card.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("ConnectionsCard", () => {
  it("says the participants could not be loaded when its load fails (#connections), with a retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ error: { code: "internal", message: MSG.internal } }, { status: 500 }),
      ),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <ConnectionsCard rideId="r1" forced />
      </QueryClientProvider>,
    );
    await screen.findByText(MSG.participantsLoadFailed);
    expect(screen.queryByText(MSG.connectionsSaveFailed)).toBeNull();
    expect(screen.getByRole("button", { name: MSG.retry })).toBeTruthy();
  });
});
