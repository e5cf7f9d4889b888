import { describe, expect, it } from "vitest";
import { chatTextSchema } from "../../domain/chat-protocol.ts";
import { MAX_DISTANCE_KM, MAX_ELEVATION_M } from "../../domain/constants.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  cancelRideSchema,
  changePasswordSchema,
  connectionsSaveSchema,
  emailSchema,
  isTenthMultiple,
  latestRideStart,
  launchSignupStep1Schema,
  launchSignupStep2Schema,
  loginSchema,
  parseInput,
  passwordSchema,
  profileSchema,
  resetConfirmSchema,
  resetPasswordFormSchema,
  resetRequestSchema,
  rideCreateSchema,
  rideEditSchema,
  rideInputSchema,
  rideListQuerySchema,
  signupSchema,
  usernameSchema,
  validateRideStart,
} from "../../domain/schemas.ts";

/** Messages of a failed parse (fails the test when parsing succeeds). */
function messages(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(false);
  return (result.error as { issues: { message: string }[] }).issues.map((i) => i.message);
}

describe("accounts", () => {
  it("normalises emails", () => {
    expect(emailSchema.parse("  Ana.Lopez@Example.COM ")).toBe("ana.lopez@example.com");
    expect(messages(emailSchema, "ana@")).toEqual(["Por favor ingresa un email válido"]);
    expect(messages(emailSchema, "")).toEqual([MSG.emailInvalid]);
    expect(messages(emailSchema, `${"a".repeat(250)}@x.es`)).toContain(MSG.emailTooLong);
  });

  it("checks password length", () => {
    expect(passwordSchema.parse("123456")).toBe("123456");
    expect(passwordSchema.parse(" 12345 ")).toBe(" 12345 ");
    expect(messages(passwordSchema, "12345")).toEqual([
      "La contraseña debe tener al menos 6 caracteres",
    ]);
    expect(messages(passwordSchema, "x".repeat(201))).toEqual([MSG.passwordTooLong]);
  });

  it("validates sign-up with the spec messages", () => {
    const ref = "3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
    expect(signupSchema.parse({ email: "A@B.es", password: "secreto", ref })).toEqual({
      email: "a@b.es",
      password: "secreto",
      ref,
    });
    expect(messages(signupSchema, { email: "", password: "" })).toEqual([
      "Por favor completa todos los campos",
      "Por favor completa todos los campos",
    ]);
    expect(messages(signupSchema, {})).toEqual([MSG.signupMissingFields, MSG.signupMissingFields]);
    expect(messages(signupSchema, { email: "a@b.es", password: "123" })).toEqual([
      MSG.passwordTooShort,
    ]);
    // A malformed referral token is dropped, not an error.
    expect(signupSchema.parse({ email: "a@b.es", password: "secreto", ref: "nope" }).ref).toBe(
      undefined,
    );
  });

  it("validates login, reset and password change", () => {
    expect(loginSchema.parse({ email: "a@b.es", password: "1" })).toEqual({
      email: "a@b.es",
      password: "1",
    });
    expect(messages(loginSchema, { email: "a@b.es", password: "" })).toEqual([
      MSG.signupMissingFields,
    ]);
    expect(messages(resetRequestSchema, { email: " " })).toEqual([
      "Por favor ingresa tu correo electrónico primero",
    ]);
    expect(messages(resetConfirmSchema, { token: "", password: "123456" })).toEqual([
      MSG.resetTokenInvalid,
    ]);
    expect(resetConfirmSchema.parse({ token: "t", password: "123456" }).token).toBe("t");
    expect(
      messages(resetPasswordFormSchema, { password: "123456", confirmPassword: "1234567" }),
    ).toEqual(["Las contraseñas no coinciden"]);
    expect(
      resetPasswordFormSchema.safeParse({ password: "123456", confirmPassword: "123456" }).success,
    ).toBe(true);
    expect(changePasswordSchema.parse({ newPassword: "nuevaclave" })).toEqual({
      newPassword: "nuevaclave",
    });
    expect(messages(changePasswordSchema, { currentPassword: "x", newPassword: "abc" })).toEqual([
      MSG.passwordTooShort,
    ]);
  });
});

