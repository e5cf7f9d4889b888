import { act, render, screen } from "@testing-library/react";
import { StrictMode, useEffect, useState } from "react";
import { MemoryRouter, type NavigateFunction, Route, Routes, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouteAnnouncer, routeName } from "../../web/layout/route-announcer.tsx";

let navigate: NavigateFunction;
function CaptureNavigate() {
  navigate = useNavigate();
  return null;
}

/** A screen whose heading comes with its data, like the ride detail. */
function SlowScreen() {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTitle("Vuelta al pantano"), 800);
    return () => clearTimeout(timer);
  }, []);
  return title ? <h1>{title}</h1> : <p>Cargando...</p>;
}

function renderApp(path: string) {
  // StrictMode as in the app: its second run of the first effect must not announce.
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <CaptureNavigate />
        <RouteAnnouncer />
        <input aria-label="Buscador" />
        <main>
          <Routes>
            <Route path="/app/feed" element={<h1>Quiero rodar</h1>} />
            <Route path="/app/search" element={<h1>Buscar salidas</h1>} />
            <Route path="/app/ride/:id" element={<SlowScreen />} />
            <Route path="/app/settings" element={<p>Versión 1</p>} />
          </Routes>
        </main>
      </MemoryRouter>
    </StrictMode>,
  );
}

const announced = () => screen.getByTestId("route-announcer").textContent;
/** Lets `ms` pass in steps, so React renders what each step's timers changed, as in real time. */
async function wait(ms: number) {
  for (let passed = 0; passed < ms; passed += 50) {
    await act(() => vi.advanceTimersByTimeAsync(50));
  }
}
const go = (path: string) => act(() => navigate(path));

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "requestAnimationFrame",
      "cancelAnimationFrame",
    ],
  });
  document.title = "Rodamos";
});
afterEach(() => vi.useRealTimers());

describe("route announcer", () => {
  it("only titles the first screen, after it is painted", async () => {
    renderApp("/app/feed");
    expect(document.title).toBe("Rodamos");
    await wait(50);
    expect(document.title).toBe("Quiero rodar · Rodamos");
    expect(announced()).toBe("");
  });

  it("announces each next screen by its heading and titles the page, leaving focus alone", async () => {
    renderApp("/app/feed");
    await wait(50);
    const field = screen.getByRole("textbox", { name: "Buscador" });
    field.focus();

    await go("/app/search");
    await wait(50);
    expect(announced()).toBe("Buscar salidas");
    expect(document.title).toBe("Buscar salidas · Rodamos");
    expect(document.activeElement).toBe(field);

    await go("/app/feed");
    await wait(50);
    expect(announced()).toBe("Quiero rodar");
    expect(document.title).toBe("Quiero rodar · Rodamos");
  });

  it("waits for a heading that comes with the screen's data", async () => {
    renderApp("/app/feed");
    await wait(50);

    await go("/app/ride/r1");
    await wait(300);
    expect(announced()).toBe("");
    await wait(700);
    expect(announced()).toBe("Vuelta al pantano");
    expect(document.title).toBe("Vuelta al pantano · Rodamos");
  });

  it("falls back to the route's name when no heading shows", async () => {
    renderApp("/app/feed");
    await wait(50);

    await go("/app/settings");
    await wait(5000);
    expect(announced()).toBe("Ajustes");
    expect(document.title).toBe("Ajustes · Rodamos");
  });
});

describe("routeName", () => {
  it("names the app's routes by their first segment", () => {
    expect(routeName("/app")).toBe("Inicio");
    expect(routeName("/app/ride/abc")).toBe("Salida");
    expect(routeName("/app/ride/abc/chat")).toBe("Chat");
    expect(routeName("/app/profile/edit")).toBe("Perfil");
    expect(routeName("/app/nada")).toBeUndefined();
  });
});
