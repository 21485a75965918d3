import { isMissingText, numberOfText } from "../grid/parse.ts";
import type { Dimension, Member } from "../outline.ts";
import type { SubmitFormRequest } from "./calls.ts";
import { gridInvalid as invalid, PlanningError } from "./errors.ts";
import { type FormCube, formCell, type LaidOutForm, showValue } from "./forms.ts";

/** What a submit will do with each data cell of the grid, decided before anything is written. */
export type PlannedCell =
  | { kind: "skip"; row: number; column: number; status: "read-only" | "invalid"; raw: string }
  | { kind: "text"; row: number; column: number; tuple: Member[]; text: string; truncated: boolean }
  | { kind: "value"; row: number; column: number; tuple: Member[]; value: number | null; shown?: string };

/**
 * Reads a submitted form grid against the form laid out for its POV: finds each row and column on the form
 * (through `codes`, else labels), and plans every data cell — write a number or a text, or skip it
 * (`read-only`, `invalid`); with `cells`, only the cells listed are planned. Throws `PLANNING_GRID_INVALID` for a header not on the form and
 * `PLANNING_CELL_TOO_LONG` (naming every cell) for texts over 255 characters without `enableLargeCellSubmit`.
 */
export function planSubmit(
  store: FormCube,
  laid: LaidOutForm,
  req: SubmitFormRequest,
  missingLabel: string,
): PlannedCell[] {
  const grid = req.grid;
  if (!Array.isArray(grid)) {
    throw invalid(
      { en: "The grid must be an array of rows.", fr: "la grille doit être une liste de lignes." },
      "grid",
    );
  }
  const H = laid.colDims.length;
  const L = laid.rowDims.length;
  const label = (r: number, c: number): string => {
    const code = req.codes?.[r]?.[c];
    if (typeof code === "string" && code.trim() !== "") return code;
    const g = grid[r]?.[c];
    return g === null || g === undefined ? "" : String(g);
  };
  const resolveHeader = (r: number, c: number, dim: Dimension): Member => {
    const text = label(r, c).trim();
    const m = store.outline.resolve(text, "Default") ?? store.outline.resolve(text, null);
    const hit =
      m && m.dimension === dim
        ? m
        : dim.members.find((x) => x.aliases.size > 0 && [...x.aliases.values()].includes(text));
    if (!hit) {
      throw invalid(
        {
          en: `The cell at row ${r}, column ${c} ("${text}") is not a member of ${dim.name}.`,
          fr: `la cellule de la ligne ${r}, colonne ${c} («\u00a0${text}\u00a0») n'est pas un membre de ${dim.name}.`,
        },
        `grid[${r}][${c}]`,
      );
    }
    return hit;
  };
  // A loop, not Math.max(...rows): a grid of half a million rows is more arguments than a call takes.
  const width = grid.reduce((w, row) => (Array.isArray(row) && row.length > w ? row.length : w), 0);
  const cols: (LaidOutForm["cols"][number] | undefined)[] = [];
  for (let c = L; c < width; c++) {
    let empty = true;
    const members = laid.colDims.map((d, h) => {
      if (label(h, c).trim() === "") return d.root;
      empty = false;
      return resolveHeader(h, c, d);
    });
    if (empty) {
      cols[c] = undefined;
      continue;
    }
    const col = laid.cols.find((x) => x.members.every((m, i) => m.stored === members[i]?.stored));
    if (!col) {
      const names = members.map((m) => m.name).join(", ");
      throw invalid(
        {
          en: `Column ${c} (${names}) is not on form.`,
          fr: `la colonne ${c} (${names}) ne figure pas sur le formulaire.`,
        },
        `grid[0][${c}]`,
      );
    }
    cols[c] = col;
  }
  // With the changed cells listed, every other cell is no edit: a value the client did not change is never
  // written back over one another user saved since the form was opened.
  const listed = req.cells ? new Set(req.cells.map((c) => `${c.row},${c.column}`)) : null;
  const planned: PlannedCell[] = [];
  const tooLong: { row: number; column: number; length: number }[] = [];
  let previous: Member[] = [];
  for (let r = H; r < grid.length; r++) {
    const rowCells = grid[r] ?? [];
    if (!Array.isArray(rowCells)) {
      throw invalid(
        { en: `Row ${r} is not an array.`, fr: `la ligne ${r} n'est pas une liste.` },
        `grid[${r}]`,
      );
    }
    const cellText = (c: number): string => {
      const v = rowCells[c];
      return v === null || v === undefined ? "" : String(v).trim();
    };
    const headersBlank = laid.rowDims.every((_, l) => label(r, l).trim() === "");
    if (headersBlank) {
      // A blank row is ignored; data under no member is an error, not a repeat of the row above.
      let hasData = false;
      for (let c = L; c < rowCells.length; c++) if (cellText(c) !== "") hasData = true;
      if (!hasData) continue;
      throw invalid(
        { en: `Row ${r} has data but no member.`, fr: `la ligne ${r} a des données mais aucun membre.` },
        `grid[${r}][0]`,
      );
    }
    const members = laid.rowDims.map((d, l) => {
      if (label(r, l).trim() === "" && previous[l]) return previous[l] as Member;
      return resolveHeader(r, l, d);
    });
    previous = members;
    const row = laid.rows.find((x) => x.members.every((m, i) => m.stored === members[i]?.stored));
    if (!row) {
      const names = members.map((m) => m.name).join(", ");
      throw invalid(
        {
          en: `Row ${r} (${names}) is not on form.`,
          fr: `la ligne ${r} (${names}) ne figure pas sur le formulaire.`,
        },
        `grid[${r}][0]`,
      );
    }
    for (let c = L; c < width; c++) {
      const col = cols[c];
      if (!col) continue;
      if (listed && !listed.has(`${r},${c}`)) continue;
      const rawCell = rowCells[c];
      const raw = rawCell === null || rawCell === undefined ? "" : String(rawCell);
      const cell = formCell(store, laid, row, col);
      if (cell.blocker) {
        // A protected cell is reported only when the grid tries to change it: an empty cell is no edit (as for a
        // writable cell below), whatever the cell holds.
        const now = cell.text ? store.texts.get(cell.tuple) : store.data.read(cell.tuple);
        const shown = showValue(cell, now, missingLabel);
        const same =
          raw.trim() === "" ||
          raw.trim() === shown ||
          (now === null && isMissingText(raw, missingLabel)) ||
          (typeof now === "number" && numberOfText(raw) === now);
        if (!same) planned.push({ kind: "skip", row: r, column: c, status: "read-only", raw });
        continue;
      }
      // An empty cell is not an edit (the missing label clears a cell), as in the ad hoc submit.
      if (raw.trim() === "") continue;
      if (cell.text) {
        const isMissing = isMissingText(raw, missingLabel);
        const text = isMissing ? "" : raw;
        if (text.length > 255) {
          if (!req.enableLargeCellSubmit) tooLong.push({ row: r, column: c, length: text.length });
          planned.push({
            kind: "text",
            row: r,
            column: c,
            tuple: cell.tuple,
            text: firstCharacters(text, 255),
            truncated: true,
          });
        } else {
          planned.push({ kind: "text", row: r, column: c, tuple: cell.tuple, text, truncated: false });
        }
        continue;
      }
      const t = raw.trim();
      if (isMissingText(t, missingLabel)) {
        planned.push({ kind: "value", row: r, column: c, tuple: cell.tuple, value: null });
        continue;
      }
      if (cell.smartList) {
        // A Smart List cell takes an entry label (or its number).
        const i = cell.smartList.entries.findIndex((e) => e.toLowerCase() === t.toLowerCase());
        const n = i >= 0 ? i + 1 : Number(t);
        if (Number.isInteger(n) && n >= 1 && n <= cell.smartList.entries.length) {
          const shown = cell.smartList.entries[n - 1];
          planned.push({ kind: "value", row: r, column: c, tuple: cell.tuple, value: n, shown });
        } else planned.push({ kind: "skip", row: r, column: c, status: "invalid", raw });
        continue;
      }
      // Commas only as thousands separators: `1,25` is refused, never read as 125.
      const n = typeof rawCell === "number" ? rawCell : numberOfText(t);
      if (!Number.isFinite(n)) {
        planned.push({ kind: "skip", row: r, column: c, status: "invalid", raw });
        continue;
      }
      planned.push({ kind: "value", row: r, column: c, tuple: cell.tuple, value: n });
    }
  }
  if (tooLong.length > 0) {
    const where = tooLong.map((t) => `grid[${t.row}][${t.column}] (${t.length} characters)`).join(", ");
    throw new PlanningError(
      "PLANNING_CELL_TOO_LONG",
      `Text cells are limited to 255 characters: ${where}. Shorten them or submit with enableLargeCellSubmit to keep the first 255 characters.`,
      `grid[${tooLong[0]?.row}][${tooLong[0]?.column}]`,
      {
        cells: tooLong,
        // The first cell at fault, as the caller's own wording names it: its row and column counted from 1, as
        // a user counts them (`field` and `cells` count from 0, as the grid's indexes).
        params: {
          row: String((tooLong[0]?.row ?? 0) + 1),
          column: String((tooLong[0]?.column ?? 0) + 1),
          length: String(tooLong[0]?.length),
        },
      },
    );
  }
  return planned;
}

/**
 * The first `count` UTF-16 units of `text`, one fewer when the last would be the first half of a character written
 * with two (an emoji): a text is never cut in the middle of a character, whose half alone no text can hold. Also
 * the cut of the `planning-rest` connector's submit (Submit with large cell).
 */
export function firstCharacters(text: string, count: number): string {
  const cut = text.slice(0, count);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
