import type { Cube } from "./cube/cube.ts";
import type { Member } from "./outline.ts";

/**
 * Essbase's text data files: the export a block-storage cube writes (MaxL `export database … data`, the REST
 * `exportData` job) and the free-form data load that reads it back. What is public of the format (Oracle's
 * "Preparing Data Files" for the column export format; the MaxL `export data` page; the DATAEXPORT pages):
 *
 * - fields are separated by spaces; member names are in double quotation marks, values are not;
 * - a missing value is `#Mi` (a load also reads `#Missing`);
 * - the first line names the members of one dense dimension: the columns of every value that follows;
 * - column format: every other line names a member of each other dimension, then the values;
 * - the default (non-column) format names the sparse members of a block once, on their own line, and the
 *   lines after it name only the remaining dense members: a name stays in force until another member of its
 *   dimension is named, which is also how a free-form load reads any file.
 *
 * Which dense dimension gives the columns and the order of the lines are ours: Essbase's are not described.
 * Values are written in JavaScript's shortest exact form, so a file read back gives the same numbers.
 */

export type DataExportLevel = "all" | "level0" | "input";

export interface DataExportOptions {
  /** `all`: every block; `level0`: blocks of level-0 sparse members only; `input`: blocks holding input. */
  level: DataExportLevel;
  /** Column format: every line names a member of each dimension but the columns'. */
  columns: boolean;
  /** Blocks per chunk of text (default 256): the caller may yield between chunks. */
  blocksPerChunk?: number;
}

const quote = (name: string) => `"${name}"`;
const formatValue = (v: number) => (Number.isNaN(v) ? "#Mi" : Object.is(v, -0) ? "0" : String(v));

/** The dense dimension whose stored members head the columns: the one with the most of them (first on a tie). */
function columnDimension(cube: Cube): number {
  let best = cube.denseDims[0] ?? 0;
  let bestCount = -1;
  for (const d of cube.denseDims) {
    const n = storedMembers(cube, d).length;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** A dense dimension's stored members, in slot order. */
function storedMembers(cube: Cube, dim: number): Member[] {
  const slots = cube.slotOf[dim] as Int32Array;
  const out: Member[] = [];
  for (const m of cube.dims[dim]?.members ?? []) {
    const slot = slots[m.ordinal] as number;
    if (slot >= 0 && m.stored === m && out[slot] === undefined) out[slot] = m;
  }
  return out;
}

/**
 * The export of `cube` as text, a few blocks at a time (each yielded string ends with a line break). A cube
 * with no dense dimension has no column line: each line then ends with its one value.
 */
export function* dataExportChunks(cube: Cube, options: DataExportOptions): Generator<string> {
  const per = Math.max(1, options.blocksPerChunk ?? 256);
  const dense = cube.denseDims.length > 0;
  const colDim = dense ? columnDimension(cube) : -1;
  const columns = dense ? storedMembers(cube, colDim) : [];
  const columnOf = new Map<number, number>(columns.map((m, i) => [m.ordinal, i]));
  // Names on a line: column format, every dimension but the columns'; otherwise the dense ones only.
  const rowDims = cube.dims
    .map((_, i) => i)
    .filter((i) => i !== colDim && (options.columns || !cube.sparseDims.includes(i)));
  if (dense) yield `${columns.map((m) => quote(m.name)).join(" ")}\n`;
  const name = (dim: number, ordinal: number) => quote(cube.member(dim, ordinal).name);
  for (let from = 0; from < cube.blockCount; from += per) {
    let text = "";
    let rows = new Map<string, { names: string; values: number[] }>();
    let blockLine = "";
    const flush = () => {
      if (rows.size === 0) return;
      if (!options.columns) text += `${blockLine}\n`;
      for (const row of rows.values()) {
        // Missing values on the right are left out, as in Essbase's files; on the left they are #Mi.
        let last = row.values.length - 1;
        while (last >= 0 && Number.isNaN(row.values[last] as number)) last--;
        const values = row.values
          .slice(0, last + 1)
          .map(formatValue)
          .join(" ");
        text += row.names === "" ? `${values}\n` : `${row.names} ${values}\n`;
      }
      rows = new Map();
    };
    cube.forEachStoredCell(
      options.level,
      (coords, value) => {
        const names = rowDims.map((d) => name(d, coords[d] as number)).join(" ");
        let row = rows.get(names);
        if (!row) {
          row = { names, values: new Array<number>(Math.max(1, columns.length)).fill(Number.NaN) };
          rows.set(names, row);
        }
        row.values[dense ? (columnOf.get(coords[colDim] as number) as number) : 0] = value;
      },
      (coords) => {
        flush();
        blockLine = cube.sparseDims.map((d) => name(d, coords[d] as number)).join(" ");
        return true;
      },
      from,
      from + per,
    );
    flush();
    if (text !== "") yield text;
  }
}

/** One value a data file gives: the intersection (one member per base dimension, outline order) and its value. */
export interface DataFileCell {
  line: number;
  tuple: Member[];
  /** `null`: #Missing. */
  value: number | null;
}

/** A line of a data file that cannot be loaded, and why. */
export interface DataFileError {
  line: number;
  reason: string;
}

const TOKEN = /"([^"]*)"|(\S+)/g;
/** `#Mi` or `#Missing`, as a data file or an Essbase export writes a missing value. */
export const DATA_MISSING = /^#mi(ssing)?$/i;
/** A value as a data file writes it (digits, a point, an exponent): any other word is a member's name. */
export const DATA_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Reads a free-form data file (as {@link dataExportChunks} writes it, or as a person types one) against
 * `cube`'s outline: names are member names or aliases of any alias table, values numbers or `#Mi`. Calls `cell`
 * for each value, `error` for each line that cannot be read (the line is then skipped). A first line that only
 * names members of one dimension gives the columns; without it, a line gives one value.
 */
