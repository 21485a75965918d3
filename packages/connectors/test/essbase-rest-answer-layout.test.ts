import { Outline } from "@qibates/engine";
import { sampleBasicOutline } from "@qibates/engine/demo";
import { resolveSettings, runGridOperation } from "@qibates/engine/grid";
import { layoutSource } from "@qibates/grid-bridge";
import { CELL_TYPE, gridSlice } from "@qibates/protocols/essbase-rest";
import { describe, expect, it } from "vitest";
import {
  answerOf,
  answerOfLaidOut,
  flatSheetOf,
  sameFlatLayout,
  sameLayout,
  sheetOf,
} from "../src/essbase-rest/grid.ts";

/**
 * `answerOf` with the operation laid out locally: taken only when the server answered exactly that layout
 * (`sameLayout`), and then the same answer as reading the server's sheet again.
 */
const outline = new Outline(sampleBasicOutline);
const settings = resolveSettings({}, null);
const zoom = () =>
  runGridOperation(layoutSource(outline), {
    action: "zoomin",
    grid: [
      ["", "Measures"],
      ["Market", ""],
    ],
    cells: [{ row: 1, column: 0 }],
    settings,
    aliasTable: null,
  });

/** A server's answer to the zoom: its cells with Essbase's types, data cells holding `value`. */
function serverAnswer(value: string) {
  const local = zoom();
  const cells = local.grid.map((row, r) =>
    row.map((text, c) => (["data", "missing"].includes(local.kinds[r]?.[c] ?? "") ? value : text)),
  );
  const types = local.kinds.map((row) =>
    row.map((k) =>
      k === "data" || k === "missing"
        ? CELL_TYPE.data
        : k === "blank" || k === "corner"
          ? CELL_TYPE.blank
          : CELL_TYPE.member,
    ),
  );
  return { cells, types };
}

describe("answerOf with a local layout", () => {
  const sent = { rows: 2, columns: 2 };

  it("answers as reading the server's sheet again when the server answered the local layout", () => {
    const upstream = serverAnswer("105522.0");
    const expected = zoom();
    expect(sameLayout(expected, upstream)).toBe(true);
    const read = answerOf(outline, serverAnswer("105522.0"), settings, sent);
    const reused = answerOf(outline, upstream, settings, sent, expected);
    expect(reused.grid).toEqual(read.grid);
    expect(reused.kinds).toEqual(read.kinds);
    expect(reused.writable).toEqual(read.writable);
    expect(reused.placements).toEqual(read.placements);
    expect([reused.headerRows, reused.leftColumns]).toEqual([read.headerRows, read.leftColumns]);
    expect(reused.grid[2]?.[1]).toBe("105522");
  });

  it("is not the server's layout when the server named another member", () => {
    const upstream = serverAnswer("#Missing");
    // The server named another member in a row header: the local layout is not its answer.
    (upstream.cells[2] as string[])[0] = "East";
    expect(sameLayout(zoom(), upstream)).toBe(false);
    expect(answerOf(outline, upstream, settings, sent).grid[2]?.[0]?.trim()).toBe("East");
  });

  it("is not the server's layout when a data cell of the local layout is not data on the server", () => {
    const upstream = serverAnswer("#Missing");
    (upstream.types[2] as string[])[1] = CELL_TYPE.blank;
    expect(sameLayout(zoom(), upstream)).toBe(false);
  });
});

describe("a server's answer read flat (one range of the whole sheet)", () => {
  const sent = { rows: 2, columns: 2 };
  /** The REST grid of a server's answer, as the endpoint writes it. */
  const restAnswer = (upstream: { cells: string[][]; types: string[][] }) =>
    ({
      slice: gridSlice(
        upstream.cells.length,
        upstream.cells[0]?.length ?? 0,
        upstream.cells.flat(),
        upstream.types.flat(),
      ),
    }) as Parameters<typeof flatSheetOf>[0];

  it("answers as reading its rows, for every data text", () => {
    for (const value of ["105522.0", "#Missing", "", "#No Access", "12.5E3", "n/a"]) {
      for (const navigateWithoutData of [false, true]) {
        const s = { ...settings, navigateWithoutData };
        const grid = restAnswer(serverAnswer(value));
        const flat = flatSheetOf(grid);
        const rows = sheetOf(grid);
        if (!flat || !rows) throw new Error("the answer's slice is not read");
        expect(sameFlatLayout(zoom(), flat)).toBe(true);
        const read = answerOf(outline, rows, s, sent, zoom());
        const reused = answerOfLaidOut(flat, s, sent, zoom());
        expect(reused).toEqual(read);
      }
    }
  });

  it("is not the server's layout where the rows are not", () => {
    const named = serverAnswer("#Missing");
    (named.cells[2] as string[])[0] = "East";
    const typed = serverAnswer("#Missing");
    (typed.types[2] as string[])[1] = CELL_TYPE.blank;
    for (const upstream of [named, typed]) {
      const flat = flatSheetOf(restAnswer(upstream));
      if (!flat) throw new Error("the answer's slice is not read");
      expect(sameFlatLayout(zoom(), flat)).toBe(sameLayout(zoom(), upstream));
      expect(sameFlatLayout(zoom(), flat)).toBe(false);
    }
  });

  it("is read row by row when its slice is not one whole range of strings", () => {
    const upstream = serverAnswer("1.0");
    const whole = restAnswer(upstream);
    const range = whole.slice.data.ranges[0];
    if (!range) throw new Error("no range");
    const { types, ...untyped } = range;
    const variants = [
      { ...whole, slice: { ...whole.slice, data: { ranges: [untyped] } } },
      { ...whole, slice: { ...whole.slice, data: { ranges: [{ ...range, start: 1 }] } } },
      { ...whole, slice: { ...whole.slice, data: { ranges: [range, range] } } },
      { ...whole, slice: { ...whole.slice, rows: whole.slice.rows + 1 } },
      {
        ...whole,
        slice: { ...whole.slice, data: { ranges: [{ ...range, values: [null, ...range.values.slice(1)] }] } },
      },
    ];
    for (const grid of variants) expect(flatSheetOf(grid as typeof whole)).toBeNull();
    expect(flatSheetOf(whole)).not.toBeNull();
  });
});