describe("profiles", () => {
  it("uses the username rules", () => {
    expect(usernameSchema.parse("  MaríaÑú_1 ")).toBe("MaríaÑú_1");
    expect(messages(usernameSchema, "")).toEqual([MSG.usernameRequired]);
    expect(messages(usernameSchema, "rodamos")).toEqual([MSG.usernameReserved]);
    expect(messages(usernameSchema, "a__b")).toEqual([MSG.usernameConsecutiveUnderscores]);
    expect(messages(usernameSchema, undefined)).toEqual([MSG.usernameRequired]);
  });

  it("accepts a full profile, deduping modalities and defaulting the avatar", () => {
    expect(
      profileSchema.parse({ username: "Ana", city: " Girona ", modalities: ["gravel", "gravel"] }),
    ).toEqual({ username: "Ana", city: "Girona", modalities: ["gravel"], avatarKey: "ava01" });
  });

  it("requires city and modalities with the spec messages", () => {
    expect(messages(profileSchema, { username: "Ana", city: " ", modalities: [] })).toEqual([
      "La ciudad es obligatoria",
      "Selecciona al menos una modalidad",
    ]);
    expect(
      messages(profileSchema, { username: "Ana", city: "x".repeat(81), modalities: ["road"] }),
    ).toEqual([MSG.cityTooLong]);
    expect(
      messages(profileSchema, {
        username: "Ana",
        city: "Lugo",
        modalities: ["road", "mtb"],
        avatarKey: "ava99",
      }),
    ).toEqual([MSG.invalidInput, MSG.invalidInput]);
  });
});

describe("launch sign-ups", () => {
  it("defaults the source of step 1", () => {
    expect(launchSignupStep1Schema.parse({ email: "A@b.es" })).toEqual({
      email: "a@b.es",
      source: "landing",
    });
    expect(messages(launchSignupStep1Schema, { email: "" })).toEqual([MSG.emailInvalid]);
  });

  it("requires city and a modality in step 2", () => {
    const parsed = launchSignupStep2Schema.parse({
      email: "a@b.es",
      city: " Bilbao ",
      modalities: ["road", "btt"],
      ua: "x".repeat(500),
    });
    expect(parsed).toMatchObject({ city: "Bilbao", modalities: ["road", "btt"], source: "step2" });
    expect(parsed.ua).toHaveLength(400);
    expect(
      messages(launchSignupStep2Schema, { email: "a@b.es", city: "", modalities: [] }),
    ).toEqual([
      "Añade tu ciudad y al menos una modalidad.",
      "Añade tu ciudad y al menos una modalidad.",
    ]);
  });
});

