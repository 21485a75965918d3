import { answerGridSize, type GridAnswer, ProviderError } from "@qibates/provider";

/**
 * The refusal of an answer of more than `max` cells (`MAX_GRID_CELLS`), whatever the provider that answered and
 * whichever endpoint asked: the embedded engine refuses such a query before it is run (it is given `maxCells`),
 * a provider in front of another server may answer it.
 */
export function checkAnswerCells(
  answer: GridAnswer<{ grid: readonly (readonly unknown[])[] }>,
  max: number,
): void {
  const { rows, columns } = answerGridSize(answer);
  const cells = rows * columns;
  if (cells <= max) return;
  throw new ProviderError(
    "GRID_TOO_LARGE",
    `The query answers ${cells.toLocaleString("en-US")} cells, more than the ${max.toLocaleString("en-US")} allowed`,
    { cells, max },
    "query",
  );
}
