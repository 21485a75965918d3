import { EngineError, englishCount } from "../engine-error.ts";
import type { MdxPosition } from "./ast.ts";
import type { Refusal } from "./functions/refused-functions.ts";
import type { Val } from "./values.ts";

/** The stable codes of MDX errors. */
export type MdxErrorCode =
  /** The text is not MDX: an unexpected token, an unbalanced brace or parenthesis, an unterminated string. */
  | "MDX_SYNTAX"
  /** A member, dimension, level or named set the outline does not have. */
  | "MDX_UNKNOWN_MEMBER"
  /** A function or a dotted function (`.Children`) MDX does not have, or this engine does not support. */
  | "MDX_UNKNOWN_FUNCTION"
  /**
   * A function of Oracle's MDX list that needs a feature this engine does not have (varying attributes, text
   * lists, property expressions): the message names the function and says what it needs.
   */
  | "MDX_UNSUPPORTED_FUNCTION"
  /** `FROM` names another cube. */
  | "MDX_UNKNOWN_CUBE"
  /** An argument of the wrong kind or number: a set where a member is needed, a missing count… */
  | "MDX_ARGUMENT"
  /** A dimension used on two axes, or on an axis and in the slicer. */
  | "MDX_DUPLICATE_DIMENSION"
  /**
   * Calculated members or named sets that refer to each other without end, or expressions nested deeper than
   * the engine evaluates (parentheses, calls, calculated members within calculated members).
   */
  | "MDX_TOO_DEEP"
  /** The query needs more work than `MdxOptions.maxWork` allows (sets built, cells read, expressions evaluated). */
  | "MDX_TOO_COSTLY"
  /** The axes cross into more cells than `MdxOptions.maxCells` allows, or one set holds more tuples than that. */
  | "MDX_TOO_LARGE";

/** What a syntax error expected, when it is a phrase rather than a token of MDX (a keyword or a punctuation mark). */
export type MdxExpectedPhrase =
  | "end of query"
  | "MEMBER or SET"
  | "a cube name"
  | "a member name"
  | "a set name"
  | "a property name"
  | "SOLVE_ORDER or FORMAT_STRING"
  | "a number"
  | "a string or a number"
  | "an axis number"
  | "COLUMNS, ROWS, PAGES, CHAPTERS, SECTIONS or AXIS(n)"
  | "a name or a function after the dot"
  | ", or )"
  | ", or }"
  | "a member, a set or a value";

/** What a syntax error expected: a phrase, or a token as MDX writes it in every language (`FROM`, `=`). */
export type MdxExpected = MdxExpectedPhrase | { token: string };

/** The kind of value an argument needed. */
export type MdxNeeded =
  | "set"
  | "member"
  | "value"
  | "wholeNumber"
  | "string"
  | "number"
  | "levelOrDistance"
  | "levelOrGeneration";

/** What an argument was instead: a kind of value, a keyword, or the argument's text as written. */
export type MdxFound =
  | { kind: "number" | "string" | "boolean" | "level" | "nothing" | "member" | "tuple" | "set" | "emptySet" }
  | { kind: "keyword"; name: string }
  | { kind: "text"; text: string };

/** The kind of a value, as an error names what it found. */
export function foundOf(v: Val): MdxFound {
  switch (v.t) {
    case "num":
      return { kind: "number" };
    case "str":
      return { kind: "string" };
    case "bool":
      return { kind: "boolean" };
    case "layer":
      return { kind: "level" };
    case "flag":
      return { kind: "keyword", name: v.name };
    case "empty":
      return { kind: "nothing" };
    default:
      return { kind: v.t };
  }
}

/**
 * Why the engine refused an MDX query, with what its message names: every {@link MdxError} carries one, so that a
 * caller can say it in another language (`@qibates/grid-bridge` has the French of each). Names (members,
 * dimensions, functions, operators, tokens) are as the query or the outline writes them.
 */
