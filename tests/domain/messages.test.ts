import { describe, expect, it } from "vitest";
import { DEFAULT_STATUS, DomainError, ERROR_CODES, isApiErrorBody } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";

describe("MSG", () => {
  it("copies the spec texts verbatim", () => {
    expect(MSG.signupMissingFields).toBe("Por favor completa todos los campos");
    expect(MSG.loginFailed).toBe("Credenciales incorrectas");
    expect(MSG.rideStarted).toBe("No puedes unirte a una salida que ya ha comenzado");
    expect(MSG.referralClaimed).toBe("Invitación registrada. ¡Bienvenida a Rodamos!");
    expect(MSG.systemEditNotice).toBe(
      "📢 La organizadora ha actualizado esta salida. Revisa los nuevos detalles antes de rodar.",
    );
    expect(MSG.chatClosed).toBe(
      "El chat solo está disponible hasta 12 horas después del inicio de la salida",
    );
    expect(MSG.usernameTaken).toBe("Nombre ya en uso, prueba con otro");
    expect(MSG.usernameTakenOnSave).toBe("Nombre ya en uso, prueba otro");
    expect(MSG.cancelNotAuthorizedDialog).toBe("No tienes permisos para cancelar esta salida.");
    expect(MSG.deleteHasParticipants).toBe(
      "No puedes eliminar una salida con participantes. Cancélala en su lugar.",
    );
  });

  it("fills templates", () => {
    expect(MSG.passwordUpdateFailed("x")).toBe("Error al actualizar la contraseña: x");
    expect(MSG.gpxProcessingError("boom")).toBe("Error al procesar GPX: boom");
    expect(MSG.systemCancelNotice(null)).toBe("❌ La organizadora ha cancelado esta salida.");
    expect(MSG.systemCancelNotice("Lluvia")).toContain("Motivo: Lluvia");
  });

  it("says a suspension's cancellation without naming or blaming the organizer", () => {
    for (const text of [
      MSG.systemCancelNoticeNeutral,
      MSG.cancelledNeutralBanner,
      MSG.waitingListClosedText("Pantanos"),
    ]) {
      expect(text).not.toMatch(/organizadora|suspend/i);
    }
    expect(MSG.waitingListClosedText("Pantanos")).toBe(
      '"Pantanos" se ha cancelado y su lista de espera se ha cerrado.',
    );
  });

  it("has our own texts", () => {
    expect(MSG.rateLimited).toBe("Demasiados intentos. Espera un momento y vuelve a intentarlo.");
    expect(MSG.invitationRequired).toBe(
      "Rodamos aún está en beta privada: necesitas una invitación para crear tu cuenta.",
    );
    expect(MSG.maxParticipantsRange).toBe("El máximo de participantes debe estar entre 2 y 20");
  });

  it("has no empty text", () => {
    for (const [key, value] of Object.entries(MSG)) {
      if (typeof value === "string") expect(value.trim(), key).not.toBe("");
    }
  });
});

describe("DomainError", () => {
  it("takes the default status for its code", () => {
    const err = new DomainError("ride_full", MSG.rideFull);
    expect(err).toBeInstanceOf(Error);
    expect(err.status).toBe(409);
    expect(err.code).toBe("ride_full");
    expect(err.message).toBe("Esta salida está completa");
    expect(err.name).toBe("DomainError");
  });

  it("accepts an explicit status and fields", () => {
    const err = new DomainError("validation_error", "x", 422, { city: "La ciudad es obligatoria" });
    expect(err.status).toBe(422);
    expect(err.toBody()).toEqual({
      error: {
        code: "validation_error",
        message: "x",
        fields: { city: "La ciudad es obligatoria" },
      },
    });
    expect(new DomainError("internal", "y").toBody()).toEqual({
      error: { code: "internal", message: "y" },
    });
  });

  it("maps every code to a status", () => {
    for (const code of ERROR_CODES) expect(DEFAULT_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(DEFAULT_STATUS.unauthenticated).toBe(401);
    expect(DEFAULT_STATUS.rate_limited).toBe(429);
    expect(DEFAULT_STATUS.payload_too_large).toBe(413);
    expect(DEFAULT_STATUS.not_participant).toBe(403);
    expect(DEFAULT_STATUS.internal).toBe(500);
  });

  it("recognises API error bodies", () => {
    expect(isApiErrorBody({ error: { code: "not_found", message: "No encontrado" } })).toBe(true);
    expect(isApiErrorBody({ error: { code: "nope", message: "x" } })).toBe(false);
    expect(isApiErrorBody({ error: "x" })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
  });
});
