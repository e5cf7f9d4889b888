import { afterEach, beforeEach, vi } from "vitest";

/**
 * The API as a test file's screens see it: a fetch stub installed (and reset) before each test
 * and removed after. Call once at the file's top level; give each test its answers with
 * `mockResolvedValue` / `mockImplementation`.
 */
export function stubFetchEachTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
