import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "../../web/screens/route-error.tsx";

function Broken(): never {
  throw new Error("No se pudo cargar la pantalla");
}

afterEach(() => vi.restoreAllMocks());

describe("RouteErrorBoundary (the app's error page, docs/product.md#the-installable-app)", () => {
  it("replaces a screen that throws with the error page, and clears it when the path changes", () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React logs the caught error
    const { container, rerender } = render(
      <RouteErrorBoundary pathname="/app/feed">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Unexpected Application Error!");
    expect(screen.getByRole("alert").textContent).toContain("No se pudo cargar la pantalla");
    expect(screen.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe(
      "/app",
    );

    // Same path, new render: the error page stays.
    rerender(
      <RouteErrorBoundary pathname="/app/feed">
        <p>Quiero rodar</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText("Quiero rodar")).toBeNull();

    // She navigates elsewhere: the app is back.
    rerender(
      <RouteErrorBoundary pathname="/app/search">
        <p>Buscar salidas</p>
      </RouteErrorBoundary>,
    );
    expect(container.innerHTML).toBe("<p>Buscar salidas</p>");
  });
});
