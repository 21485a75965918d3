import type { Cube, Member } from "@qibates/engine";
import type { MdxDrillthroughResult } from "@qibates/engine/mdx";

/**
 * A `DRILLTHROUGH`'s result as plain data, to send from a worker: a dimension is its index in the outline, a
 * member its position in its dimension (`Member.ordinal`, so a shared member stays apart from its prototype).
 */
export interface DrillthroughTransfer {
  dimensions: number[];
  /** The measures, each its dimension's index and its position there. */
  measures: { dimension: number; ordinal: number }[];
  /** Each row's members, row after row (`dimensions.length` a row), moved rather than copied. */
  members: Int32Array;
  /** How many rows, and how many values each row holds (one per measure, or the cell's own value when none). */
  rows: number;
  valuesPerRow: number;
  /** Each row's values, row after row. */
  values: (number | string | null)[];
  maxRows: number;
  truncated: boolean;
}

/** The result of a drillthrough over `outline` as plain data ({@link DrillthroughTransfer}). */
export function encodeDrillthrough(outline: Cube["outline"], r: MdxDrillthroughResult): DrillthroughTransfer {
  const index = (d: Member["dimension"]): number => outline.dimensions.indexOf(d);
  const width = r.dimensions.length;
  const members = new Int32Array(r.rows.length * width);
  const values: DrillthroughTransfer["values"] = [];
  const valuesPerRow = r.rows[0]?.values.length ?? 0;
  r.rows.forEach((row, i) => {
    if (row.values.length !== valuesPerRow) throw new Error("DRILLTHROUGH result: rows of different widths");
    row.members.forEach((m, k) => {
      members[i * width + k] = m.ordinal;
    });
    for (const v of row.values) values.push(v as number | string | null);
  });
  return {
    dimensions: r.dimensions.map(index),
    measures: r.measures.map((m) => ({ dimension: index(m.dimension), ordinal: m.ordinal })),
    members,
    rows: r.rows.length,
    valuesPerRow,
    values,
    maxRows: r.maxRows,
    truncated: r.truncated,
  };
}

/** The result a transfer stands for, over `cube`'s outline (the one it was computed on). */
export function decodeDrillthrough(cube: Cube, t: DrillthroughTransfer): MdxDrillthroughResult {
  const outline = cube.outline;
  const dimension = (i: number) => {
    const d = outline.dimensions[i];
    if (!d) throw new Error(`DRILLTHROUGH result: no dimension at ${i}`);
    return d;
  };
  const member = (d: ReturnType<typeof dimension>, ordinal: number): Member => {
    const m = d.members[ordinal];
    if (!m) throw new Error(`DRILLTHROUGH result: no member ${ordinal} in ${d.name}`);
    return m;
  };
  const dimensions = t.dimensions.map(dimension);
  const measures = t.measures.map((m) => member(dimension(m.dimension), m.ordinal));
  const width = dimensions.length;
  const count = t.valuesPerRow;
  const rows: MdxDrillthroughResult["rows"] = [];
  for (let i = 0; i < t.rows; i++) {
    const ms: Member[] = new Array(width);
    for (let k = 0; k < width; k++)
      ms[k] = member(dimensions[k] as (typeof dimensions)[number], t.members[i * width + k] as number);
    rows.push({
      members: ms,
      values: t.values.slice(i * count, (i + 1) * count) as MdxDrillthroughResult["rows"][number]["values"],
    });
  }
  return { dimensions, measures, rows, maxRows: t.maxRows, truncated: t.truncated };
}
