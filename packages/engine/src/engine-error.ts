/**
 * The one shape of every error the engine throws: a stable `code` a caller can map, an English `message`, and
 * the input at fault (`field`: a grid cell such as `grid[3][1]`, a form field, a prompt…), or `null`.
 */
export class EngineError extends Error {
  override readonly name: string = "EngineError";
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/**
 * A count or a limit in the engine's English messages: thousands grouped with commas ("65,536"), as the API's
 * English messages write them (`formatNumber` of @qibates/provider, which the engine does not depend on).
 */
export function englishCount(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 20 });
}