describe("rideInputSchema", () => {
  const good = {
    title: "  Vuelta al pantano ",
    city: "Madrid",
    startTime: "2026-06-07T08:30:00+02:00",
    level: "chill",
    modalities: ["road", "road", "gravel"],
    meetingPoint: "Puerta del Sol",
    distanceKm: 42.5,
    elevationM: 600,
    maxParticipants: 8,
    socialTags: ["coffee", "early"],
    description: " Paradita en el café ",
  };

  it("refuses a title or meeting point of invisible characters only", () => {
    for (const field of ["title", "meetingPoint"]) {
      const result = rideInputSchema.safeParse({ ...good, [field]: "\u200B\u200C " });
      expect(result.success, field).toBe(false);
    }
    expect(rideInputSchema.safeParse({ ...good, title: "Vuelta\u200B al pantano" }).success).toBe(
      true,
    );
  });

  it("accepts and normalises a good ride", () => {
    expect(rideInputSchema.parse(good)).toEqual({
      title: "Vuelta al pantano",
      city: "Madrid",
      startTime: "2026-06-07T06:30:00.000Z",
      level: "chill",
      modalities: ["road", "gravel"],
      meetingPoint: "Puerta del Sol",
      distanceKm: 42.5,
      elevationM: 600,
      maxParticipants: 8,
      socialTags: ["coffee", "early"],
      description: "Paradita en el café",
    });
  });

  it("defaults optional fields", () => {
    const { maxParticipants, socialTags, description, ...required } = good;
    expect(rideInputSchema.parse(required)).toMatchObject({
      maxParticipants: null,
      socialTags: [],
      description: null,
    });
    expect(
      rideInputSchema.parse({ ...good, maxParticipants: null, description: "" }),
    ).toMatchObject({ maxParticipants: null, description: null });
  });

  it("accepts numeric strings from form inputs", () => {
    expect(
      rideInputSchema.parse({
        ...good,
        distanceKm: "12,3",
        elevationM: "150",
        maxParticipants: "",
      }),
    ).toMatchObject({ distanceKm: 12.3, elevationM: 150, maxParticipants: null });
  });

  it("refuses missing required fields with one message", () => {
    for (const field of ["title", "city", "startTime", "level", "meetingPoint"] as const) {
      expect(messages(rideInputSchema, { ...good, [field]: "" }), field).toEqual([
        "Por favor completa todos los campos obligatorios",
      ]);
      const { [field]: _omit, ...rest } = good;
      expect(messages(rideInputSchema, rest), field).toEqual([MSG.rideRequiredFields]);
    }
    expect(messages(rideInputSchema, { ...good, modalities: [] })).toEqual([
      MSG.rideRequiredFields,
    ]);
  });

  it("requires distance and elevation", () => {
    for (const patch of [{ distanceKm: undefined }, { elevationM: "" }, { distanceKm: null }]) {
      expect(messages(rideInputSchema, { ...good, ...patch })).toEqual([
        "Debes especificar distancia y desnivel aproximados",
      ]);
    }
  });

  it("checks distance, elevation and participant limits", () => {
    expect(messages(rideInputSchema, { ...good, distanceKm: 0.9 })).toEqual([MSG.distanceMin]);
    expect(messages(rideInputSchema, { ...good, distanceKm: 10.25 })).toEqual([MSG.distanceStep]);
    expect(rideInputSchema.parse({ ...good, distanceKm: 1 }).distanceKm).toBe(1);
    expect(rideInputSchema.parse({ ...good, distanceKm: 0.1 + 0.2 + 1 }).distanceKm).toBe(1.3);
    expect(messages(rideInputSchema, { ...good, elevationM: -1 })).toEqual([MSG.elevationInvalid]);
    expect(messages(rideInputSchema, { ...good, elevationM: 10.5 })).toEqual([
      MSG.elevationInvalid,
    ]);
    expect(rideInputSchema.parse({ ...good, elevationM: 0 }).elevationM).toBe(0);
    // What a day's ride can be (domain/constants.ts).
    expect(MAX_DISTANCE_KM).toBe(400);
    expect(MAX_ELEVATION_M).toBe(10_000);
    expect(rideInputSchema.parse({ ...good, distanceKm: 400 }).distanceKm).toBe(400);
    expect(messages(rideInputSchema, { ...good, distanceKm: 400.1 })).toEqual([
      "La distancia máxima es de 400 km",
    ]);
    expect(rideInputSchema.parse({ ...good, elevationM: 10_000 }).elevationM).toBe(10_000);
    for (const elevationM of [10_001, 1e12]) {
      expect(messages(rideInputSchema, { ...good, elevationM })).toEqual([
        "El desnivel máximo es de 10.000 m",
      ]);
    }
    for (const max of [1, 21, 5.5]) {
      expect(messages(rideInputSchema, { ...good, maxParticipants: max })).toEqual([
        MSG.maxParticipantsRange,
      ]);
    }
    expect(rideInputSchema.parse({ ...good, maxParticipants: 2 }).maxParticipants).toBe(2);
    expect(rideInputSchema.parse({ ...good, maxParticipants: 20 }).maxParticipants).toBe(20);
  });

  it("limits social tags to two offered ones", () => {
    expect(
      messages(rideInputSchema, { ...good, socialTags: ["coffee", "sweet", "early"] }),
    ).toEqual([MSG.socialTagsMax]);
    expect(messages(rideInputSchema, { ...good, socialTags: ["golden"] })).toEqual([
      MSG.invalidInput,
    ]);
    expect(rideInputSchema.parse({ ...good, socialTags: ["sweet", "sweet"] }).socialTags).toEqual([
      "sweet",
    ]);
  });

  it("refuses bad start times and over-long texts", () => {
    expect(messages(rideInputSchema, { ...good, startTime: "mañana" })).toEqual([
      MSG.rideStartInvalid,
    ]);
    expect(messages(rideInputSchema, { ...good, startTime: "2026-06-07T08:30:00" })).toEqual([
      MSG.rideStartInvalid,
    ]);
    expect(messages(rideInputSchema, { ...good, title: "x".repeat(81) })).toEqual([
      MSG.titleTooLong,
    ]);
    expect(messages(rideInputSchema, { ...good, meetingPoint: "x".repeat(201) })).toEqual([
      MSG.meetingPointTooLong,
    ]);
    expect(messages(rideInputSchema, { ...good, description: "x".repeat(1001) })).toEqual([
      MSG.descriptionTooLong,
    ]);
  });

  it("checks the start is in the future against a given clock", () => {
    const now = Date.parse("2026-06-01T10:00:00Z");
    expect(validateRideStart(now + 60_000, now)).toBeNull();
    expect(validateRideStart(now, now)).toBe(
      "No puedes crear una salida para una fecha y hora pasadas",
    );
    expect(validateRideStart(now - 1, now)).toBe(MSG.ridePastStart);
    expect(validateRideStart(Number.NaN, now)).toBe(MSG.rideStartInvalid);
  });

  it("checks the start is within the next 12 months", () => {
    const now = Date.parse("2026-06-01T10:00:00Z");
    const tooFar = "No puedes crear una salida con más de 12 meses de antelación";
    expect(validateRideStart(Date.parse("2027-06-01T10:00:00Z"), now)).toBeNull();
    expect(validateRideStart(Date.parse("2027-06-01T10:00:00.001Z"), now)).toBe(tooFar);
    expect(validateRideStart(Date.parse("9999-12-31T23:59:00Z"), now)).toBe(tooFar);
    expect(latestRideStart(now)).toBe(Date.parse("2027-06-01T10:00:00Z"));
    // 29 February: a year later is the first of March.
    expect(latestRideStart(Date.parse("2028-02-29T12:00:00Z"))).toBe(
      Date.parse("2029-03-01T12:00:00Z"),
    );
  });

  it("recognises tenths despite float noise", () => {
    expect(isTenthMultiple(12.299999999999999)).toBe(true);
    expect(isTenthMultiple(0.1 * 3)).toBe(true);
    expect(isTenthMultiple(12.25)).toBe(false);
  });

  it("takes a create key on create only: a UUID, or none from older clients", () => {
    const createKey = "0b7d3f52-6c1e-4a8f-9d2b-5e4f3a2c1b0d";
    expect(rideCreateSchema.parse({ ...good, createKey }).createKey).toBe(createKey);
    expect(rideCreateSchema.parse(good).createKey).toBeUndefined();
    for (const bad of ["mi-salida", "", 42, null, `${createKey}x`]) {
      expect(messages(rideCreateSchema, { ...good, createKey: bad }), String(bad)).toEqual([
        MSG.invalidInput,
      ]);
    }
    expect(rideInputSchema.parse({ ...good, createKey })).not.toHaveProperty("createKey");
  });
});