export type MdxReason =
  // Reading the text.
  | { id: "unterminatedComment" }
  /** `start`: the first 20 characters from the opening bracket. */
  | { id: "unterminatedName"; start: string }
  | { id: "unterminatedString" }
  | { id: "unexpectedCharacter"; character: string }
  | { id: "textTooLong"; max: number; length: number }
  /** `found`: the token as written, null at the end of the query. */
  | { id: "syntax"; expected: MdxExpected; found: string | null }
  | { id: "expressionTooDeep"; max: number }
  | { id: "nestingTooDeep"; max: number }
  | { id: "evaluationTooDeep"; max: number }
  // Names.
  /** `method`: a dotted function (`.Childs`). */
  | { id: "unknownFunction"; name: string; method: boolean }
  | { id: "unsupportedFunction"; name: string; method: boolean; needs: Refusal }
  | { id: "unknownMember"; member: string }
  | { id: "unknownCube"; cube: string }
  | { id: "unknownLevel"; level: string; dimension: string }
  | { id: "unknownProperty"; property: string }
  | { id: "calcNeedsParent"; name: string }
  | { id: "calcRefersToItself"; member: string }
  /**
   * A calculated member whose formula gives a string where a number is needed (another member's formula, a
   * filter or a sort reads it): a string is the value of a result's own cell only.
   */
  | { id: "calcNotNumber"; member: string }
  | { id: "namedSetRefersToItself"; name: string }
  // The query's shape.
  | { id: "whereOneTuple" }
  /** Axis `ordinal` is given without axis `missing` (0: COLUMNS). */
  | { id: "axisSkipped"; ordinal: number; missing: number }
  /** `other`: the other axis, or null for the slicer (WHERE). */
  | { id: "dimensionOnTwoAxes"; dimension: string; axis: number; other: number | null }
  | { id: "tupleTwoMembers"; dimension: string }
  | { id: "crossJoinTwice"; dimension: string }
  | { id: "mixedTuples"; first: readonly string[]; second: readonly string[] }
  | { id: "gridTwoAxes" }
  // Size and work.
  | { id: "tooCostly"; max: number }
  | { id: "setTooLarge"; tuples: number; max: number }
  | { id: "tooManyCells"; cells: number; max: number }
  // UPDATE CUBE.
  | { id: "allocationUnsupported"; allocation: string }
  | { id: "updateOneTuple" }
  /** An allocation over more level-0 cells than `max` (`MdxOptions.maxCells`). */
  | { id: "allocationTooLarge"; cells: number; max: number }
  | { id: "calcNotWritable"; member: string }
  | { id: "attributeNotWritable"; member: string }
  | { id: "dimensionTwiceInTuple"; dimension: string }
  // DRILLTHROUGH.
  | { id: "drillthroughOneCell" }
  /** A part of the statement a drillthrough does not read: FIRSTROWSET, WITH, a subselect. */
  | { id: "drillthroughClause"; clause: "FIRSTROWSET" | "WITH" | "subselect" }
  /** `kind`: a calculated member (a formula of the query) or an attribute member, which name no stored cell. */
  | { id: "drillthroughMember"; member: string; kind: "calculated" | "attribute" }
  /** A RETURN column that is neither a measure nor a dimension (`Name(…)`, a set…), as written. */
  | { id: "drillthroughReturn"; column: string }
  /** `max`: the most rows one drillthrough may return. */
  | { id: "drillthroughMaxRows"; given: number; max: number }
  // Arguments.
  | { id: "expected"; needed: MdxNeeded; found: MdxFound }
  /** Keywords a function argument takes, and the argument as written. */
  | { id: "expectedKeyword"; allowed: readonly string[]; found: string }
  | { id: "expectedOneOf"; allowed: readonly string[] }
  /** `max`: null when the function takes any number from `min`. */
  | { id: "argumentCount"; name: string; min: number; max: number | null; given: number }
  | { id: "methodArgumentCount"; name: string; min: number; max: number; given: number }
  | { id: "takesHere"; name: string; allowed: readonly string[]; found: string }
  | { id: "calcNoPlace"; member: string }
  | { id: "comparesStringWithValue"; operator: string }
  | { id: "notForStrings"; operator: string }
  | { id: "notSameDimension"; first: string; second: string }
  | { id: "notSameGeneration"; member: string; of: string }
  /** The level is one of `levelDimension`, the member of `dimension`. */
  | { id: "levelOfOtherDimension"; levelDimension: string; dimension: string }
  | { id: "notAttributeMember"; member: string }
  | { id: "withAttrNeedsAttributeDimension" }
  | { id: "withAttrOperator"; operator: string }
  | { id: "extractDimension" }
  | { id: "setHasNoMemberOf"; dimension: string }
  | { id: "notOneTuple"; text: string }
  | { id: "needsTimeDimension"; name: string }
  | { id: "needsOutlineMember"; name: string }
  | { id: "needsMemberOf"; name: string; dimension: string }
  | { id: "noPosition"; position: number }
  | { id: "tupleRangeDimensions" }
  | { id: "ordinalNeedsLayer" }
  | { id: "ordinalNeedsLevel" }
  | { id: "methodNeedsDimensionOrLevel"; name: string }
  | { id: "generationsStart" }
  | { id: "isAccTypeKeyword" }
  | { id: "dtsKeyword"; allowed: readonly string[]; found: string }
  /** `period`: the series' letter (`Q` for Q-T-D). */
  | { id: "dtsNotEnabled"; period: string }
  | { id: "ntileDivision" }
  | { id: "notRegex"; pattern: string }
  | { id: "weekday" };

