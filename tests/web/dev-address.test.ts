// `npm run dev`'s banner prints the address the app is at (scripts/dev-address.ts): it printed
// localhost:5173 while Vite served the port passed on the command line.
import { describe, expect, it } from "vitest";
import { devAddress } from "../../scripts/dev-address.ts";

describe("npm run dev's address", () => {
  it("is the port passed after --, in either spelling, and Vite gets only that one", () => {
    expect(devAddress(["--port", "5200", "--open"], {})).toEqual({
      port: "5200",
      url: "http://localhost:5200",
      viteArgs: ["--open"],
    });
    expect(devAddress(["--port=5300"], { PORT: "5100" })).toMatchObject({
      url: "http://localhost:5300",
      viteArgs: [],
    });
  });

  it("is PORT without one, else 5173", () => {
    expect(devAddress([], { PORT: "5100" }).url).toBe("http://localhost:5100");
    expect(devAddress([], {}).url).toBe("http://localhost:5173");
  });
});