describe("cancelRideSchema", () => {
  it("turns an empty reason into null", () => {
    expect(cancelRideSchema.parse({})).toEqual({ reason: null });
    expect(cancelRideSchema.parse({ reason: "  " })).toEqual({ reason: null });
    expect(cancelRideSchema.parse({ reason: null })).toEqual({ reason: null });
    expect(cancelRideSchema.parse({ reason: " Lluvia " })).toEqual({ reason: "Lluvia" });
    expect(messages(cancelRideSchema, { reason: "x".repeat(301) })).toEqual([
      MSG.cancelReasonTooLong,
    ]);
  });
});

describe("rideListQuerySchema", () => {
  it("parses query strings", () => {
    expect(
      rideListQuerySchema.parse({
        q: " costa ",
        city: "Valencia",
        m: "road,gravel,road",
        level: "cañero",
        from: "2026-06-03T22:00:00.000Z",
        to: "2026-06-07",
        page: "2",
      }),
    ).toEqual({
      q: "costa",
      city: "Valencia",
      modalities: ["road", "gravel"],
      levels: ["cañero"],
      fromMs: Date.parse("2026-06-03T22:00:00.000Z"),
      toMs: Date.parse("2026-06-08T00:00:00.000Z") - 1,
      page: 2,
    });
  });

  it("gives defaults for an empty query", () => {
    expect(rideListQuerySchema.parse({})).toEqual({
      q: undefined,
      city: undefined,
      modalities: [],
      levels: [],
      fromMs: undefined,
      toMs: undefined,
      page: 0,
    });
    expect(rideListQuerySchema.parse({ cursor: "3" }).page).toBe(3);
    expect(rideListQuerySchema.parse({ q: "  " }).q).toBeUndefined();
  });

  it("rejects bad values", () => {
    expect(rideListQuerySchema.safeParse({ m: "mtb" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ level: "pro" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ from: "yesterday" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ page: "-1" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ page: "1.5" }).success).toBe(false);
    expect(rideListQuerySchema.safeParse({ q: "x".repeat(101) }).success).toBe(false);
  });
});

describe("connectionsSaveSchema", () => {
  it("needs 1 to 19 distinct ids", () => {
    expect(connectionsSaveSchema.parse({ otherUserIds: ["a", "b"] })).toEqual({
      otherUserIds: ["a", "b"],
    });
    expect(messages(connectionsSaveSchema, { otherUserIds: [] })).toEqual([
      MSG.connectionsNoneSelected,
    ]);
    expect(messages(connectionsSaveSchema, { otherUserIds: ["a", "a"] })).toEqual([
      MSG.connectionsDuplicate,
    ]);
    const twenty = Array.from({ length: 20 }, (_, i) => `u${i}`);
    expect(connectionsSaveSchema.safeParse({ otherUserIds: twenty }).success).toBe(false);
    expect(connectionsSaveSchema.safeParse({ otherUserIds: twenty.slice(1) }).success).toBe(true);
  });
});

