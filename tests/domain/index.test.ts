import { describe, expect, it } from "vitest";
import * as domain from "../../domain/index.ts";

describe("domain index", () => {
  it("re-exports every module", () => {
    for (const name of [
      "MODALITIES",
      "MSG",
      "DomainError",
      "validateUsername",
      "searchCities",
      "displayName",
      "isPendingConnection",
      "rideCardActions",
      "datePreset",
      "filtersToSearchParams",
      "parseGpx",
      "rideInputSchema",
      "parseClientMessage",
      "shareText",
      "formatMemberSince",
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
