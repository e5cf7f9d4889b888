import { describe, expect, it } from "vitest";
import { backoffDelay } from "../../web/chat/socket.ts";
import { connectionsSummary } from "../../web/connections/connections-card.tsx";

describe("chat socket backoff", () => {
  it("doubles from the minimum up to the cap, with jitter between half and all of it", () => {
    expect(backoffDelay(0, 500, 15_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 15_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 500, 15_000, () => 1)).toBe(15_000);
    expect(backoffDelay(10, 500, 15_000, () => 0)).toBe(7500);
  });
});

describe("connections summary toast", () => {
  it("names new riders and repeat riders with their running count", () => {
    expect(
      connectionsSummary({
        newRiders: ["ana", "bea"],
        repeatRiders: [{ username: "cris", times: 3 }],
      }),
    ).toBe("Nuevas conexiones: ana, bea · Repetís: cris (3×)");
    expect(connectionsSummary({ newRiders: [], repeatRiders: [] })).toBe("");
  });
});
