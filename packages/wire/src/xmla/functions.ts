/**
 * The MDX functions of the engine (its MDX parser and executor), as MDSCHEMA_FUNCTIONS lists them: one row per
 * function or method, in the columns and forms of the SSAS reply recorded by may-day/olap
 * (`MDSCHEMA_FUNCTIONS.testGetMDSchemaFunctions.1.response.xml`: `PARAMETER_LIST` with «…» placeholders and
 * `[…]` for optional ones, `OBJECT` «Member» for a method, `RETURN_TYPE` 12 and `ORIGIN` 1 (MDX) for every
 * function). The descriptions are QiBates's own. The test `xmla-endpoint.test.ts` runs every function listed
 * here through the engine, so that the list cannot name one the engine does not know.
 */
export interface MdxFunctionInfo {
  name: string;
  description: string;
  parameters: string;
  /** SSAS's grouping (`INTERFACE_NAME`). */
  group: "Set" | "Navigation" | "Metadata" | "Logical" | "Value" | "Statistical";
  /** What a method applies to (`OBJECT`): «Member», «Dimension», «Level»; absent for a function. */
  object?: string;
}

const q = (name: string) => `\u00ab${name}\u00bb`;

export const MDX_FUNCTIONS: readonly MdxFunctionInfo[] = [
  {
    name: "ALLMEMBERS",
    description: "The members of a dimension or level, with its calculated members.",
    parameters: "(none)",
    group: "Metadata",
    object: q("Dimension"),
  },
  {
    name: "ANCESTOR",
    description: "The ancestor of a member at a level, a generation or a distance.",
    parameters: `${q("Member")}, ${q("Level")}`,
    group: "Navigation",
  },
  {
    name: "AVG",
    description: "The average of a numeric expression over a set, empty values left out.",
    parameters: `${q("Set")}[, ${q("Numeric Expression")}]`,
    group: "Statistical",
  },
  {
    name: "BOTTOMCOUNT",
    description: "The given number of tuples of a set with the lowest values.",
    parameters: `${q("Set")}, ${q("Count")}[, ${q("Numeric Expression")}]`,
    group: "Set",
  },
  {
    name: "CHILDREN",
    description: "The children of a member.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Member"),
  },
  {
    name: "COUNT",
    description: "The number of tuples in a set.",
    parameters: q("Set"),
    group: "Statistical",
  },
  {
    name: "CROSSJOIN",
    description: "The cross product of two or more sets.",
    parameters: `${q("Set1")}, ${q("Set2")}[, ${q("Set")}...]`,
    group: "Set",
  },
  {
    name: "CURRENTMEMBER",
    description: "The member of a dimension in the current context.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Dimension"),
  },
  {
    name: "DESCENDANTS",
    description: "The descendants of a member, at or around a level.",
    parameters: `${q("Member")}[, ${q("Level")}[, ${q("Desc_flags")}]]`,
    group: "Set",
  },
  { name: "DISTINCT", description: "A set without its repeated tuples.", parameters: q("Set"), group: "Set" },
  {
    name: "EXCEPT",
    description: "The tuples of the first set that are not in the second.",
    parameters: `${q("Set1")}, ${q("Set2")}`,
    group: "Set",
  },
  {
    name: "FILTER",
    description: "The tuples of a set for which a condition holds.",
    parameters: `${q("Set")}, ${q("Search Condition")}`,
    group: "Set",
  },
  {
    name: "FIRSTCHILD",
    description: "The first child of a member.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Member"),
  },
  {
    name: "GENERATIONS",
    description: "A generation of a dimension, by number or name.",
    parameters: q("Numeric Expression"),
    group: "Metadata",
    object: q("Dimension"),
  },
  {
    name: "GEN_NUMBER",
    description: "The generation number of a member (1 for the dimension).",
    parameters: "(none)",
    group: "Metadata",
    object: q("Member"),
  },
  {
    name: "HEAD",
    description: "The first tuples of a set.",
    parameters: `${q("Set")}[, ${q("Count")}]`,
    group: "Set",
  },
  { name: "HIERARCHIZE", description: "A set in outline order.", parameters: q("Set"), group: "Set" },
  {
    name: "IIF",
    description: "One of two values, chosen by a condition.",
    parameters: `${q("Logical Expression")}, ${q("object")}, ${q("object")}`,
    group: "Value",
  },
  {
    name: "INTERSECT",
    description: "The tuples two sets have in common.",
    parameters: `${q("Set1")}, ${q("Set2")}`,
    group: "Set",
  },
  {
    name: "ISEMPTY",
    description: "Whether a value is empty (#Missing).",
    parameters: q("Value Expression"),
    group: "Logical",
  },
  {
    name: "ISLEAF",
    description: "Whether a member has no children.",
    parameters: q("Member"),
    group: "Logical",
  },
  {
    name: "ISUDA",
    description: "Whether a member carries a user-defined attribute.",
    parameters: `${q("Member")}, ${q("String")}`,
    group: "Logical",
  },
  {
    name: "LASTCHILD",
    description: "The last child of a member.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Member"),
  },
  {
    name: "LEVELS",
    description: "A level of a dimension, by number or name.",
    parameters: q("Numeric Expression"),
    group: "Metadata",
    object: q("Dimension"),
  },
  {
    name: "LEVEL_NUMBER",
    description: "The level number of a member (0 for a leaf).",
    parameters: "(none)",
    group: "Metadata",
    object: q("Member"),
  },
  {
    name: "MAX",
    description: "The highest value of a numeric expression over a set.",
    parameters: `${q("Set")}[, ${q("Numeric Expression")}]`,
    group: "Statistical",
  },
  {
    name: "MEMBERS",
    description: "The members of a dimension or level.",
    parameters: "(none)",
    group: "Metadata",
    object: q("Dimension"),
  },
  {
    name: "MIN",
    description: "The lowest value of a numeric expression over a set.",
    parameters: `${q("Set")}[, ${q("Numeric Expression")}]`,
    group: "Statistical",
  },
  {
    name: "NAME",
    description: "The name of a member.",
    parameters: "(none)",
    group: "Metadata",
    object: q("Member"),
  },
  {
    name: "ORDER",
    description: "A set sorted by a numeric or string expression.",
    parameters: `${q("Set")}, ${q("Numeric Expression")}[, ASC | DESC | BASC | BDESC]`,
    group: "Set",
  },
  {
    name: "PARENT",
    description: "The parent of a member.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Member"),
  },
  {
    name: "SIBLINGS",
    description: "The children of a member's parent, the member included.",
    parameters: "(none)",
    group: "Navigation",
    object: q("Member"),
  },
  {
    name: "SUM",
    description: "The sum of a numeric expression over a set.",
    parameters: `${q("Set")}[, ${q("Numeric Expression")}]`,
    group: "Statistical",
  },
  {
    name: "TAIL",
    description: "The last tuples of a set.",
    parameters: `${q("Set")}[, ${q("Count")}]`,
    group: "Set",
  },
  {
    name: "TOPCOUNT",
    description: "The given number of tuples of a set with the highest values.",
    parameters: `${q("Set")}, ${q("Count")}[, ${q("Numeric Expression")}]`,
    group: "Set",
  },
  {
    name: "UDA",
    description: "The members at or below a member that carry a user-defined attribute.",
    parameters: `${q("Member")}, ${q("String")}`,
    group: "Set",
  },
  {
    name: "UNION",
    description: "The tuples of two or more sets, repeated ones once unless ALL.",
    parameters: `${q("Set1")}, ${q("Set2")}[, ALL]`,
    group: "Set",
  },
];
