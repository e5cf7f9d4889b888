import { describe, expect, it } from "vitest";
import { connectionsSummary } from "../../web/connections/connections-card.tsx";

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
