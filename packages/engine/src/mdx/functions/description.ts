/**
 * A short description, parameter list and example of a function or method of the engine's tables, for
 * MDSCHEMA_FUNCTIONS, given beside its definition (`fn(…).described({…})`, a method's `description`) and gathered
 * in `MDX_FUNCTION_DESCRIPTIONS` (`names.ts`). Those of the 37 functions the XMLA endpoint described in its own
 * list (Avg, Children, CrossJoin…, removed in commit 25dbc851 when MDSCHEMA_FUNCTIONS came to read the OLAP port)
 * are as it described them, with its test's examples. The parameters are in SSAS's form («…» placeholders, `[…]`
 * optional), the group is SSAS's `INTERFACE_NAME`, and the example is a set for `SELECT <example> ON COLUMNS FROM
 * Basic` on Sample.Basic that uses it. The descriptions are QiBates's own. `test/mdx/descriptions.test.ts` runs
 * every example, and checks that every name of the tables has one.
 */
export interface MdxFunctionDescription {
  group: "Set" | "Navigation" | "Metadata" | "Logical" | "Value" | "Statistical";
  parameters: string;
  description: string;
  /** What a method is written after («Member», «Set», «Level»); absent for a function. */
  object?: string;
  example: string;
}

/** A placeholder of a parameter list: «Set». */
export const q = (name: string) => `\u00ab${name}\u00bb`;
export const S = q("Set");
export const M = q("Member");
export const N = q("Numeric Expression");
export const STR = q("String");
export const L = q("Level");
export const D = q("Date");

/** A value used in a filter: keeps [East] when the expression holds (a value example as a set). */
export const holds = (cond: string) => `Filter({[East]}, ${cond})`;
