import { MDX_FUNCTION_DESCRIPTIONS, oracleCoverage } from "@qibates/engine/mdx";
import type { OlapMdxCapabilities, OlapMdxFunction } from "@qibates/provider";

/**
 * What Essbase 21c's MDX runs, as Oracle's "Calculation and Query Reference" (esscq) publishes it: the OLAP port
 * of the essbase-rest provider sends every statement to the server's `…/grid/mdx`, so a client of an endpoint in
 * front of it is told what that MDX can do, not what the embedded engine can. Where the reference does not say
 * whether a feature exists, it is not claimed.
 */

/**
 * - Subselects: "MDX Sub Select" (esscq/mdx-sub-select.html) gives `FROM (SELECT <axis_specification>… FROM
 *   <cube_specification>)`, axes of members (on aggregate storage, members of one dimension of one level and
 *   hierarchy): the basic bit. Nothing there says that tuples of several dimensions that are no crossjoin keep
 *   only their combinations (ARBITRARYSHAPE) nor that `NON VISUAL` exists (the grammar has no such word): both off.
 * - Drill functions: Oracle's function list has DrilldownMember, DrilldownByLayer, DrillupMember and
 *   DrillupByLayer (DrillupLevel as its synonym), not Microsoft's DrilldownLevel nor its target hierarchy nor
 *   `INCLUDE_CALC_MEMBERS`: every bit off (Excel reads the two lowest as DrilldownLevel and DrilldownMember on
 *   tuples).
 * - Formulas: "MDX With Section" defines calculated members and named sets (`WITH MEMBER`, `WITH SET`); no
 *   `CREATE MEMBER`.
 * - Levels: "MDX Layer Specification" names a layer by its generation or level name (`[Market].[Region]`) and by
 *   number (`Levels(<dim>, n)`, `<dim>.Levels(n)`).
 */
export const ESSBASE_21C_MDX_CAPABILITIES: OlapMdxCapabilities = {
  subselects: { basic: true, arbitraryShape: false, nonVisual: false },
  drill: { basic: false, asymmetric: false, calculatedMembers: false },
  formulas: { withMembers: true, withSets: true },
  levels: { named: true, numbered: true },
};

const q = (name: string) => `\u00ab${name}\u00bb`;

/**
 * Oracle's functions the engine does not run (its table has no row for them), described from Oracle's pages in
 * our words, in SSAS's forms (MDSCHEMA_FUNCTIONS).
 */
const NOT_IN_ENGINE: Readonly<Record<string, Omit<OlapMdxFunction, "name">>> = {
  ATTRIBUTEEX: {
    group: "Set",
    parameters: `${q("Member")}|${q("Dimension")}, ANY, ${q("Tuple")}[, ${q("Tuple")}]`,
    description: "The base members associated with a varying attribute member, at a perspective.",
  },
  CASE: {
    group: "Logical",
    parameters: `[${q("Value")}] WHEN ${q("Expression")} THEN ${q("Expression")}... [ELSE ${q("Expression")}] END`,
    description: "The value of the first branch whose condition holds (or whose value matches), else ELSE's.",
  },
  CURRENTAXISMEMBER: {
    group: "Navigation",
    parameters: "(none)",
    description: "The member of the axis being evaluated, in a property expression (PROPERTY_EXPR).",
  },
  DATETOMEMBER: {
    group: "Navigation",
    parameters: `${q("Date")}, ${q("Dimension")}[, ${q("Layer")}]`,
    description: "The member of a date-time dimension that holds a date, at a layer (the leaves by default).",
  },
  ENUMTEXT: {
    group: "Value",
    parameters: `${q("Text List")}, ${q("Numeric Expression")}`,
    description: "The text that a text list maps to a number.",
  },
  ENUMVALUE: {
    group: "Value",
    parameters: `${q("Text List")}.${q("String")}`,
    description: "The number that a text list maps a text to.",
  },
  GETFIRSTDATE: {
    group: "Value",
    parameters: q("Member"),
    description: "The first date of a member of a date-time dimension.",
  },
  GETLASTDATE: {
    group: "Value",
    parameters: q("Member"),
    description: "The last date of a member of a date-time dimension.",
  },
  WITHATTREX: {
    group: "Set",
    parameters: `${q("Dimension")}, ${q("Operator")}, ${q("Value")}, ANY, ${q("Tuple")}[, ${q("Tuple")}]`,
    description:
      "The base members whose varying attribute compares to a value as the operator says, at a perspective.",
  },
};

/**
 * Oracle's function list (the 145 names of its alphabetical "MDX Function List", `ORACLE_MDX_FUNCTIONS`), each
 * under the names and forms the engine's table gives it where the engine runs it (`xTD` is its eight functions,
 * `Children` a method as well), else described here; in name order. Microsoft's functions that Oracle does not
 * list (DrilldownLevel, NonEmpty, AddCalculatedMembers…) are not Essbase's.
 */
export const ESSBASE_21C_MDX_FUNCTIONS: readonly OlapMdxFunction[] = (() => {
  const rows = new Map<string, OlapMdxFunction>();
  for (const oracle of oracleCoverage()) {
    const names = [...oracle.functions, ...oracle.methods];
    for (const name of names.length > 0 ? names : [oracle.name.toUpperCase()]) {
      const engine = MDX_FUNCTION_DESCRIPTIONS[name];
      const own = NOT_IN_ENGINE[name];
      if (engine)
        rows.set(name, {
          name,
          description: engine.description,
          parameters: engine.parameters,
          group: engine.group,
          ...(engine.object ? { object: engine.object } : {}),
        });
      else if (own) rows.set(name, { name, ...own });
      else throw new Error(`No description of Oracle's MDX function ${oracle.name}.`);
    }
  }
  return [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
})();
