// Setup file of the projects whose test files share a worker's module graph (`isolate: false`): whatever a file
// faked or spied on is put back when it ends, so that the next file in the same worker starts from the real
// clock and the real methods even when a test failed before its own clean-up.
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
