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
