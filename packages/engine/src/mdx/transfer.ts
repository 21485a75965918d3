import type { DataSource } from "../data-source.ts";
import type { Dimension, Outline } from "../outline.ts";
import type { MdxQuery } from "./ast.ts";
import { calculatedMembersOf, type MdxAxis, type MdxResult } from "./executor.ts";
import { CalculatedMember, type MdxCell, type MdxMember, type MdxTuple } from "./values.ts";

/**
 * An MDX result as plain numbers, to send from one thread to another (`postMessage`, its arrays moved): a
 * member is its dimension's index in the outline and its position in that dimension (`Member.ordinal`), so
 * shared members stay apart from their prototype; a calculated member is a negative code naming an entry of
 * `calculated`, found again among the members the query's `WITH` defines on the receiving side.
 */
export interface MdxResultTransfer {
  axes: { ordinal: number; dimensions: number[]; members: Int32Array }[];
  slicer: { dimensions: number[]; members: Int32Array };
  calculated: { dimension: number; name: string; parent: number }[];
  /** Cell values by ordinal, `NaN` where the cell is #Missing or a string (`missing[c]` is 1). */
  values: Float64Array;
  missing: Uint8Array;
  /** The cells that hold a string (a calculated member's): their ordinals, and their strings in the same order. */
  texts: { ordinals: number[]; values: string[] };
}

/** The arrays of a transfer, to move rather than copy (`postMessage`'s transfer list). */
export function transferBuffers(t: MdxResultTransfer): ArrayBuffer[] {
  return [
    ...t.axes.map((a) => a.members.buffer as ArrayBuffer),
    t.slicer.members.buffer as ArrayBuffer,
    t.values.buffer as ArrayBuffer,
    t.missing.buffer as ArrayBuffer,
  ];
}

function dimensionIndex(outline: Outline, d: Dimension): number {
  const i = outline.dimensions.indexOf(d);
  if (i < 0) throw new Error(`MDX result: the dimension ${d.name} is not in the outline`);
  return i;
}

/** The result of a query over `outline` as plain numbers ({@link MdxResultTransfer}). */
export function encodeMdxResult(outline: Outline, result: MdxResult): MdxResultTransfer {
  const calculated: MdxResultTransfer["calculated"] = [];
  const calcCodes = new Map<CalculatedMember, number>();
  const code = (m: MdxMember): number => {
    if (!(m instanceof CalculatedMember)) return m.ordinal;
    let c = calcCodes.get(m);
    if (c === undefined) {
      calculated.push({
        dimension: dimensionIndex(outline, m.dimension),
        name: m.name,
        parent: m.parent ? m.parent.ordinal : -1,
      });
      c = -calculated.length;
      calcCodes.set(m, c);
    }
    return c;
  };
  const codes = (tuples: readonly MdxTuple[], width: number): Int32Array => {
    const out = new Int32Array(tuples.length * width);
    tuples.forEach((t, i) => {
      for (let k = 0; k < width; k++) out[i * width + k] = code(t[k] as MdxMember);
    });
    return out;
  };
  const axes = result.axes.map((a) => ({
    ordinal: a.ordinal,
    dimensions: a.dimensions.map((d) => dimensionIndex(outline, d)),
    members: codes(a.tuples, a.dimensions.length),
  }));
  const slicer = {
    dimensions: result.slicer.map((m) => dimensionIndex(outline, m.dimension)),
    members: codes([result.slicer], result.slicer.length),
  };
  const values = new Float64Array(result.cells.length);
  const missing = new Uint8Array(result.cells.length);
  const texts: MdxResultTransfer["texts"] = { ordinals: [], values: [] };
  result.cells.forEach((v, c) => {
    if (typeof v === "number") values[c] = v;
    else {
      values[c] = Number.NaN;
      missing[c] = 1;
      if (typeof v === "string") {
        texts.ordinals.push(c);
        texts.values.push(v);
      }
    }
  });
  return { axes, slicer, calculated, values, missing, texts };
}

/**
 * The result a transfer stands for, over `source`'s outline (the same outline the result was computed on),
 * its calculated members those `q` (the same query) defines there.
 */
export function decodeMdxResult(source: DataSource, q: MdxQuery, t: MdxResultTransfer): MdxResult {
  const outline = source.outline;
  const defined = t.calculated.length > 0 ? calculatedMembersOf(source, q) : [];
  const calc = t.calculated.map((c) => {
    const found = defined.find(
      (m) =>
        m.name === c.name &&
        outline.dimensions.indexOf(m.dimension) === c.dimension &&
        (m.parent ? m.parent.ordinal : -1) === c.parent,
    );
    if (!found) throw new Error(`MDX result: the query defines no calculated member ${c.name}`);
    return found;
  });
  const dimension = (i: number): Dimension => {
    const d = outline.dimensions[i];
    if (!d) throw new Error(`MDX result: no dimension at ${i}`);
    return d;
  };
  const member = (d: Dimension, code: number): MdxMember => {
    const m = code < 0 ? calc[-code - 1] : d.members[code];
    if (!m) throw new Error(`MDX result: no member ${code} in ${d.name}`);
    return m;
  };
  const tuples = (dims: Dimension[], members: Int32Array): MdxTuple[] => {
    const width = dims.length;
    const count = width === 0 ? 0 : members.length / width;
    const out: MdxTuple[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const t: MdxMember[] = new Array(width);
      for (let k = 0; k < width; k++) t[k] = member(dims[k] as Dimension, members[i * width + k] as number);
      out[i] = t;
    }
    return out;
  };
  const axes: MdxAxis[] = t.axes.map((a) => {
    const dims = a.dimensions.map(dimension);
    return { ordinal: a.ordinal, dimensions: dims, tuples: tuples(dims, a.members) };
  });
  const slicerDims = t.slicer.dimensions.map(dimension);
  const slicer = slicerDims.length > 0 ? (tuples(slicerDims, t.slicer.members)[0] ?? []) : [];
  const cells: MdxCell[] = new Array(t.values.length);
  for (let c = 0; c < cells.length; c++) cells[c] = t.missing[c] === 1 ? null : (t.values[c] as number);
  t.texts.ordinals.forEach((c, i) => {
    cells[c] = t.texts.values[i] as string;
  });
  return { axes, slicer, cells };
}
