import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import {
  fallbackUsername,
  normalizeUsernameKey,
  RESERVED_USERNAMES,
  sanitizeUsername,
  suggestUsername,
  USERNAME_HINT,
  usernameCandidates,
  usernameSkeleton,
  validateUsername,
} from "../../domain/username.ts";

const fails = (name: string | null | undefined, message: string) =>
  expect(validateUsername(name)).toEqual({ ok: false, message });

describe("validateUsername", () => {
  it("accepts letters with Spanish accents, digits and underscores", () => {
    for (const name of ["MaríaÑú_1", "ana", "Laura_BTT", "Núria", "Mercè_92", "pingüina", "abc"]) {
      expect(validateUsername(name), name).toEqual({ ok: true });
    }
    expect(validateUsername("a".repeat(20))).toEqual({ ok: true });
  });

  it("requires a name", () => {
    fails("", "El nombre de usuario es requerido");
    fails("   ", MSG.usernameRequired);
    fails(null, MSG.usernameRequired);
    fails(undefined, MSG.usernameRequired);
  });

  it("requires 3 to 20 characters", () => {
    fails("ab", "El nombre debe tener entre 3 y 20 caracteres");
    fails("a".repeat(21), MSG.usernameLength);
    // Accented letters count once even when typed decomposed.
    expect(validateUsername("Ma\u0301ria")).toEqual({ ok: true });
    expect(validateUsername(`${"ñ".repeat(20)}`)).toEqual({ ok: true });
  });

  it("allows only letters, digits and underscores", () => {
    for (const name of ["ana maria", "ana-maria", "ana.maria", "ana@bici", "ana😀bici", "аdmin"]) {
      fails(name, "Solo se permiten letras, números y guiones bajos");
    }
  });

  it("refuses underscores at the edges", () => {
    fails("_ana", "No puede empezar o terminar con guión bajo");
    fails("ana_", MSG.usernameEdgeUnderscore);
  });

  it("refuses consecutive underscores", () => {
    fails("ana__bici", "No se permiten guiones bajos consecutivos");
  });

  it("refuses every reserved name in any case", () => {
    for (const name of RESERVED_USERNAMES) {
      fails(name, "Este nombre está reservado");
      fails(name.toUpperCase(), MSG.usernameReserved);
    }
    fails("Rodamos", MSG.usernameReserved);
    fails("RODAMOS", MSG.usernameReserved);
    fails("rOdAmOs", MSG.usernameReserved);
    expect(RESERVED_USERNAMES).toHaveLength(15);
  });

  it("refuses banned words as substrings, ignoring case and accents", () => {
    for (const name of [
      "administradora",
      "Admin_Rodamos",
      "moderadora1",
      "staff_bici",
      "soporte_tecnico",
      "putabici",
      "hijo_puta",
      "MIERDA",
      "cabrón",
      "gilipollas",
      "fuckyou",
      "imbécil",
      "shithead",
    ]) {
      fails(name, "Elige otro nombre");
    }
  });

  it("does not refuse innocent names", () => {
    for (const name of ["Pollença", "icono", "pelicula", "ciclista_bcn", "Rodadora"]) {
      expect(validateUsername(name), name).toEqual({ ok: true });
    }
  });

  it("exposes the hint", () => {
    expect(USERNAME_HINT).toBe("3-20 caracteres. Solo letras, números y guiones bajos.");
  });
});

describe("normalizeUsernameKey", () => {
  it("lowercases for the case-insensitive index, accents included", () => {
    expect(normalizeUsernameKey("MaríaÑú_1")).toBe("maríañú_1");
    expect(normalizeUsernameKey("Mari\u0301a")).toBe(normalizeUsernameKey("MARÍA"));
  });
});

