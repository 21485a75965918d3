import { StringDecoder } from "node:string_decoder";
import { DATA_MISSING, DATA_NUMBER } from "@qibates/engine";
import type { OutlineRead } from "./read-cube.ts";

/**
 * Reads a server's level-0 data export (Essbase's text export, as `@qibates/engine`'s `DataFileReader` reads it
 * and `snapshot-import.ts` loads it: space-separated, member names in double quotation marks, `#Mi` for missing, an
 * optional first line naming the members of one dense dimension as columns, in columns or with each block's
 * sparse members on their own line) as the lines of a snapshot's data file: one line per stored level-0 cell,
 * its members in outline order then its value, tab-separated (`take.ts`'s format). A level-0 export also holds
 * the upper-level members of dense dimensions stored in its blocks (Oracle's MaxL `export … level0 data`):
 * those cells are left out, as the grid-read copy leaves them out, since the copy aggregates them again. The
 * file is read as it arrives, a chunk at a time; what is kept between chunks is the last partial line, the
 * column members and the member of each dimension in force, which a resume restores ({@link ExportReaderState}).
 */

/** Where the reader stands: after `lines` complete lines, with these columns and members in force. */
export interface ExportReaderState {
  lines: number;
  header: string[] | null;
  current: (string | null)[];
}

export class ExportFormatError extends Error {
  override readonly name = "ExportFormatError";
}

interface MemberInfo {
  dim: number;
  name: string;
  leaf: boolean;
}

export class ExportReader {
  /** Complete lines read so far. */
  lines = 0;
  /** Cells given so far. */
  cells = 0;
  private readonly members = new Map<string, MemberInfo>();
  private readonly lowerMembers = new Map<string, MemberInfo>();
  private readonly dims: number;
  private header: MemberInfo[] | null = null;
  private headerDim = -1;
  private readonly current: (MemberInfo | null)[];
  private first = true;
  private rest = "";
  private readonly decoder = new StringDecoder("utf8");

  constructor(outline: Pick<OutlineRead, "document" | "dimensions">) {
    this.dims = outline.dimensions.length;
    this.current = outline.dimensions.map(() => null);
    const leaves = outline.dimensions.map((d) => new Set(d.leaves));
    const walk = (dim: number, nodes: unknown[] | undefined) => {
      for (const n of nodes ?? []) {
        const m = n as { name: string; children?: unknown[] };
        this.add({ dim, name: m.name, leaf: (leaves[dim] as Set<string>).has(m.name) });
        walk(dim, m.children);
      }
    };
    outline.document.dimensions.forEach((d, dim) => {
      const doc = d as { name: string; members?: unknown[] };
      this.add({ dim, name: doc.name, leaf: false });
      walk(dim, doc.members);
    });
  }

  private add(m: MemberInfo): void {
    // A shared member has the name of the member it shares: the first (stored) one is kept.
    if (!this.members.has(m.name)) this.members.set(m.name, m);
    const lower = m.name.toLowerCase();
    if (!this.lowerMembers.has(lower)) this.lowerMembers.set(lower, m);
  }

  private member(name: string): MemberInfo {
    const m = this.members.get(name) ?? this.lowerMembers.get(name.toLowerCase());
    if (!m) throw new ExportFormatError(`line ${this.lines}: "${name}" is not a member of the outline read`);
    return m;
  }

  /** Where the reader stands after the lines given so far (a resume starts there). */
  state(): ExportReaderState {
    return {
      lines: this.lines,
      header: this.header ? this.header.map((m) => m.name) : null,
      current: this.current.map((m) => m?.name ?? null),
    };
  }

  /** Starts from `state` (a resume): the lines before it are skipped by the caller. */
  restore(state: ExportReaderState): void {
    this.lines = state.lines;
    this.first = state.lines === 0;
    this.header = state.header ? state.header.map((n) => this.member(n)) : null;
    this.headerDim = this.header?.[0]?.dim ?? -1;
    state.current.forEach((n, d) => {
      this.current[d] = n === null ? null : this.member(n);
    });
  }

  /** The data file's lines of the complete lines in `chunk` (and of the partial line before it). */
  push(chunk: Buffer): string {
    const text = this.rest + this.decoder.write(chunk);
    const last = text.lastIndexOf("\n");
    if (last < 0) {
      this.rest = text;
      return "";
    }
    this.rest = text.slice(last + 1);
    return this.read(text, last);
  }

