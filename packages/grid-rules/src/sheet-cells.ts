/** The cells of a sheet as a client sent it (rows of cells): what is not a list of rows holds none. */
export function sheetCells(sheet: unknown): number {
  if (!Array.isArray(sheet)) return 0;
  let n = 0;
  for (const row of sheet) n += Array.isArray(row) ? row.length : 0;
  return n;
}