describe("suggested usernames", () => {
  it("sanitizes provider names keeping accents", () => {
    expect(sanitizeUsername("María José García")).toBe("María_José_García");
    expect(sanitizeUsername("ana.lopez+bici")).toBe("ana_lopez_bici");
    expect(sanitizeUsername("  --Laura--  ")).toBe("Laura");
    expect(sanitizeUsername("María José García López")).toBe("María_José_García_Ló");
    expect(sanitizeUsername("Bo")).toBe("Bo_bici");
    expect(sanitizeUsername("a b c d e f g h i j k l")).toBe("a_b_c_d_e_f_g_h_i_j");
    expect(sanitizeUsername("")).toBeNull();
    expect(sanitizeUsername("!!!")).toBeNull();
    expect(sanitizeUsername("admin")).toBeNull();
    expect(sanitizeUsername("Rodamos")).toBeNull();
  });

  it("falls back to user_ plus 8 characters of the id", () => {
    expect(fallbackUsername("3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b")).toBe("user_3f2a9c1e");
    expect(fallbackUsername("---")).toBeNull();
  });

  it("lists the name, numbered variants within 20 characters, then the fallback", () => {
    const id = "3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
    const candidates = usernameCandidates("Ana", id);
    expect(candidates.slice(0, 3)).toEqual(["Ana", "Ana_2", "Ana_3"]);
    expect(candidates).toContain("user_3f2a9c1e");
    expect(new Set(candidates).size).toBe(candidates.length);

    const long = usernameCandidates("abcdefghijklmnopqrst", id);
    expect(long[0]).toBe("abcdefghijklmnopqrst");
    expect(long[1]).toBe("abcdefghijklmnopqr_2");
    expect(long.find((c) => c.endsWith("_10"))).toBe("abcdefghijklmnopq_10");
    for (const c of [...candidates, ...long]) expect(validateUsername(c), c).toEqual({ ok: true });

    expect(usernameCandidates("admin", id)[0]).toBe("user_3f2a9c1e");
    expect(usernameCandidates(null, id)[0]).toBe("user_3f2a9c1e");
  });

  it("picks the first free candidate", () => {
    const id = "abcdef12-0000";
    expect(suggestUsername("Ana", id)).toBe("Ana");
    const taken = new Set(["ana", "ana_2"]);
    expect(suggestUsername("Ana", id, (c) => taken.has(c.toLowerCase()))).toBe("Ana_3");
    expect(suggestUsername("Ana", id, (c) => c.startsWith("Ana"))).toBe("user_abcdef12");
    expect(suggestUsername("Ana", id, () => true)).toBeNull();
  });
});

describe("usernameSkeleton (docs/product.md#look-alike-usernames)", () => {
  const same = (a: string, b: string) =>
    expect(usernameSkeleton(a), `${a} / ${b}`).toBe(usernameSkeleton(b));
  const differ = (a: string, b: string) =>
    expect(usernameSkeleton(a), `${a} / ${b}`).not.toBe(usernameSkeleton(b));

  it("matches the probe's look-alikes", () => {
    same("EIenaChill", "ElenaChill"); // capital i
    same("Lucia_BTT", "Lucía_BTT");
  });

  it("folds case, accents and compatibility forms", () => {
    same("ANA_rueda", "ana_RUEDA");
    same("MaríaÑú", "mariaNU");
    same("Mari\u0301a", "María");
    same("Ｅｌｅｎａ", "Elena"); // full-width (NFKC)
    same("Çelia", "celia");
  });

  it("maps TR39 confusables: Cyrillic and Greek letters, I / l / 1 / i, 0 / O, rn / m", () => {
    same("\u0430na", "ana"); // Cyrillic а
    same("\u0410NA", "ana"); // Cyrillic А
    same("\u0391na", "Ana"); // Greek Α
    same("Ele\u03BFna", "Eleona"); // Greek ο
    same("\u0455ara", "sara"); // Cyrillic ѕ
    same("Ana1", "Anal");
    same("AnaI", "Anal");
    same("Ivana", "lvana");
    same("Iván", "ivan");
    same("0scar", "Oscar");
    same("R0DAM0S", "rodamos");
    same("rnaria", "Maria");
  });

  it("keeps different names apart", () => {
    differ("ana", "ane");
    differ("lucia_btt", "luciabtt");
    differ("Elena", "Elena2");
    differ("vv", "w");
  });

  it("gives lowercase ASCII letters, digits and underscores for every character a username allows", () => {
    const allowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_ÁÉÍÓÚÜÑÀÈÌÒÙÏÇáéíóúüñàèìòùïç";
    for (const ch of allowed) expect(usernameSkeleton(ch), ch).toMatch(/^[a-z0-9_]+$/);
  });
});