export function readDataFile(
  cube: Cube,
  text: string,
  cell: (c: DataFileCell) => void,
  error: (e: DataFileError) => void,
): void {
  const reader = new DataFileReader(cube, cell, error);
  for (const line of text.split(/\r?\n/)) reader.line(line);
}

/** {@link readDataFile} a line at a time, for a file read as a stream. */
export class DataFileReader {
  private readonly dimIndex: Map<Member["dimension"], number>;
  private readonly current: (Member | undefined)[];
  private header: Member[] | null = null;
  private headerDim = -1;
  private first = true;
  /** Lines read so far. */
  lines = 0;

  constructor(
    private readonly cube: Cube,
    private readonly cell: (c: DataFileCell) => void,
    private readonly error: (e: DataFileError) => void,
  ) {
    this.dimIndex = new Map(cube.dims.map((d, i) => [d, i]));
    this.current = cube.dims.map(() => undefined);
  }

  private lookup(name: string): Member | undefined {
    const outline = this.cube.outline;
    const m = outline.member(name);
    if (m) return m;
    for (const t of outline.aliasTables) {
      const a = outline.memberByAlias(name, t);
      if (a) return a;
    }
    return undefined;
  }

  /** Reads the next line of the file (without its line break). */
  line(raw: string): void {
    const lineNo = ++this.lines;
    if (raw.trim() === "") return;
    const { cube, dimIndex, current } = this;
    const names: Member[] = [];
    const values: (number | null)[] = [];
    let bad: string | null = null;
    for (const t of raw.matchAll(TOKEN)) {
      const quoted = t[1];
      const bare = t[2];
      if (quoted === undefined && bare !== undefined && (DATA_MISSING.test(bare) || DATA_NUMBER.test(bare))) {
        values.push(DATA_MISSING.test(bare) ? null : Number(bare));
        continue;
      }
      const word = (quoted ?? bare) as string;
      const m = this.lookup(word);
      if (!m) {
        bad = `"${word}" is not a member of the outline`;
        break;
      }
      if (!dimIndex.has(m.dimension)) {
        bad = `"${word}" belongs to attribute dimension ${m.dimension.name}, which holds no data`;
        break;
      }
      if (values.length > 0) {
        bad = `member "${word}" comes after a value`;
        break;
      }
      names.push(m);
    }
    if (this.first) {
      this.first = false;
      const dim = names[0]?.dimension;
      if (!bad && values.length === 0 && names.length > 1 && names.every((m) => m.dimension === dim)) {
        this.header = names;
        this.headerDim = dimIndex.get(dim as Member["dimension"]) as number;
        return;
      }
    }
    if (bad) {
      this.error({ line: lineNo, reason: bad });
      return;
    }
    const { header, headerDim } = this;
    for (const m of names) {
      const d = dimIndex.get(m.dimension) as number;
      if (d === headerDim) {
        this.error({
          line: lineNo,
          reason: `"${m.name}" is in dimension ${m.dimension.name}, which heads the columns`,
        });
        return;
      }
    }
    // Names take effect only once the whole line is known to be good.
    for (const m of names) current[dimIndex.get(m.dimension) as number] = m;
    if (values.length === 0) return;
    if (header ? values.length > header.length : values.length > 1) {
      this.error({
        line: lineNo,
        reason: header
          ? `${values.length} values for ${header.length} columns`
          : `${values.length} values on a line, and no column line names their members`,
      });
      return;
    }
    const unset = cube.dims.filter((_, d) => d !== headerDim && current[d] === undefined);
    if (unset.length > 0) {
      this.error({
        line: lineNo,
        reason: `no member of ${unset.map((d) => d.name).join(", ")} has been named`,
      });
      return;
    }
    values.forEach((value, k) => {
      const tuple = current.map((m, d) => (d === headerDim ? (header as Member[])[k] : m)) as Member[];
      this.cell({ line: lineNo, tuple, value });
    });
  }
}
