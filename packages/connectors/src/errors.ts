/**
 * Errors a provider answers, in domain terms. The API server maps each code to one registry code
 * (`QB_ERR_*`) and its HTTP status, in one place (`packages/server/src/provider-errors.ts`); a provider
 * knows nothing of HTTP.
 */
export type ProviderErrorCode =
  /** The input does not make sense for this operation (a missing form name, a bad filter argument). */
  | "INVALID_INPUT"
  | "LOGIN_FAILED"
  /** No provider can serve this address (no client for that server's protocol yet). */
  | "NO_CONNECTOR"
  /** The operation or option is not available on this kind of server (capability table). */
  | "UNSUPPORTED"
  | "SERVER_UNKNOWN"
  | "APPLICATION_UNKNOWN"
  | "CUBE_UNKNOWN"
  | "DIMENSION_UNKNOWN"
  | "MEMBER_UNKNOWN"
  | "ALIAS_TABLE_UNKNOWN"
  | "SCRIPT_UNKNOWN"
  | "CALC_FAILED"
  | "GRID_INVALID"
  /** The answer would exceed the caller's cell budget (`GridInput.maxCells`); params `cells` and `max`. */
  | "GRID_TOO_LARGE"
  | "SELECTION_INVALID"
  /** An MDX query that is not MDX; params `token`, `line`, `column` (1-based), `reason`. */
  | "MDX_SYNTAX"
  /** An MDX query that cannot run (unknown function, wrong argument, another cube); same params. */
  | "MDX_INVALID"
  | "PIVOT_LAST_DIMENSION"
  | "FOLDER_UNKNOWN"
  | "FORM_UNKNOWN"
  | "FORM_TYPE_MISMATCH"
  | "CELL_TOO_LONG"
  | "RULE_UNKNOWN"
  | "PROMPT_UNKNOWN"
  | "PROMPT_MISSING"
  | "PROMPT_INVALID"
  | "RULE_FAILED"
  | "TASKLIST_UNKNOWN"
  | "TASK_UNKNOWN"
  /** The server (or the embedded engine) could not do what was asked, with its own message. */
  | "PROVIDER_FAILED"
  /** The provider address's host is not on the allow-list (checked again before any connection). */
  | "HOST_NOT_ALLOWED"
  /** The host resolves to a loopback, private, link-local or metadata address and is not listed exactly. */
  | "ADDRESS_INTERNAL"
  /** The server cannot be reached: no such name, connection refused, TLS certificate not trusted. */
  | "UPSTREAM_UNREACHABLE"
  /** The server did not answer within the connect or read timeout. */
  | "UPSTREAM_TIMEOUT"
  /** The server answered something that is not what its protocol says (bad JSON, missing fields). */
  | "UPSTREAM_MALFORMED"
  /**
   * A save's grid was read (its `dataVersion`) before another change to cells it writes: nothing was written;
   * `conflicts` lists those cells.
   */
  | "SAVE_CONFLICT"
  /** The provider holds no upstream session for this API session any more (restart, other node): log in again. */
  | "SESSION_LOST";

export type ProviderErrorParams = Readonly<Record<string, string | number>>;

export class ProviderError extends Error {
  override readonly name = "ProviderError";

  /**
   * @param params the parameters of the registry's message template for this code; `null` when only the
   *   (English) `message` says what went wrong.
   * @param field the input at fault (`grid[3][1]`, `action.script`, `prompts[0]`), or `null`.
   */
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly params: ProviderErrorParams | null = null,
    readonly field: string | null = null,
    /** The grid cells at fault, for `SAVE_CONFLICT`. */
    readonly conflicts: readonly { row: number; column: number }[] | null = null,
  ) {
    super(message);
  }
}
