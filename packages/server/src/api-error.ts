import {
  type ErrorCode,
  type ErrorLocale,
  type ErrorParams,
  errorDetail,
  errorStatus,
  formatErrorMessage,
  INTERNAL_ERROR_MESSAGE,
  isErrorCode,
  type RefusedBy,
  refusedBy,
} from "@qibates/provider";

type Params = ErrorParams;

/**
 * An error a client can act on: a registered code (`error-codes.ts`, the contract's `ErrorCode`), the
 * parameters of its message template and the offending field. Answered as `{code, message, field,
 * requestId}` with the code's status, the message in the caller's language.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ErrorCode;
  readonly params: Params;
  /** The grid cells at fault, answered as `conflicts` (`QB_ERR_SAVE_CONFLICT`). */
  conflicts: { row: number; column: number }[] | null = null;
  /** A message given in words rather than by template (English only); prefer template parameters. */
  private readonly fixedMessage: string | null;

  constructor(
    code: ErrorCode,
    paramsOrMessage: Params | string = {},
    readonly field?: string | null,
    status?: number,
  ) {
    const params = typeof paramsOrMessage === "string" ? {} : paramsOrMessage;
    const fixed = typeof paramsOrMessage === "string" ? paramsOrMessage : null;
    super(fixed ?? formatErrorMessage(code, params, "en"));
    if (!isErrorCode(code)) throw new TypeError(`unregistered error code ${code}`);
    this.code = code;
    this.params = params;
    this.fixedMessage = fixed;
    this.status = status ?? errorStatus(code);
  }

  localizedMessage(locale: ErrorLocale): string {
    if (this.code === "QB_ERR_INTERNAL") return INTERNAL_ERROR_MESSAGE;
    return this.fixedMessage ?? formatErrorMessage(this.code, this.params, locale);
  }
}

/** The body of an error answer, as every API call sends it (and an operation keeps it). */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  field: string | null;
  requestId: string;
  conflicts?: { row: number; column: number }[];
  /** For the developer: what the message leaves out for the person who reads it (the operation, the connector). */
  detail?: string;
  /** With `QB_ERR_RATE_LIMITED`: whether QiBates's own limit refused the call, or the server behind it. */
  refusedBy?: RefusedBy;
}

export function apiErrorBody(error: ApiError, locale: ErrorLocale, requestId: string): ApiErrorBody {
  const detail = errorDetail(error.code, error.params);
  const refused = refusedBy(error.code, error.params);
  return {
    code: error.code,
    message: error.localizedMessage(locale),
    field: error.field ?? null,
    requestId,
    ...(error.conflicts ? { conflicts: error.conflicts } : {}),
    ...(detail !== undefined ? { detail } : {}),
    ...(refused !== undefined ? { refusedBy: refused } : {}),
  };
}
