import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";
import type { ProviderSession } from "@qibates/provider";
import { answerValue, CallContext, ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { ChangeSequence } from "../src/change-sequence.ts";
import { CHECKPOINT_FORMAT, type EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { budSeed, open, save } from "./embedded-calls.ts";

/**
 * The conflict check of a save (optimistic concurrency): per-cell journal positions, the same on every node,
 * kept in checkpoints (format 2) and assumed from a format-1 checkpoint's position.
 */

const session: ProviderSession = {
  id: "s9",
  ownerId: "ada",
  connector: "essbase",
  username: "demo",
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  aliasTable: null,
  call: CallContext.unbounded(),
};
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const sheet = (market: string, value = "") => [
  ["", "Jan", "Cola", "Sales"],
  ["", "Actual", "Budget"],
  [market, value, ""],
  ["East", "", ""],
];

async function version(p: EmbeddedProvider, market: string): Promise<string> {
  const r = await p.essbase
    .grid(session, cube, { action: "refresh", input: { grid: sheet(market) } })
    .then(answerValue);
  if (!r.dataVersion) throw new Error("no dataVersion");
  return r.dataVersion;
}

/** Saves Jan Actual of `market` as read at `dataVersion`: the cells refused, or [] when written. */
async function saveAt(p: EmbeddedProvider, market: string, value: number, dataVersion: string) {
  try {
    const r = await p.essbase
      .save(session, cube, {
        grid: sheet(market, String(value)),
        cells: [{ row: 2, column: 1 }],
        dataVersion,
      })
      .then(answerValue);
    expect(r.cells[0]?.status).toBe("written");
    return [];
  } catch (e) {
    if (!(e instanceof ProviderError) || e.code !== "SAVE_CONFLICT") throw e;
    return e.conflicts;
  }
}

const gzipAsync = promisify(gzip);
const pad8 = (n: number) => (n + 7) & ~7;

/** The same checkpoint as a format-1 one (no change sequences), as an older version of QiBates stored it. */
async function asFormat1(bytes: Uint8Array): Promise<Uint8Array> {
  const raw = gunzipSync(bytes);
  const length = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + length).toString("utf8"));
  expect(header.format).toBe(2);
  expect(header.sequences).toBeDefined();
  header.format = 1;
  delete header.sequences;
  const head = Buffer.from(JSON.stringify(header));
  const body = raw.subarray(pad8(4 + length));
  const out = Buffer.alloc(pad8(4 + head.length) + body.length);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  body.copy(out, pad8(4 + head.length));
  return new Uint8Array(await gzipAsync(out));
}

describe("save conflicts", () => {
  it("a save read on one node before a save on another is refused for the cells changed, on every node", async () => {
    const store = memoryStore({ shared: true });
    const a = await open(store);
    const b = await open(store);
    const readA = await version(a, "New York");
    await save(b, "New York", 70);
    expect(await saveAt(a, "New York", 71, readA)).toEqual([{ row: 2, column: 1 }]);
    expect(await saveAt(b, "New York", 71, readA)).toEqual([{ row: 2, column: 1 }]);
    // Another cell, or the same one read after B's save, goes through.
    expect(await saveAt(a, "Massachusetts", 12, readA)).toEqual([]);
    expect(await saveAt(a, "New York", 72, await version(a, "New York"))).toEqual([]);
    // A calculation on B changes every cell for a grid read before it.
    const beforeCalc = await version(a, "Massachusetts");
    await budSeed(b);
    expect(await saveAt(a, "Massachusetts", 13, beforeCalc)).toEqual([{ row: 2, column: 1 }]);
  });

  it(`a checkpoint (format ${CHECKPOINT_FORMAT}) keeps each cell's position across a restart`, async () => {
    const store = memoryStore();
    const p = await open(store);
    const before = await version(p, "New York");
    await save(p, "New York", 80);
    await p.close();
    expect(store.checkpointsKept.filter((s) => s.application === "Sample")).toHaveLength(1);
    const restarted = await open(store);
    expect(await version(restarted, "New York")).toBe(String(await store.head("Sample")));
    expect(await saveAt(restarted, "New York", 81, before)).toEqual([{ row: 2, column: 1 }]);
    expect(await saveAt(restarted, "Massachusetts", 81, before)).toEqual([]);
  });

  it("a format-1 checkpoint still loads: every cell counts as changed at its position", async () => {
    const store = memoryStore();
    const p = await open(store);
    const before = await version(p, "Massachusetts");
    await save(p, "New York", 90);
    const at = await version(p, "Massachusetts");
    await p.close();
    const sample = store.checkpointsKept.find((s) => s.application === "Sample");
    if (!sample) throw new Error("no checkpoint");
    sample.data = await asFormat1(sample.data);
    const warnings: string[] = [];
    const restarted = await open(store, { log: { warn: (_d, m) => warnings.push(m) } });
    expect(warnings).toEqual([]);
    // The state is the checkpoint's, New York included.
    const r = await restarted.essbase
      .grid(session, cube, {
        action: "refresh",
        input: { grid: sheet("New York") },
      })
      .then(answerValue);
    expect(r.grid[2]?.[1]).toBe("90");
    // A cell B never touched conflicts for a grid read before the checkpoint (a needless refusal, no lost update),
    // not for one read at it.
    expect(await saveAt(restarted, "Massachusetts", 1, before)).toEqual([{ row: 2, column: 1 }]);
    expect(await saveAt(restarted, "Massachusetts", 2, at)).toEqual([]);
  });

  it("forgets the oldest cells past its limit, and stands for them with the newest position forgotten", () => {
    const s = new ChangeSequence(4);
    s.written(["a", "b", "c", "d"], 10);
    s.written(["b"], 11);
    s.written(["e"], 12);
    // Five cells over a limit of four: down to three, the oldest (a, c) forgotten at position 10.
    expect(s.capture()).toEqual({
      cells: [
        ["d", 10],
        ["b", 11],
        ["e", 12],
      ],
      bulk: 0,
      floor: 10,
    });
    expect(s.changedSince("a", 9)).toBe(true);
    expect(s.changedSince("a", 10)).toBe(false);
    expect(s.changedSince("e", 11)).toBe(true);
    s.changedAll(20);
    expect(s.changedSince("e", 19)).toBe(true);
    expect(s.changedSince("e", 20)).toBe(false);
  });
});
