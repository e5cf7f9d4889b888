// The chat's message box lifts the toasts above it while it is shown (web/lib/toasts-above.ts):
// a toast over 'Enviar' would take the tap meant for it.
import { render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOASTS_BOTTOM, useToastsAbove } from "../../web/lib/toasts-above.ts";

/** Where the box's top is on screen (happy-dom lays nothing out). */
let boxTop = 0;

function Box() {
  const ref = useRef<HTMLDivElement>(null);
  useToastsAbove(ref);
  return (
    <div
      ref={(element) => {
        ref.current = element;
        if (element) element.getBoundingClientRect = () => ({ top: boxTop }) as DOMRect;
      }}
    />
  );
}

const lift = () => document.documentElement.style.getPropertyValue(TOASTS_BOTTOM);

afterEach(() => vi.unstubAllGlobals());

describe("useToastsAbove", () => {
  it("puts the toasts' bottom just above the element, and back when it goes", () => {
    vi.stubGlobal("innerHeight", 844);
    boxTop = 700;
    const { unmount } = render(<Box />);
    // 844 − 700 = 144 px from the bottom to the box's top, plus 8 px of room.
    expect(lift()).toBe("152px");
    unmount();
    expect(lift()).toBe("");
  });

  it("follows the window when it changes size (the phone's keyboard opens)", () => {
    vi.stubGlobal("innerHeight", 844);
    boxTop = 700;
    render(<Box />);
    // The keyboard takes the lower 340 px: the window is shorter and the box moved up with it.
    vi.stubGlobal("innerHeight", 504);
    boxTop = 360;
    window.dispatchEvent(new Event("resize"));
    expect(lift()).toBe("152px");
    boxTop = 300;
    window.dispatchEvent(new Event("resize"));
    expect(lift()).toBe("212px");
  });
});
