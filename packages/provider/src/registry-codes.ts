import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorLocale,
  type ErrorParams,
  formatErrorMessage,
} from "./error-codes.ts";
import type { ProviderError, ProviderErrorCode } from "./errors.ts";

/**
 * The one place where a provider's errors become the registry's: each domain code has one `QB_ERR_*` code,
 * answered with that code's status (the server answers with it, and a page that runs the engine in the browser
 * says its errors with it).
 */
export const PROVIDER_ERROR_REGISTRY: Readonly<Record<ProviderErrorCode, ErrorCode>> = {
  INVALID_INPUT: "QB_ERR_VALIDATION",
  LOGIN_FAILED: "QB_ERR_LOGIN_FAILED",
  NO_CONNECTOR: "QB_ERR_PROVIDER_ERROR",
  UNSUPPORTED: "QB_ERR_OPERATION_UNSUPPORTED",
  SERVER_UNKNOWN: "QB_ERR_SERVER_UNKNOWN",
  APPLICATION_UNKNOWN: "QB_ERR_APPLICATION_UNKNOWN",
  CUBE_UNKNOWN: "QB_ERR_CUBE_UNKNOWN",
  DIMENSION_UNKNOWN: "QB_ERR_DIMENSION_UNKNOWN",
  MEMBER_UNKNOWN: "QB_ERR_MEMBER_UNKNOWN",
  ALIAS_TABLE_UNKNOWN: "QB_ERR_ALIAS_TABLE_UNKNOWN",
  SCRIPT_UNKNOWN: "QB_ERR_SCRIPT_UNKNOWN",
  CALC_FAILED: "QB_ERR_CALC_FAILED",
  GRID_INVALID: "QB_ERR_GRID_INVALID",
  GRID_TOO_LARGE: "QB_ERR_GRID_TOO_LARGE",
  SELECTION_INVALID: "QB_ERR_SELECTION_INVALID",
  MDX_SYNTAX: "QB_ERR_MDX_SYNTAX",
  MDX_INVALID: "QB_ERR_MDX_INVALID",
  PIVOT_LAST_DIMENSION: "QB_ERR_PIVOT_LAST_DIMENSION",
  FOLDER_UNKNOWN: "QB_ERR_FOLDER_UNKNOWN",
  FORM_UNKNOWN: "QB_ERR_FORM_UNKNOWN",
  FORM_TYPE_MISMATCH: "QB_ERR_FORM_TYPE_MISMATCH",
  CELL_TOO_LONG: "QB_ERR_CELL_TOO_LONG",
  RULE_UNKNOWN: "QB_ERR_RULE_UNKNOWN",
  PROMPT_UNKNOWN: "QB_ERR_PROMPT_UNKNOWN",
  PROMPT_MISSING: "QB_ERR_PROMPT_MISSING",
  PROMPT_INVALID: "QB_ERR_PROMPT_INVALID",
  RULE_FAILED: "QB_ERR_RULE_FAILED",
  TASKLIST_UNKNOWN: "QB_ERR_TASKLIST_UNKNOWN",
  TASK_UNKNOWN: "QB_ERR_TASK_UNKNOWN",
  PROVIDER_FAILED: "QB_ERR_PROVIDER_ERROR",
  HOST_NOT_ALLOWED: "QB_ERR_HOST_NOT_ALLOWED",
  ADDRESS_INTERNAL: "QB_ERR_HOST_INTERNAL_ADDRESS",
  UPSTREAM_UNREACHABLE: "QB_ERR_PROVIDER_UNREACHABLE",
  UPSTREAM_MALFORMED: "QB_ERR_PROVIDER_MALFORMED",
  SAVE_CONFLICT: "QB_ERR_SAVE_CONFLICT",
  SESSION_LOST: "QB_ERR_SESSION_UNKNOWN",
  // A job refused past its owner's or the server's bound: 429, "retry in {seconds} s" (a unit symbol: "1 seconds" would be wrong).
  BUSY: "QB_ERR_RATE_LIMITED",
};

/** The registry code a provider error is answered with. */
export function registryCodeOf(code: ProviderErrorCode): ErrorCode {
  return PROVIDER_ERROR_REGISTRY[code];
}

/**
 * What fills the registry message of a provider error: its parameters; with none, nothing for a message that
 * needs nothing (a refused login, a lost session), or else the provider's own words (a string, said as they are).
 */
export function registryParams(e: ProviderError): ErrorParams | string {
  if (e.params) return e.params;
  return ERROR_CODES[registryCodeOf(e.code)].en.includes("{") ? e.message : {};
}

/** A provider error's message as the API says it, in `locale`. */
export function providerErrorMessage(e: ProviderError, locale: ErrorLocale): string {
  const params = registryParams(e);
  return typeof params === "string" ? params : formatErrorMessage(registryCodeOf(e.code), params, locale);
}
