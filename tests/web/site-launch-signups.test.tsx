// Launch sign-up step 1 (docs/product.md#launch-sign-ups): a required e-mail the browser checks.
// The landing variant keeps its own check and toast ('Error' / 'Por favor ingresa un email válido').
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  LandingLaunchSignup,
  SingleEmailLaunchSignup,
} from "../../web/site/launch-signup-forms.tsx";

describe("landing launch sign-up, step 1", () => {
  it("requires an e-mail, so the browser refuses an empty field", () => {
    render(<LandingLaunchSignup />);
    const email = screen.getByLabelText<HTMLInputElement>("Tu email");
    expect(email.type).toBe("email");
    expect(email.required).toBe(true);
    const form = email.form!;
    expect(form.noValidate).toBe(false);
    expect(form.checkValidity()).toBe(false);
    fireEvent.change(email, { target: { value: "ana@example.com" } });
    expect(form.checkValidity()).toBe(true);
  });
});

describe("landing variant form", () => {
  it("leaves the empty check to its own toast", () => {
    render(<SingleEmailLaunchSignup />);
    const email = screen.getByLabelText<HTMLInputElement>("Tu email");
    expect(email.form!.noValidate).toBe(true);
    expect(email.required).toBe(false);
  });
});
