import type { MdxFunctionDescription } from "./description.ts";
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

/**
 * The description of each name of the tables, in alphabetical order, read from beside its definition: a
 * function's (`fn(…).described({…})`), or its method's when the method is what MDSCHEMA_FUNCTIONS names (with the
 * OBJECT it is written after). A name described twice is a mistake in the library.
 */
export const MDX_FUNCTION_DESCRIPTIONS: Readonly<Record<string, MdxFunctionDescription>> = (() => {
  const described = new Map<string, MdxFunctionDescription>();
  for (const entry of [...FUNCTIONS.values(), ...METHOD_TABLE.values(), ...NAVIGATION_TABLE.values()]) {
    if (!entry.description) continue;
    if (described.has(entry.name)) throw new Error(`The MDX function ${entry.name} is described twice`);
    const { group, parameters, description, example, object } = entry.description;
    described.set(entry.name, { group, parameters, description, example, ...(object ? { object } : {}) });
  }
  return Object.fromEntries([...described].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
})();
