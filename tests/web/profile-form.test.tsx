import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProfileForm } from "../../web/profiles/profile-form.tsx";
import { describedBy } from "./helpers/described-by.ts";

const initial = {
  username: "",
  city: "",
  modalities: ["road" as const],
  avatarKey: "ava01" as const,
};

function renderForm(onSave = vi.fn(async () => undefined), currentUsername?: string) {
  render(
    <ProfileForm
      initial={initial}
      currentUsername={currentUsername ?? null}
      submitLabel="Guardar perfil"
      savingLabel="Guardando..."
      onSave={onSave}
    />,
  );
  return onSave;
}

/** What a screen reader reads with the username field: its hint and the check's answer. */
const usernameDescription = () => describedBy(screen.getByLabelText("Nombre de usuario"));

function typeUsername(value: string) {
  fireEvent.change(screen.getByLabelText("Nombre de usuario"), { target: { value } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => Response.json({ status: "available" }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function flush(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("ProfileForm username check", () => {
  it("checks 400 ms after typing stops, only from 3 characters", async () => {
    renderForm();
    typeUsername("an");
    await flush(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    typeUsername("ana_r");
    await flush(399);
    expect(fetchMock).not.toHaveBeenCalled();
    typeUsername("ana_ru");
    await flush(399);
    expect(fetchMock).not.toHaveBeenCalled();
    await flush(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/profile/username-available?name=ana_ru");
    expect(usernameDescription()).toContain("¡Nombre disponible!");
  });

  it("shows the rule's message without asking the server", async () => {
    renderForm();
    typeUsername("ana__bici");
    await flush(400);
    expect(usernameDescription()).toContain("No se permiten guiones bajos consecutivos");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'taken' and blocks saving", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ status: "taken", message: "Nombre ya en uso, prueba con otro" }),
    );
    const onSave = renderForm();
    typeUsername("ocupada");
    await flush(400);
    expect(screen.getAllByText("Nombre ya en uso, prueba con otro").length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Madrid" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    });
    expect(onSave).not.toHaveBeenCalled();
  });

  it("treats her own name as available and a failed check as available", async () => {
    renderForm(undefined, "Mía_bici");
    typeUsername("MÍA_BICI");
    await flush(400);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(usernameDescription()).toContain("¡Nombre disponible!");
    fetchMock.mockImplementation(async () => {
      throw new TypeError("offline");
    });
    typeUsername("otra_bici");
    await flush(400);
    expect(usernameDescription()).toContain("¡Nombre disponible!");
  });
});

describe("ProfileForm", () => {
  it("validates city and modalities with the spec's messages, then saves", async () => {
    const onSave = renderForm();
    typeUsername("ana_rueda");
    fireEvent.click(screen.getByRole("checkbox", { name: "Road - Carretera" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    });
    // Each message is read with its field, which is marked invalid.
    const city = screen.getByRole("combobox");
    expect(describedBy(city)).toContain("La ciudad es obligatoria");
    expect(city.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(screen.getByRole("group", { name: "Modalidades" }))).toBe(
      "Selecciona al menos una modalidad",
    );
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Bilbao" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "BTT - Mountain Bike" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    });
    expect(onSave).toHaveBeenCalledWith({
      username: "ana_rueda",
      city: "Bilbao",
      modalities: ["btt"],
      avatarKey: "ava01",
    });
  });

  it("shows 6 avatars, 12 after 'Ver más opciones', and 6 again after 'Ver menos'", () => {
    renderForm();
    expect(screen.getAllByRole("radio")).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Ver más opciones" }));
    expect(screen.getAllByRole("radio")).toHaveLength(12);
    fireEvent.click(screen.getByRole("radio", { name: "Avatar 9" }));
    expect((screen.getByRole("radio", { name: "Avatar 9" }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ver menos" }));
    expect(screen.getAllByRole("radio")).toHaveLength(6);
  });

  it("suggests at most 8 cities, accent-insensitively", () => {
    renderForm();
    const city = screen.getByRole("combobox");
    fireEvent.focus(city);
    expect(screen.getAllByRole("option")).toHaveLength(8);
    fireEvent.change(city, { target: { value: "cordoba" } });
    expect(screen.getAllByRole("option")[0]!.textContent).toBe("Córdoba");
  });
});
