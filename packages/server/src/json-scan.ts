/**
 * One pass over a JSON body's text before it is parsed: its nesting depth, and where its grid is, so that a
 * body of 10 MiB of `[` is refused unparsed and a large grid is parsed only where it is read.
 */

/**
 * True when `text` nests arrays and objects deeper than `limit`: one pass over the characters, brackets
 * inside strings ignored, so that a body of 10 MiB of `[` is refused before the JSON parser sees it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  return runSteps(depthSteps(text, limit));
}

/** Characters read between two pauses of a sliced scan ({@link scanJsonBodySteps}). */
export const SCAN_STEP_CHARS = 256 * 1024;

/** Runs a sliced scan to its end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function* depthSteps(text: string, limit: number): Generator<void, boolean> {
  let depth = 0;
  let inString = false;
  let pause = SCAN_STEP_CHARS;
  for (let i = 0; i < text.length; i++) {
    if (i >= pause) {
      pause = i + SCAN_STEP_CHARS;
      yield;
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Where a body's grid is in its text (`scanJsonBody`). */
export interface GridSpan {
  /** Its value, `text.slice(start, end)`: an array of arrays of strings. */
  start: number;
  end: number;
  /** Its cells (the rows' lengths added up, as `sheetCells` counts them). */
  cells: number;
  /** Its rows, and the length of its longest row. */
  rows: number;
  columns: number;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** What the contract's `GridInput` allows: rows, cells in a row, characters in a cell. */
export interface GridLimits {
  rows: number;
  rowCells: number;
  cellChars: number;
}

/** The grid limits of the contract's `GridInput` schema. */
export function gridLimitsOf(document: Record<string, unknown>): GridLimits {
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const grid = schemas.GridInput as {
    maxItems?: number;
    items?: { maxItems?: number; items?: { maxLength?: number } };
  };
  const rows = grid?.maxItems;
  const rowCells = grid?.items?.maxItems;
  const cellChars = grid?.items?.items?.maxLength;
  if (!rows || !rowCells || !cellChars)
    throw new Error("the contract's GridInput has no maxItems or maxLength");
  return { rows, rowCells, cellChars };
}

/**
 * The depth check of {@link jsonDepthExceeds}, and, in the same pass, where the top-level object's `grid`
 * member is when its value is an array of arrays of strings written as valid JSON: the grid's text and cell
 * count, without building it. `grid` is null whenever there is any doubt (a top-level key with an escape,
 * `grid` twice, a grid of another shape or beyond `gridLimits`, a syntax error in it): the caller then parses
 * the body whole, as any other, and its errors are the usual ones. A cell's characters are counted as written
 * (escapes included), never fewer than its value has: a grid this pass vouches for is one the contract accepts.
 */
export function scanJsonBody(text: string, limit: number, gridLimits: GridLimits): JsonBodyScan {
  return runSteps(scanJsonBodySteps(text, limit, gridLimits));
}

/** What {@link scanJsonBody} finds. */
export interface JsonBodyScan {
  tooDeep: boolean;
  grid: GridSpan | null;
}

/**
 * {@link scanJsonBody} in steps: it pauses every {@link SCAN_STEP_CHARS} characters, so that a caller can give the
 * event loop back between them (a body of 10 MiB is several slices, not one).
 */
export function* scanJsonBodySteps(
  text: string,
  limit: number,
  gridLimits: GridLimits,
): Generator<void, JsonBodyScan> {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let stringEscaped = false;
  // Top-level keys: the next string at depth 1 is a key; `gridKeys` counts the keys named "grid".
  let expectKey = false;
  let gridKeys = 0;
  let keyIsGrid = false;
  let awaitingGrid = false;
  let doubt = false;
  // The grid: -1 before it, then its start; `state` is what may come next inside it.
  let start = -1;
  let end = -1;
  let cells = 0;
  let rows = 0;
  let rowCells = 0;
  let columns = 0;
  let cellStart = 0;
  let state: "row-or-end" | "comma-or-end" | "row" | "cell-or-end" | "cell" | "cell-comma-or-end" =
    "row-or-end";
  const n = text.length;
  let nextBackslash = -2;
  let nextQuote = -2;
  let pause = SCAN_STEP_CHARS;
  for (let i = 0; i < n; i++) {
    if (i >= pause) {
      pause = i + SCAN_STEP_CHARS;
      yield;
    }
    const c = text.charCodeAt(i);
    const inGrid = start >= 0 && end < 0;
    if (inString) {
      if (inGrid) {
        // A cell: JSON's escapes only, no raw control character.
        if (c < 32) return { tooDeep: yield* depthSteps(text, limit), grid: null };
        if (c === 92) {
          const e = text.charCodeAt(i + 1);
          if (e === 117) {
            for (let k = i + 2; k < i + 6; k++)
              if (!isHex(text.charCodeAt(k))) return { tooDeep: yield* depthSteps(text, limit), grid: null };
            i += 5;
          } else if (
            e === 34 ||
            e === 92 ||
            e === 47 ||
            e === 98 ||
            e === 102 ||
            e === 110 ||
            e === 114 ||
            e === 116
          ) {
            i++;
          } else return { tooDeep: yield* depthSteps(text, limit), grid: null };
        } else if (c === 34) {
          inString = false;
          state = "cell-comma-or-end";
          if (i - cellStart - 1 > gridLimits.cellChars)
            return { tooDeep: yield* depthSteps(text, limit), grid: null };
        }
        continue;
      }
      if (c !== 92 && c !== 34) {
        // Outside the grid, a string's characters matter only up to its next `"` or `\`: jump there (where each
        // is next is remembered until passed, so that no part of the text is searched twice: a string of a
        // million escapes would otherwise search to its end once per escape).
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf("\\", i);
        if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
        const to =
          nextBackslash !== -1 && (nextQuote === -1 || nextBackslash < nextQuote) ? nextBackslash : nextQuote;
        i = (to === -1 ? n : to) - 1;
      } else if (c === 92) {
        stringEscaped = true;
        i++;
      } else {
        inString = false;
        if (depth === 1 && expectKey) {
          expectKey = false;
          keyIsGrid = !stringEscaped && i - stringStart === 5 && text.startsWith("grid", stringStart + 1);
          if (stringEscaped) doubt = true;
          if (keyIsGrid) gridKeys++;
        }
      }
      continue;
    }
    if (inGrid) {
      if (isSpace(c)) continue;
      if (depth === 2) {
        if (c === 91 && (state === "row-or-end" || state === "row") && ++rows <= gridLimits.rows) {
          depth++;
          state = "cell-or-end";
          rowCells = 0;
        } else if (c === 44 && state === "comma-or-end") state = "row";
        else if (c === 93 && (state === "row-or-end" || state === "comma-or-end")) {
          depth--;
          end = i + 1;
        } else doubt = true;
      } else if (
        c === 34 &&
        (state === "cell-or-end" || state === "cell") &&
        ++rowCells <= gridLimits.rowCells
      ) {
        inString = true;
        cellStart = i;
        cells++;
      } else if (c === 44 && state === "cell-comma-or-end") state = "cell";
      else if (c === 93 && (state === "cell-or-end" || state === "cell-comma-or-end")) {
        depth--;
        state = "comma-or-end";
        if (rowCells > columns) columns = rowCells;
      } else doubt = true;
      // Not a grid this pass can vouch for: the usual depth check, and the whole body parsed by the caller.
      if (doubt) return { tooDeep: yield* depthSteps(text, limit), grid: null };
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
      stringEscaped = false;
      if (depth === 1 && !expectKey && awaitingGrid) doubt = true;
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return { tooDeep: true, grid: null };
      if (depth === 1) {
        if (c === 123) expectKey = true;
        else doubt = true;
      } else if (depth === 2 && awaitingGrid) {
        awaitingGrid = false;
        if (c === 91 && start < 0) {
          start = i;
          state = "row-or-end";
        } else doubt = true;
      }
    } else if (c === 93 || c === 125) depth--;
    else if (depth === 1) {
      if (c === 58 && keyIsGrid) {
        awaitingGrid = true;
        keyIsGrid = false;
      } else if (c === 44) {
        expectKey = true;
        if (awaitingGrid) doubt = true;
      } else if (awaitingGrid && !isSpace(c)) doubt = true;
    }
  }
  if (doubt || gridKeys !== 1 || start < 0 || end < 0 || inString) return { tooDeep: false, grid: null };
  return { tooDeep: false, grid: { start, end, cells, rows, columns } };
}