describe("parseInput", () => {
  it("returns data on success", () => {
    expect(parseInput(cancelRideSchema, { reason: "x" })).toEqual({
      ok: true,
      data: { reason: "x" },
    });
  });

  it("returns a validation DomainError with field messages", () => {
    const result = parseInput(profileSchema, { username: "ab", city: "", modalities: ["road"] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(DomainError);
    expect(result.error.code).toBe("validation_error");
    expect(result.error.status).toBe(400);
    expect(result.error.message).toBe(MSG.usernameLength);
    expect(result.error.fields).toEqual({
      username: MSG.usernameLength,
      city: MSG.cityRequired,
    });
  });

  it("never leaks zod's English messages", () => {
    const result = parseInput(rideListQuerySchema, "not an object");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(MSG.invalidInput);
  });
});

describe("control characters in text inputs", () => {
  const ride = {
    title: "Ruta",
    city: "Madrid",
    startTime: "2030-05-01T08:00:00Z",
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Sol",
    distanceKm: 40,
    elevationM: 300,
    maxParticipants: null,
  };

  it("are removed from every stored text; tabs and line breaks stay, CR LF becomes LF", () => {
    const parsed = rideInputSchema.parse({
      ...ride,
      city: "Ma\u0085drid",
      meetingPoint: "\u001B[31mSol",
      description: "Línea 1\r\nLínea 2\rLínea 3\tfin\u0000",
    });
    expect(parsed).toMatchObject({
      city: "Madrid",
      meetingPoint: "[31mSol",
      description: "Línea 1\nLínea 2\nLínea 3\tfin",
    });
    expect(cancelRideSchema.parse({ reason: "Lluvia\u0000" }).reason).toBe("Lluvia");
    expect(
      profileSchema.parse({ username: "Ana_BTT", city: "Bil\u0000bao", modalities: ["btt"] }).city,
    ).toBe("Bilbao");
    expect(launchSignupStep1Schema.parse({ email: "a@b.es", source: "landing\u0000" }).source).toBe(
      "landing",
    );
    expect(
      launchSignupStep2Schema.parse({
        email: "a@b.es",
        city: "Madrid",
        modalities: ["road"],
        ua: "Mozilla\u0000/5.0",
      }).ua,
    ).toBe("Mozilla/5.0");
    expect(chatTextSchema.parse("hola\u0000\u0008 grupeta")).toBe("hola grupeta");
  });

  it("a text of control characters only is blank", () => {
    expect(messages(rideInputSchema, { ...ride, meetingPoint: "\u0000\u0001\u0002" })).toContain(
      MSG.rideRequiredFields,
    );
    expect(messages(chatTextSchema, "\u0000\u001F")).toEqual([MSG.messageEmpty]);
  });

  it("are refused in a ride's title, which is one line: line breaks, tabs, NUL, NEL", () => {
    for (const title of [
      "Ruta\nEND:VEVENT\nBEGIN:VEVENT",
      "Ruta\r\nal pantano",
      "Ruta\ral pantano",
      "Ruta\tal pantano",
      "Ruta\u0000 al pantano",
      "Ruta\u0085al pantano",
      "Ruta al pantano\u007F",
      "\n",
    ]) {
      expect(messages(rideInputSchema, { ...ride, title }), JSON.stringify(title)).toEqual([
        MSG.titleOneLine,
      ]);
      expect(messages(rideEditSchema, { ...ride, title }), JSON.stringify(title)).toEqual([
        MSG.titleOneLine,
      ]);
    }
    expect(MSG.titleOneLine).toBe(
      "El título debe ir en una sola línea, sin saltos de línea ni caracteres de control",
    );
    // Everything else of a title stays as she wrote it: accents, emoji, quotes, markup.
    const title = 'Ruta «cañera» 🚴‍♀️ <b>"x"</b> \\ ; ,';
    expect(rideInputSchema.parse({ ...ride, title }).title).toBe(title);
  });

  it("are removed from searches, which then match the text around them", () => {
    expect(rideListQuerySchema.parse({ q: "abc\u0000def", city: "Ma\u0000drid" })).toMatchObject({
      q: "abcdef",
      city: "Madrid",
    });
    expect(rideListQuerySchema.parse({ q: "\u0000\u0000\u0000" }).q).toBeUndefined();
  });

  it("are refused in usernames (only letters, digits and underscores)", () => {
    expect(messages(usernameSchema, "Ana\u0000BTT")).toEqual([MSG.usernameChars]);
  });
});
