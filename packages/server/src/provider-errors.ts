import type { ErrorCode } from "@qibates/provider";
import { ERROR_CODES, ProviderError, type ProviderErrorCode, type ProviderText } from "@qibates/provider";
import { ApiError } from "./api-error.ts";

/**
 * The one place where a provider's errors become the registry's: each domain code has one `QB_ERR_*` code,
 * answered with that code's status. The message is the registry's template, in the caller's language, when
 * the provider gave its parameters; otherwise the provider's own words.
 */
const REGISTRY: Readonly<Record<ProviderErrorCode, ErrorCode>> = {
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
  // A job refused past its owner's or the server's bound: 429, "retry in {seconds} seconds".
  BUSY: "QB_ERR_RATE_LIMITED",
};

/**
 * The reason of `QB_ERR_OPERATION_UNSUPPORTED` as its message ends it (the template adds the full stop): from
 * the capability table in each language, or a connector's own words (English, like the servers' messages).
 */
export function unsupportedReason(why: ProviderText | string): ProviderText | string {
  const trim = (text: string) => text.trim().replace(/\.$/, "");
  return typeof why === "string" ? trim(why) : { en: trim(why.en), fr: trim(why.fr) };
}

/** The registry code a provider error is answered with (for tests and documentation). */
export function registryCodeOf(code: ProviderErrorCode): ErrorCode {
  return REGISTRY[code];
}

/**
 * `QB_ERR_GRID_TOO_LARGE` with its reason in both languages: the grid sent (`sent`) or the answer had, or
 * would have had at least, `cells` cells, over the `max` allowed.
 */
export function gridTooLarge(cells: number, max: number, sent: boolean, field: string): ApiError {
  const reason = sent
    ? {
        en: `${cells} cells sent, at most ${max} accepted`,
        fr: `${cells} cellules envoyées, ${max} au plus acceptées`,
      }
    : {
        en: `the answer would have at least ${cells} cells, at most ${max} allowed`,
        fr: `la réponse aurait au moins ${cells} cellules, ${max} au plus permises`,
      };
  return new ApiError("QB_ERR_GRID_TOO_LARGE", { reason }, field);
}

/** Rethrows a provider error as the API error it stands for; anything else as it is (a 500). */
export function providerError(e: unknown): never {
  if (e instanceof ProviderError && e.code === "GRID_TOO_LARGE") {
    throw gridTooLarge(Number(e.params?.cells ?? 0), Number(e.params?.max ?? 0), false, e.field ?? "grid");
  }
  if (e instanceof ProviderError) {
    const params =
      e.code === "UNSUPPORTED" &&
      e.params &&
      typeof e.params.reason !== "number" &&
      e.params.reason !== undefined
        ? { ...e.params, reason: unsupportedReason(e.params.reason) }
        : e.params;
    const code = REGISTRY[e.code];
    // A registry message with nothing to fill in (a refused login, a lost session) is always the registry's, in
    // the caller's language; otherwise the provider's own words stand when it gave no parameters.
    const plain = !ERROR_CODES[code].en.includes("{");
    const error = new ApiError(code, params ?? (plain ? {} : e.message), e.field);
    if (e.conflicts) error.conflicts = e.conflicts.map(({ row, column }) => ({ row, column }));
    throw error;
  }
  throw e;
}

/** Calls a provider operation; its errors come back as API errors. */
export async function fromProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    providerError(e);
  }
}
