import { describe, expect, test } from "vitest";
import { plural, pluralForm } from "../../domain/plural.ts";

describe("plural", () => {
  test("the singular for exactly one, the plural for zero and for more", () => {
    expect(plural(1, "plaza", "plazas")).toBe("1 plaza");
    expect(plural(0, "plaza", "plazas")).toBe("0 plazas");
    expect(plural(2, "denuncia abierta", "denuncias abiertas")).toBe("2 denuncias abiertas");
    expect(plural(21, "participante", "participantes")).toBe("21 participantes");
    expect(pluralForm(1, "Queda", "Quedan")).toBe("Queda");
    expect(pluralForm(3, "Queda", "Quedan")).toBe("Quedan");
  });

  test("agrees with Spanish's own plural rules for every count the app shows", () => {
    const rules = new Intl.PluralRules("es");
    for (let n = 0; n <= 1000; n++) {
      expect(pluralForm(n, "one", "other")).toBe(rules.select(n) === "one" ? "one" : "other");
    }
  });
});
