/** An error a client can act on: a stable code, a message, the offending field. Answered as 4xx. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    status?: number,
  ) {
    super(message);
    this.status = status ?? statusOf(code);
  }
}

const STATUS: Record<string, number> = {
  QB_ERR_VALIDATION: 400,
  QB_ERR_JSON_MALFORMED: 400,
  QB_ERR_CONNECTOR_INVALID: 400,
  QB_ERR_CONNECTOR_FAMILY: 400,
  QB_ERR_CONNECTOR_MISMATCH: 400,
  QB_ERR_PROVIDER_ADDRESS: 400,
  QB_ERR_AUTH_KEY_MISSING: 401,
  QB_ERR_AUTH_KEY_INVALID: 401,
  QB_ERR_SESSION_UNKNOWN: 401,
  QB_ERR_LOGIN_FAILED: 401,
  QB_ERR_SESSION_FORBIDDEN: 403,
  QB_ERR_HOST_NOT_ALLOWED: 403,
  QB_ERR_NOT_FOUND: 404,
  QB_ERR_SERVER_UNKNOWN: 404,
  QB_ERR_APPLICATION_UNKNOWN: 404,
  QB_ERR_CUBE_UNKNOWN: 404,
  QB_ERR_ALIAS_TABLE_UNKNOWN: 404,
  QB_ERR_BODY_TOO_LARGE: 413,
  QB_ERR_GRID_TOO_LARGE: 413,
  QB_ERR_GRID_INVALID: 422,
  QB_ERR_MEMBER_UNKNOWN: 422,
  QB_ERR_RATE_LIMITED: 429,
  QB_ERR_MEDIA_TYPE: 415,
  QB_ERR_METHOD_NOT_ALLOWED: 405,
  QB_ERR_DIMENSION_UNKNOWN: 404,
  QB_ERR_SCRIPT_UNKNOWN: 404,
  QB_ERR_CALC_FAILED: 422,
  QB_ERR_OPERATION_UNSUPPORTED: 422,
  QB_ERR_SELECTION_INVALID: 422,
  QB_ERR_PIVOT_LAST_DIMENSION: 422,
  QB_ERR_INTERNAL: 500,
  QB_ERR_PROVIDER_UNREACHABLE: 502,
  QB_ERR_PROVIDER_ERROR: 502,
};

export function statusOf(code: string): number {
  return STATUS[code] ?? 400;
}
