import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "../../web/components/avatar.tsx";

describe("Avatar", () => {
  it("shows the preset image, falling back to ava01 for an unknown key", () => {
    render(<Avatar avatarKey="ava99" alt="Ana" />);
    expect(screen.getByRole("img", { name: "Ana" }).getAttribute("src")).toBe("/avatars/ava01.svg");
  });

  it("shows initials when the image fails to load", () => {
    render(<Avatar avatarKey="ava07" alt="Marta" />);
    fireEvent.error(screen.getByRole("img", { name: "Marta" }));
    expect(screen.getByRole("img", { name: "Marta" }).textContent).toBe("A7");
  });
});
