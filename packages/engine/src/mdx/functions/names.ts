import { FUNCTIONS, METHOD_TABLE, NAVIGATION_TABLE } from "./library.ts";

/**
 * The names the engine's MDX runs, read from its function tables (so a list of them, such as the documentation's,
 * cannot name one it lacks or miss one it has): the functions (`CrossJoin(…)`) and the methods written after a
 * member, level or dimension (`.Children`), each in alphabetical order.
 */
export const MDX_FUNCTION_NAMES: {
  readonly functions: readonly string[];
  readonly methods: readonly string[];
} = {
  functions: [...FUNCTIONS.keys()].sort(),
  methods: [...METHOD_TABLE.keys(), ...NAVIGATION_TABLE.keys()].sort(),
};
