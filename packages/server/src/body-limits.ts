import type { Config } from "./config.ts";

/** What a request's body may be: its size by kind of call, its nesting, its compression. */

/** Largest body of a call that carries no grid (login, navigation, metadata), unless BODY_LIMIT_BYTES is smaller. */
export const SMALL_BODY_BYTES = 64 * 1024;
/**
 * Room, beside a grid, for each of its cells named once in a list of cells (`{"row":123456,"column":12345},` is
 * 32 characters): a save may list every cell of its grid.
 */
export const CELL_REF_BYTES = 32;

/** Deepest nesting of arrays and objects a JSON body may have (a grid is three levels deep). */
export const MAX_JSON_DEPTH = 64;

/** Request encodings a grid call accepts; every other call takes its body uncompressed. */
export const REQUEST_ENCODINGS = ["gzip", "deflate", "br"] as const;

/** The body limit of a call: the configured maximum for grid calls, 64 KiB (at most) for the others. */
export function bodyLimitOf(config: Config, carriesGrid: boolean): number {
  return carriesGrid ? config.bodyLimitBytes : Math.min(SMALL_BODY_BYTES, config.bodyLimitBytes);
}
