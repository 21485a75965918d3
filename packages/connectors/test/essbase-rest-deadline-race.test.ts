import { answerValue, CallContext, ProviderError } from "@qibates/provider";
import { afterEach, beforeEach, expect, it } from "vitest";
import { CUBE, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * A grid operation of essbase-stndln whose call is past its deadline (CONNECTION_TIMEOUT_SECONDS), or whose client
 * went away, when it sends the grid: the request is refused at once, and the operation fails with that refusal.
 * Before: the operation sent the grid and, while the server worked, laid the same operation out locally after one
 * turn of the event loop; a refusal during that turn had no handler yet, so Node ended the whole server process
 * ("unhandled rejection", seen behind a proxy that gave up a few ms before QiBates's own deadline).
 */

const f = useEssbaseRest();
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", record);
});
afterEach(() => {
  process.off("unhandledRejection", record);
});

const GRID = [
  ["", "Measures"],
  ["Market", ""],
];

it("fails the operation, and nothing else, when the call's deadline passed before the grid is sent", async () => {
  const zoom = (call: CallContext) =>
    f.connector.essbase.grid({ ...f.remote, call }, CUBE, {
      action: "zoomin",
      input: { grid: GRID, cells: [{ row: 1, column: 0 }], settings: { aliasTable: null } },
    });
  // Warm: the session's preferences and Market's children are read, so that the zoom's first request is the grid.
  expect((await zoom(CallContext.unbounded()).then(answerValue)).grid.length).toBeGreaterThan(2);
  for (const call of [
    { deadline: Date.now() - 1, signal: new AbortController().signal, writes: false },
    { deadline: Date.now() + 60_000, signal: AbortSignal.abort(), writes: false },
  ]) {
    const error = await zoom(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe("UPSTREAM_UNREACHABLE");
  }
  // Node reports a rejection without a handler once the event loop has turned.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
});