  /** The data file's lines of what is left at the end of the file. */
  end(): string {
    const text = this.rest + this.decoder.end();
    this.rest = "";
    return text === "" ? "" : this.read(`${text}\n`, text.length);
  }

  private read(text: string, upTo: number): string {
    let out = "";
    let at = 0;
    while (at < upTo) {
      let end = text.indexOf("\n", at);
      if (end < 0 || end > upTo) end = upTo;
      this.lines++;
      out += this.line(text, at, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
      at = end + 1;
    }
    return out;
  }

  /** The members a line names, before its values (kept from line to line: no array per line). */
  private readonly lineNames: MemberInfo[] = [];

  /** Sets the members a line names (once the whole line before its values is known to be good). */
  private apply(names: readonly MemberInfo[]): void {
    for (const m of names) {
      if (m.dim === this.headerDim)
        throw new ExportFormatError(`line ${this.lines}: "${m.name}" is in the dimension of the columns`);
      this.current[m.dim] = m;
    }
  }

  /**
   * One line, `text[from, to)`: sets the members it names, and answers the data file's lines of its values,
   * written as they are read (no list of values per line).
   */
  private line(text: string, from: number, to: number): string {
    const names = this.lineNames;
    names.length = 0;
    let out = "";
    // -1 until the line's first value; then the column of the next value.
    let k = -1;
    let before = "";
    let after = "";
    let upper = false;
    let i = from;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9) {
        i++;
        continue;
      }
      if (c === 34) {
        const close = text.indexOf('"', i + 1);
        if (close < 0 || close >= to)
          throw new ExportFormatError(`line ${this.lines}: a quotation mark is not closed`);
        if (k >= 0) throw new ExportFormatError(`line ${this.lines}: a member comes after a value`);
        names.push(this.member(text.slice(i + 1, close)));
        i = close + 1;
        continue;
      }
      let j = i + 1;
      while (j < to && text.charCodeAt(j) !== 32 && text.charCodeAt(j) !== 9) j++;
      const word = text.slice(i, j);
      i = j;
      const missing = c === 35 && DATA_MISSING.test(word);
      if (!missing && !DATA_NUMBER.test(word)) {
        if (k >= 0) throw new ExportFormatError(`line ${this.lines}: a member comes after a value`);
        names.push(this.member(word));
        continue;
      }
      if (k < 0) {
        // The first value: the line's names take effect, and the members of the other dimensions are known.
        this.first = false;
        this.apply(names);
        k = 0;
        for (let d = 0; d < this.dims; d++) {
          if (d === this.headerDim) continue;
          const m = this.current[d];
          if (!m)
            throw new ExportFormatError(`line ${this.lines}: no member of dimension ${d + 1} has been named`);
          // An upper-level member (a dense dimension's, stored in a level-0 block): not a cell of the copy.
          if (!m.leaf) upper = true;
          if (this.headerDim < 0 || d < this.headerDim) before += `${m.name}\t`;
          else after += `\t${m.name}`;
        }
      }
      const header = this.header;
      if (header ? k >= header.length : k >= 1)
        throw new ExportFormatError(`line ${this.lines}: more values than the columns named`);
      const col = header ? (header[k] as MemberInfo) : null;
      k++;
      if (missing || upper || (col !== null && !col.leaf)) continue;
      const value = String(Number(word));
      out += col ? `${before}${col.name}${after}\t${value}\n` : `${before}${value}\n`;
      this.cells++;
    }
    if (k >= 0 || names.length === 0) return out;
    // A line of names only: the column line (the file's first), or members that stay in force.
    if (this.first) {
      this.first = false;
      const dim = names[0]?.dim;
      if (names.length > 1 && names.every((m) => m.dim === dim)) {
        this.header = [...names];
        this.headerDim = dim as number;
        return "";
      }
    }
    this.apply(names);
    return "";
  }
}

/** The bytes after the first `lines` line breaks of `chunk`, and how many breaks it held (a resume skips them). */
export function skipLines(chunk: Buffer, lines: number): { rest: Buffer | null; skipped: number } {
  let at = 0;
  let skipped = 0;
  while (skipped < lines) {
    const nl = chunk.indexOf(10, at);
    if (nl < 0) return { rest: null, skipped };
    skipped++;
    at = nl + 1;
  }
  return { rest: chunk.subarray(at), skipped };
}
