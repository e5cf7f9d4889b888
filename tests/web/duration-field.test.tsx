// 'Duración estimada' on the ride form (docs/product.md#check-in-and-arrivals): prefilled from
// distance and level until she writes her own.
import { fireEvent, render, screen } from "@testing-library/react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { DurationField } from "../../web/ride-day/duration-field.tsx";

function Form({ estimatedMinutes = "" }: { estimatedMinutes?: string }) {
  const form = useForm({ defaultValues: { distanceKm: "40", level: "chill", estimatedMinutes } });
  return (
    <FormProvider {...form}>
      <input aria-label="Distancia" {...form.register("distanceKm")} />
      <select aria-label="Nivel" {...form.register("level")}>
        <option value="chill">chill</option>
        <option value="intermedio">intermedio</option>
      </select>
      <DurationField />
    </FormProvider>
  );
}

const field = () => screen.getByLabelText("Duración estimada (min)") as HTMLInputElement;

describe("DurationField", () => {
  it("follows distance and level (15 and 20 km/h) and says it in hours", async () => {
    render(<Form />);
    await screen.findByDisplayValue("160");
    // Said in hours in the field's description, which a screen reader reads with it.
    const hintId = field().getAttribute("aria-describedby")!.split(" ")[0]!;
    expect(document.getElementById(hintId)!.textContent).toMatch(/^2 h 40 min\. Calculada/);
    fireEvent.change(screen.getByLabelText("Nivel"), { target: { value: "intermedio" } });
    await screen.findByDisplayValue("120");
  });

  it("keeps hers once she writes one", async () => {
    render(<Form />);
    await screen.findByDisplayValue("160");
    fireEvent.change(field(), { target: { value: "200" } });
    fireEvent.change(screen.getByLabelText("Distancia"), { target: { value: "60" } });
    expect(field().value).toBe("200");
  });

  it("an edited ride keeps the one it was saved with", async () => {
    render(<Form estimatedMinutes="95" />);
    fireEvent.change(screen.getByLabelText("Distancia"), { target: { value: "60" } });
    expect(field().value).toBe("95");
  });
});
