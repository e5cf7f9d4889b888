// A rider's name on the group map stays inside the map (web/ride-day/label-placement.ts): a dot
// near the side showed only the end of her name ('_jhfb').
import { describe, expect, it } from "vitest";
import { LABEL_MARGIN, labelShift } from "../../web/ride-day/label-placement.ts";

const MAP = { width: 360, height: 600 };
/** An 80 × 18 name under an 18 px dot at (`x`, `y`). */
const nameAt = (x: number, y: number) => ({ x, y, width: 80, height: 18, below: 11 });
const shift = (x: number, y: number) => labelShift(nameAt(x, y), MAP.width, MAP.height);

describe("a name on the group map", () => {
  it("stays centred under its dot away from the edges", () => {
    expect(shift(180, 300)).toEqual({ dx: 0, dy: 0 });
  });

  it("slides right at the left edge, left at the right edge, to the margin", () => {
    // Centred on x = 5 it would start at -35.
    expect(shift(5, 300)).toEqual({ dx: 40 + LABEL_MARGIN - 5, dy: 0 });
    const { dx } = shift(350, 300);
    expect(350 + dx + 40).toBe(MAP.width - LABEL_MARGIN);
  });

  it("goes above the dot near the bottom edge", () => {
    // Under the dot it would end at 590 + 11 + 18 = 619, past 600.
    const { dy } = shift(180, 590);
    expect(590 + 11 + dy + 18).toBe(590 - 11);
  });

  it("a name wider than the map is centred on the map", () => {
    const wide = { x: 20, y: 300, width: 400, height: 18, below: 11 };
    expect(labelShift(wide, MAP.width, MAP.height).dx).toBe(MAP.width / 2 - 20);
  });
});
