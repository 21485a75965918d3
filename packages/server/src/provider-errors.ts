import {
  ProviderError,
  type ProviderText,
  quantity,
  registryCodeOf,
  registryParams,
} from "@qibates/provider";
import { ApiError } from "./api-error.ts";

/**
 * The reason of `QB_ERR_OPERATION_UNSUPPORTED` as its message ends it (the template adds the full stop): from
 * the capability table in each language, or a connector's own words (English, like the servers' messages).
 */
export function unsupportedReason(why: ProviderText | string): ProviderText | string {
  const trim = (text: string) => text.trim().replace(/\.$/, "");
  return typeof why === "string" ? trim(why) : { en: trim(why.en), fr: trim(why.fr) };
}

/**
 * `QB_ERR_GRID_TOO_LARGE` with its reason in both languages: the grid sent (`sent`) or the answer had, or
 * would have had at least, `cells` cells, over the `max` allowed.
 */
export function gridTooLarge(count: number, most: number, sent: boolean, field: string | null): ApiError {
  const cells = quantity(count);
  const max = quantity(most);
  const reason = sent
    ? {
        en: `${cells.en} cells sent, at most ${max.en} accepted`,
        fr: `${cells.fr}\u00a0cellules envoyées, ${max.fr} au plus acceptées`,
      }
    : {
        en: `the answer would have at least ${cells.en} cells, at most ${max.en} allowed`,
        fr: `la réponse aurait au moins ${cells.fr}\u00a0cellules, ${max.fr} au plus permises`,
      };
  return new ApiError("QB_ERR_GRID_TOO_LARGE", { reason }, field);
}

/**
 * `QB_ERR_GRID_TOO_LARGE` for an answer within the cells allowed but with more rows or columns than a grid call
 * accepts (`limits`, the contract's): refused, as a grid the caller could not send back.
 */
export function answerTooLong(
  size: { rows: number; columns: number },
  limits: { rows: number; columns: number },
): ApiError {
  const rows = size.rows > limits.rows;
  const n = quantity(rows ? size.rows : size.columns);
  const max = quantity(rows ? limits.rows : limits.columns);
  const [en, fr] = rows ? ["rows", "lignes"] : ["columns", "colonnes"];
  return new ApiError(
    "QB_ERR_GRID_TOO_LARGE",
    {
      reason: {
        en: `the answer would have ${n.en} ${en}, at most ${max.en} allowed (the most a grid call accepts)`,
        fr: `la réponse aurait ${n.fr}\u00a0${fr}, ${max.fr} au plus permises (le plus qu'un appel de grille accepte)`,
      },
    },
    "cells",
  );
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
    // The registry's template in the caller's language when the provider gave its parameters (or the template
    // needs none); otherwise the provider's own words.
    const error = new ApiError(registryCodeOf(e.code), params ?? registryParams(e), e.field);
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
