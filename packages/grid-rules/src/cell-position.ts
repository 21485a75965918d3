/** A cell of a grid, by its row and column (from 0). */
export interface CellPosition {
  row: number;
  column: number;
}
