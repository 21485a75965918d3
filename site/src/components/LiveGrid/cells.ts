/** A sheet cell, 0-based. */
export interface GridCell {
  row: number;
  column: number;
}

export const sameCell = (a: GridCell, b: GridCell): boolean => a.row === b.row && a.column === b.column;

/**
 * A data value as the page's language writes a number: 1234,5 on a French page (the grid holds 1234.5, as the API
 * returns it), as French Excel shows it. Any other text is shown as it is.
 */
export function writtenIn(value: string, french: boolean): string {
  return french && /^-?\d+\.\d+$/.test(value) ? value.replace(".", ",") : value;
}

/** What a reader typed in a cell, as the grid holds it: 15000,5 typed on a French page is 15000.5. */
export function readIn(typed: string, french: boolean): string {
  const t = typed.trim();
  return french && /^-?\d+,\d+$/.test(t) ? t.replace(",", ".") : typed;
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(column: number): string {
  let n = column + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** `B3` for row 2, column 1; a negative row gives the column letter alone. */
export function cellName(c: GridCell): string {
  return c.row < 0 ? columnLetter(c.column) : `${columnLetter(c.column)}${c.row + 1}`;
}

export function clampCell(c: GridCell, rows: number, columns: number): GridCell {
  return {
    row: Math.max(0, Math.min(c.row, rows - 1)),
    column: Math.max(0, Math.min(c.column, columns - 1)),
  };
}

export function moveCell(
  c: GridCell,
  dRow: number,
  dColumn: number,
  rows: number,
  columns: number,
): GridCell {
  return clampCell({ row: c.row + dRow, column: c.column + dColumn }, rows, columns);
}