export type MdxMessageId = MdxReason["id"];

/** Renders each reason of one kind: a table with one entry per {@link MdxMessageId}. */
export type MdxTexts = { readonly [K in MdxMessageId]: (r: Extract<MdxReason, { id: K }>) => string };

const NEEDED_EN: Readonly<Record<MdxNeeded, string>> = {
  set: "a set",
  member: "a member",
  value: "a value",
  wholeNumber: "a whole number",
  string: "a string",
  number: "a number",
  levelOrDistance: "a level or a distance",
  levelOrGeneration: "a level or a generation",
};

function foundEn(f: MdxFound): string {
  switch (f.kind) {
    case "keyword":
      return `the keyword ${f.name}`;
    case "text":
      return f.text;
    case "emptySet":
      return "an empty set";
    case "nothing":
      return "nothing";
    default:
      return `a ${f.kind}`;
  }
}

/** How many arguments a function takes, as the English message says it. */
function arityEn(min: number, max: number | null): string {
  return min === max ? `${min}` : max === null ? `at least ${min}` : `${min} to ${max}`;
}

/** The engine's messages, in English: every reason an MDX query may be refused for. */
export const MDX_TEXTS: MdxTexts = {
  unterminatedComment: () => "Unterminated comment /*",
  unterminatedName: (r) => `Unterminated name ${r.start}`,
  unterminatedString: () => "Unterminated string",
  unexpectedCharacter: (r) => `Unexpected character ${r.character}`,
  textTooLong: (r) =>
    `The MDX text is longer than ${englishCount(r.max)} characters (${englishCount(r.length)})`,
  syntax: (r) =>
    `Syntax error: expected ${typeof r.expected === "string" ? r.expected : r.expected.token}, found ${r.found ?? "end of query"}`,
  expressionTooDeep: (r) => `The expression nests more than ${r.max} operations deep`,
  nestingTooDeep: (r) => `The query nests expressions more than ${r.max} deep`,
  evaluationTooDeep: (r) => `The query nests calculations more than ${r.max} deep`,
  unknownFunction: (r) => `Unknown function ${r.method ? "." : ""}${r.name}`,
  unsupportedFunction: (r) => `${r.method ? "." : ""}${r.name} is not supported: it ${r.needs.en}`,
  unknownMember: (r) => `Unknown member ${r.member}`,
  unknownCube: (r) => `Unknown cube ${r.cube}`,
  unknownLevel: (r) => `Unknown level "${r.level}" in ${r.dimension}`,
  unknownProperty: (r) => `Unknown property ${r.property}`,
  calcNeedsParent: (r) => `${r.name} needs a dimension or a member before its name`,
  calcRefersToItself: (r) => `The calculated member ${r.member} refers to itself`,
  calcNotNumber: (r) => `The calculated member ${r.member} gives a string where a number is needed`,
  namedSetRefersToItself: (r) => `The named set ${r.name} refers to itself`,
  whereOneTuple: () => "The WHERE clause needs one tuple",
  axisSkipped: (r) =>
    `Axis ${r.ordinal} is used without ${r.missing === 0 ? "COLUMNS" : `axis ${r.missing}`}`,
  dimensionOnTwoAxes: (r) =>
    `The dimension ${r.dimension} is on axis ${r.axis} and on ${r.other === null ? "the slicer" : `axis ${r.other}`}`,
  tupleTwoMembers: (r) => `The tuple has two members of ${r.dimension}`,
  crossJoinTwice: (r) => `CrossJoin has ${r.dimension} twice`,
  mixedTuples: (r) => `A set mixes tuples of (${r.first.join(", ")}) and of (${r.second.join(", ")})`,
  gridTwoAxes: () => "A grid has two axes, COLUMNS and ROWS: no place for this axis",
  tooCostly: (r) =>
    `The query needs more than the ${englishCount(r.max)} units of work one query may do (sets built, cells read, expressions evaluated): narrow its sets`,
  setTooLarge: (r) =>
    `A set of ${englishCount(r.tuples)} tuples, more than the ${englishCount(r.max)} cells one query may answer`,
  tooManyCells: (r) =>
    `The query crosses into ${englishCount(r.cells)} cells, more than the ${englishCount(r.max)} allowed`,
  allocationUnsupported: (r) => `${r.allocation} is not supported: write one cell at a time`,
  updateOneTuple: () => "UPDATE CUBE needs one tuple per assignment",
  allocationTooLarge: (r) =>
    `The allocation spreads over ${englishCount(r.cells)} level-0 cells, more than the ${englishCount(r.max)} allowed: name a narrower tuple`,
  calcNotWritable: (r) => `The calculated member ${r.member} cannot be written`,
  attributeNotWritable: (r) => `The attribute member ${r.member} cannot be written`,
  dimensionTwiceInTuple: (r) => `The dimension ${r.dimension} is twice in the tuple`,
  drillthroughOneCell: () => "DRILLTHROUGH needs one cell: each axis and the slicer hold one tuple at most",
  drillthroughClause: (r) =>
    `DRILLTHROUGH does not read ${r.clause === "subselect" ? "a subselect (FROM (SELECT …))" : r.clause}: name the cell with its members`,
  drillthroughMember: (r) =>
    `DRILLTHROUGH reads stored cells: the ${r.kind === "calculated" ? "calculated" : "attribute"} member ${r.member} names none`,
  drillthroughReturn: (r) =>
    `RETURN lists measures and dimensions ([$Market] or [Market]) only, not ${r.column}`,
  drillthroughMaxRows: (r) =>
    `MAXROWS ${englishCount(r.given)} is out of range: a drillthrough returns 1 to ${englishCount(r.max)} rows`,
  expected: (r) => `Expected ${NEEDED_EN[r.needed]}, found ${foundEn(r.found)}`,
  expectedKeyword: (r) => `Expected ${r.allowed.join(", ")}, found ${r.found}`,
  expectedOneOf: (r) => `Expected one of ${r.allowed.join(", ")}`,
  argumentCount: (r) => {
    const n = arityEn(r.min, r.max);
    return `${r.name} takes ${n} argument${n === "1" ? "" : "s"}, not ${r.given}`;
  },
  methodArgumentCount: (r) =>
    r.max > r.min
      ? `.${r.name} takes ${r.min} to ${r.max} arguments, not ${r.given}`
      : r.min === 0
        ? `.${r.name} takes no argument`
        : `.${r.name} needs ${r.min} argument${r.min > 1 ? "s" : ""}`,
  takesHere: (r) => `${r.name} takes ${r.allowed.join(", ")} here, not ${r.found}`,
  calcNoPlace: (r) => `The calculated member ${r.member} has no place in the outline`,
  comparesStringWithValue: (r) => `${r.operator} cannot combine a string with a number`,
  notForStrings: (r) => `${r.operator} does not apply to strings`,
  notSameDimension: (r) => `${r.first} and ${r.second} are not in the same dimension`,
  notSameGeneration: (r) => `${r.member} is not at the generation of ${r.of}`,
  levelOfOtherDimension: (r) => `The level is one of ${r.levelDimension}, not of ${r.dimension}`,
  notAttributeMember: (r) => `${r.member} is not a member of an attribute dimension`,
  withAttrNeedsAttributeDimension: () => "WithAttr needs an attribute dimension",
  withAttrOperator: (r) => `WithAttr takes >, >=, <, <=, ==, <>, != or IN, not ${r.operator}`,
  extractDimension: () => "Extract names a dimension the set does not have",
  setHasNoMemberOf: (r) => `The set has no member of ${r.dimension}`,
  notOneTuple: (r) => `${r.text} is not one tuple`,
  needsTimeDimension: (r) => `${r.name} needs a time dimension, and the outline has none`,
  needsOutlineMember: (r) => `${r.name} needs a member of the outline`,
  needsMemberOf: (r) => `${r.name} needs a member of ${r.dimension}`,
  noPosition: (r) => `The tuples have no position ${r.position}`,
  tupleRangeDimensions: () => "TupleRange needs two tuples of the same dimensions",
  ordinalNeedsLayer: () => "Ordinal needs a level or a generation",
  ordinalNeedsLevel: () => ".Ordinal needs a level",
  methodNeedsDimensionOrLevel: (r) => `.${r.name} needs a dimension or a level`,
  generationsStart: () => "Generations start at 1 (the dimension)",
  isAccTypeKeyword: () => "IsAccType takes FIRST, LAST, AVERAGE, EXPENSE or TWOPASS",
  dtsKeyword: (r) => `DTS takes ${r.allowed.join(", ")}, not ${r.found}`,
  dtsNotEnabled: (r) => `The outline does not enable the Dynamic Time Series ${r.period}-T-D`,
  ntileDivision: () => "NTile needs at least one division",
  notRegex: (r) => `${r.pattern} is not a regular expression`,
  weekday: () => "The weekday is 1 (Sunday) to 7 (Saturday)",
};

/** A reason's text from a table of texts (the engine's English, or another language's). */
export function mdxText(texts: MdxTexts, reason: MdxReason): string {
  return (texts[reason.id] as (r: MdxReason) => string)(reason);
}

/**
 * An MDX error. The message names the token and its 1-based line and column, e.g.
 * `Unknown member [Market].[Eest] at line 1, column 42`.
 */
export class MdxError extends EngineError {
  override readonly name = "MdxError";
  readonly line: number;
  readonly column: number;
  readonly token: string;
  /** `MDX_TOO_LARGE`: the cells the axes cross into, and the most allowed. */
  size: { cells: number; max: number } | undefined;
  /** The reason in English, without the position (the message is it with ` at line L, column C`). */
  readonly detail: string;
  constructor(
    code: MdxErrorCode,
    /** Why, with what the message names (`detail` is its English). */
    readonly reason: MdxReason,
    at: MdxPosition,
  ) {
    const detail = mdxText(MDX_TEXTS, reason);
    super(code, `${detail} at line ${at.line}, column ${at.column}`);
    this.detail = detail;
    this.line = at.line;
    this.column = at.column;
    this.token = at.text;
  }
}
