import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { resolveSettings } from "@qibates/engine/grid";
import {
  executeMdx,
  executeMdxDrillthrough,
  MdxError,
  type MdxErrorCode,
  type MdxMessageId,
  type MdxOptions,
  type MdxReason,
  parseMdxDrillthrough,
  parseMdxUpdate,
  resolveMdxUpdate,
  runMdxGrid,
} from "@qibates/engine/mdx";
import { thrown } from "../../engine/test/support/thrown.ts";

/**
 * One MDX refusal of each kind on Sample.Basic: the query (or the `UPDATE CUBE`) that gives it, the code, and its
 * English reason exactly as the engine has always said it. A kind no query on Sample.Basic can reach has the
 * reason itself, and why. `api`: false when `action/mdx` cannot show it (a write, or a size the server words).
 */
export type MdxSample<K extends MdxMessageId = MdxMessageId> = {
  code: MdxErrorCode;
  english: string;
  /** Read through `action/mdx` (the demo's Sample.Basic), unless false and why. */
  api?: false | string;
} & (
  | { query: string; options?: MdxOptions; grid?: true }
  | { update: string; options?: MdxOptions }
  | { drillthrough: string; options?: MdxOptions }
  | { reason: Extract<MdxReason, { id: K }>; unreachable: string }
);

const F = " FROM Sample.Basic";
/** A query with `set` on COLUMNS. */
const cols = (set: string): string => `SELECT ${set} ON COLUMNS${F}`;
const WRITES = "UPDATE CUBE is read by the XMLA endpoint only, whose faults are English";
const DRILLS = "DRILLTHROUGH is read by the XMLA endpoint only, whose faults are English";

export const MDX_SAMPLES: { readonly [K in MdxMessageId]: MdxSample<K> } = {
  unterminatedComment: {
    query: `SELECT /* {[Jan]} ON COLUMNS${F}`,
    code: "MDX_SYNTAX",
    english: "Unterminated comment /*",
  },
  unterminatedName: {
    query: cols("{[Jan}"),
    code: "MDX_SYNTAX",
    english: "Unterminated name [Jan} ON COLUMNS FRO",
  },
  unterminatedString: {
    query: `WITH MEMBER [Measures].[x] AS 'abc SELECT {[x]} ON COLUMNS${F}`,
    code: "MDX_SYNTAX",
    english: "Unterminated string",
  },
  unexpectedCharacter: { query: cols("{[Jan]} ~"), code: "MDX_SYNTAX", english: "Unexpected character ~" },
  textTooLong: {
    query: `${cols("{[Jan]}")}${" ".repeat(70_000)}`,
    code: "MDX_TOO_COSTLY",
    english: "The MDX text is longer than 65,536 characters (70,043)",
    api: "the API refuses a request this large (QB_ERR_BODY_TOO_LARGE) before the engine reads it",
  },
  syntax: {
    query: `SELECT {[Jan]} COLUMNS${F}`,
    code: "MDX_SYNTAX",
    english: "Syntax error: expected ON, found COLUMNS",
  },
  expressionTooDeep: {
    query: `WITH MEMBER [Measures].[a] AS '${Array(15_000).fill("1").join("+")}' SELECT {[Measures].[a]} ON COLUMNS${F}`,
    code: "MDX_TOO_DEEP",
    english: "The expression nests more than 512 operations deep",
  },
  nestingTooDeep: {
    query: cols(`{${"(".repeat(5000)}[Sales]${")".repeat(5000)}}`),
    code: "MDX_TOO_DEEP",
    english: "The query nests expressions more than 128 deep",
  },
  evaluationTooDeep: {
    query: `WITH ${Array.from(
      { length: 60 },
      (_, i) =>
        `MEMBER [Measures].[d${i + 1}] AS '${i === 0 ? "1" : `[Measures].[d${i}]`}${"+0".repeat(400)}'`,
    ).join(" ")} SELECT {[Measures].[d60]} ON COLUMNS${F}`,
    code: "MDX_TOO_DEEP",
    english: "The query nests calculations more than 1000 deep",
    api: "the API refuses a query this long (QB_ERR_VALIDATION) before the engine reads it",
  },
  unknownFunction: {
    query: cols("Foo([Jan])"),
    code: "MDX_UNKNOWN_FUNCTION",
    english: "Unknown function Foo",
  },
  unsupportedFunction: {
    query: cols("AttributeEx([Jan])"),
    code: "MDX_UNSUPPORTED_FUNCTION",
    english:
      "AttributeEx is not supported: it needs varying attributes (attribute values that change along another dimension), which the engine's outlines do not have",
  },
  unknownMember: {
    query: cols("{[Market].[Eest]}"),
    code: "MDX_UNKNOWN_MEMBER",
    english: "Unknown member [Market].[Eest]",
  },
  unknownCube: {
    query: "SELECT {[Jan]} ON COLUMNS FROM Sample.Other",
    code: "MDX_UNKNOWN_CUBE",
    english: "Unknown cube Sample.Other",
  },
  unknownLevel: {
    query: cols('[Year].Levels("Foo").Members'),
    code: "MDX_UNKNOWN_MEMBER",
    english: 'Unknown level "Foo" in Year',
  },
  unknownProperty: {
    query: cols('Filter({[Jan]}, [Year].CurrentMember.Properties("Foo") = "a")'),
    code: "MDX_ARGUMENT",
    english: "Unknown property FOO",
  },
  calcNeedsParent: {
    query: `WITH SET [s] AS '{[Jan]}' MEMBER [s].[x] AS '1' SELECT {[Jan]} ON COLUMNS${F}`,
    code: "MDX_ARGUMENT",
    english: "[s].[x] needs a dimension or a member before its name",
  },
  calcRefersToItself: {
    query: `WITH MEMBER [Measures].[x] AS '[Measures].[x] + 1' SELECT {[Measures].[x]} ON COLUMNS${F}`,
    code: "MDX_TOO_DEEP",
    english: "The calculated member x refers to itself",
  },
  calcNotNumber: {
    query: `WITH MEMBER [Measures].[Caption] AS [Market].CurrentMember.MEMBER_CAPTION MEMBER [Measures].[Twice] AS [Measures].[Caption] * 2 SELECT {[Measures].[Twice]} ON COLUMNS${F}`,
    code: "MDX_ARGUMENT",
    english: "The calculated member Caption gives a string where a number is needed",
  },
  namedSetRefersToItself: {
    query: `WITH SET [s] AS '[s]' SELECT [s] ON COLUMNS${F}`,
    code: "MDX_TOO_DEEP",
    english: "The named set s refers to itself",
  },
  whereOneTuple: {
    query: `${cols("{[Jan]}")} WHERE {[Actual], [Budget]}`,
    code: "MDX_ARGUMENT",
    english: "The WHERE clause needs one tuple",
  },
  axisSkipped: {
    query: `SELECT {[Jan]} ON ROWS${F}`,
    code: "MDX_ARGUMENT",
    english: "Axis 1 is used without COLUMNS",
  },
  dimensionOnTwoAxes: {
    query: `SELECT {[Jan]} ON COLUMNS, {[Feb]} ON ROWS${F}`,
    code: "MDX_DUPLICATE_DIMENSION",
    english: "The dimension Year is on axis 1 and on axis 0",
  },
  tupleTwoMembers: {
    query: cols("{([Jan], [Feb])}"),
    code: "MDX_DUPLICATE_DIMENSION",
    english: "The tuple has two members of Year",
  },
  crossJoinTwice: {
    query: cols("CrossJoin({[Jan]}, {[Feb]})"),
    code: "MDX_DUPLICATE_DIMENSION",
    english: "CrossJoin has Year twice",
  },
  mixedTuples: {
    query: cols("{[Jan], [East]}"),
    code: "MDX_ARGUMENT",
    english: "A set mixes tuples of (Year) and of (Market)",
  },
  gridTwoAxes: {
    query: `SELECT {[Jan]} ON 0, {[East]} ON 1, {[Sales]} ON 2${F}`,
    grid: true,
    code: "MDX_ARGUMENT",
    english: "A grid has two axes, COLUMNS and ROWS: no place for this axis",
  },
  tooCostly: {
    query:
      "WITH MEMBER [Measures].[S] AS 'Sum(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), [Measures].[Sales])' " +
      `SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Scenario].Members, [Year].Members) ON ROWS${F}`,
    code: "MDX_TOO_COSTLY",
    english:
      "The query needs more than the 1,000,000 units of work one query may do (sets built, cells read, expressions evaluated): narrow its sets",
  },
  setTooLarge: {
    query: cols(
      "CrossJoin([Year].Members, [Measures].Members, [Product].Members, [Market].Members, [Scenario].Members, " +
        "[Caffeinated].Members, [Ounces].Members, [Pkg Type].Members, [Population].Members, [Intro Date].Members)",
    ),
    options: { maxCells: 500_000 },
    code: "MDX_TOO_LARGE",
    english: "A set of 4,291,650,000 tuples, more than the 500,000 cells one query may answer",
    api: "QB_ERR_GRID_TOO_LARGE, whose reason the server words from the sizes",
  },
  tooManyCells: {
    query: `SELECT [Year].Members ON COLUMNS, [Market].Members ON ROWS${F}`,
    options: { maxCells: 100 },
    code: "MDX_TOO_LARGE",
    english: "The query crosses into 425 cells, more than the 100 allowed",
    api: "QB_ERR_GRID_TOO_LARGE, whose reason the server words from the sizes",
  },
  allocationUnsupported: {
    update: "UPDATE Basic SET ([Qtr1], [Sales]) = 3 USE_WEIGHTED_ALLOCATION",
    code: "MDX_ARGUMENT",
    english: "USE_WEIGHTED_ALLOCATION is not supported: write one cell at a time",
    api: WRITES,
  },
  allocationTooLarge: {
    update: "UPDATE Basic SET ([Sales]) = 3 USE_EQUAL_ALLOCATION",
    options: { maxCells: 1000 },
    code: "MDX_TOO_LARGE",
    english:
      "The allocation spreads over 6,240 level-0 cells, more than the 1,000 allowed: name a narrower tuple",
    api: WRITES,
  },
  updateOneTuple: {
    update: "UPDATE Basic SET {[Jan], [Feb]} = 3",
    code: "MDX_ARGUMENT",
    english: "UPDATE CUBE needs one tuple per assignment",
    api: WRITES,
  },
  drillthroughOneCell: {
    drillthrough: "DRILLTHROUGH SELECT {[Jan], [Feb]} ON 0 FROM Sample.Basic",
    code: "MDX_ARGUMENT",
    english: "DRILLTHROUGH needs one cell: each axis and the slicer hold one tuple at most",
    api: DRILLS,
  },
  drillthroughClause: {
    drillthrough: "DRILLTHROUGH FIRSTROWSET 2 SELECT ([Jan]) ON 0 FROM Sample.Basic",
    code: "MDX_ARGUMENT",
    english: "DRILLTHROUGH does not read FIRSTROWSET: name the cell with its members",
    api: DRILLS,
  },
  drillthroughMember: {
    drillthrough: "DRILLTHROUGH SELECT ([Jan], [Caffeinated_True]) ON 0 FROM Sample.Basic",
    code: "MDX_ARGUMENT",
    english: "DRILLTHROUGH reads stored cells: the attribute member True names none",
    api: DRILLS,
  },
  drillthroughReturn: {
    drillthrough: "DRILLTHROUGH SELECT ([Jan]) ON 0 FROM Sample.Basic RETURN Name([$Market])",
    code: "MDX_ARGUMENT",
    english: "RETURN lists measures and dimensions ([$Market] or [Market]) only, not Name",
    api: DRILLS,
  },
  drillthroughMaxRows: {
    drillthrough: "DRILLTHROUGH MAXROWS 500000 SELECT ([Jan]) ON 0 FROM Sample.Basic",
    code: "MDX_ARGUMENT",
    english: "MAXROWS 500,000 is out of range: a drillthrough returns 1 to 200,000 rows",
    api: DRILLS,
  },
  calcNotWritable: {
    reason: { id: "calcNotWritable", member: "Margin Plan" },
    unreachable: "UPDATE CUBE has no WITH: no calculated member can be named in one",
    code: "MDX_ARGUMENT",
    english: "The calculated member Margin Plan cannot be written",
    api: WRITES,
  },
  attributeNotWritable: {
    update: "UPDATE Basic SET ([Jan], [Can]) = 3",
    code: "MDX_ARGUMENT",
    english: "The attribute member Can cannot be written",
    api: WRITES,
  },
  dimensionTwiceInTuple: {
    reason: { id: "dimensionTwiceInTuple", dimension: "Year" },
    unreachable: "a tuple naming a dimension twice is refused first as tupleTwoMembers",
    code: "MDX_DUPLICATE_DIMENSION",
    english: "The dimension Year is twice in the tuple",
    api: WRITES,
  },
  expected: {
    query: `${cols("{[Jan]}")} WHERE 1`,
    code: "MDX_ARGUMENT",
    english: "Expected a set, found a number",
  },
  expectedKeyword: {
    query: cols("Order({[Jan]}, [Sales], SELF)"),
    code: "MDX_ARGUMENT",
    english: "Expected ASC, DESC, BASC, BDESC, found SELF",
  },
  expectedOneOf: {
    query: cols("Filter({[Jan]}, DatePart(0, ASC) = 1)"),
    code: "MDX_ARGUMENT",
    english: "Expected one of DP_YEAR, DP_QUARTER, DP_MONTH, DP_WEEK, DP_DAY, DP_DAYOFYEAR, DP_WEEKDAY",
  },
  argumentCount: {
    query: cols("Head()"),
    code: "MDX_ARGUMENT",
    english: "Head takes 1 to 2 arguments, not 0",
  },
  methodArgumentCount: {
    query: cols("{[Jan].Lag(1, 2, 3)}"),
    code: "MDX_ARGUMENT",
    english: ".LAG takes 1 to 2 arguments, not 3",
  },
  takesHere: {
    query: cols("Filter({[Jan]}, Count({[Jan]}, ASC) = 1)"),
    code: "MDX_ARGUMENT",
    english: "Count takes INCLUDEEMPTY, EXCLUDEEMPTY here, not ASC",
  },
  calcNoPlace: {
    query: `WITH MEMBER [Measures].[x] AS '1' SELECT {Ancestor([Measures].[x], 1)} ON COLUMNS${F}`,
    code: "MDX_ARGUMENT",
    english: "The calculated member x has no place in the outline",
  },
  comparesStringWithValue: {
    query: cols('Filter({[Jan]}, "a" > 1)'),
    code: "MDX_ARGUMENT",
    english: "> cannot combine a string with a number",
  },
  notForStrings: {
    query: cols('Filter({[Jan]}, ("a" * "b") = 1)'),
    code: "MDX_ARGUMENT",
    english: "* does not apply to strings",
  },
  notSameDimension: {
    query: cols("{[Jan]:[East]}"),
    code: "MDX_ARGUMENT",
    english: "Jan and East are not in the same dimension",
  },
  notSameGeneration: {
    query: cols("{[Jan]:[Qtr2]}"),
    code: "MDX_ARGUMENT",
    english: "Qtr2 is not at the generation of Jan",
  },
  levelOfOtherDimension: {
    query: cols("Descendants([Jan], [Market].Levels(0))"),
    code: "MDX_ARGUMENT",
    english: "The level is one of Market, not of Year",
  },
  notAttributeMember: {
    query: cols("Attribute([East])"),
    code: "MDX_ARGUMENT",
    english: "East is not a member of an attribute dimension",
  },
  withAttrNeedsAttributeDimension: {
    query: cols('WithAttr([Market], ">", 1)'),
    code: "MDX_ARGUMENT",
    english: "WithAttr needs an attribute dimension",
  },
  withAttrOperator: {
    query: cols('WithAttr([Ounces], "~", 12)'),
    code: "MDX_ARGUMENT",
    english: "WithAttr takes >, >=, <, <=, ==, <>, != or IN, not ~",
  },
  extractDimension: {
    query: cols("Extract({([Jan], [East])}, [Product])"),
    code: "MDX_ARGUMENT",
    english: "Extract names a dimension the set does not have",
  },
  setHasNoMemberOf: {
    query: cols("NonEmptySubset(CrossJoin({[Jan]}, {[East]}), [Sales], [Product])"),
    code: "MDX_ARGUMENT",
    english: "The set has no member of Product",
  },
  notOneTuple: {
    query: cols('{StrToTuple("{[Jan], [Feb]}")}'),
    code: "MDX_ARGUMENT",
    english: "{[Jan], [Feb]} is not one tuple",
  },
  needsTimeDimension: {
    reason: { id: "needsTimeDimension", name: "QTD" },
    unreachable: "Sample.Basic has a time dimension (Year)",
    code: "MDX_ARGUMENT",
    english: "QTD needs a time dimension, and the outline has none",
  },
  needsOutlineMember: {
    query: `WITH MEMBER [Year].[x] AS '1' SELECT {QTD()} ON COLUMNS${F} WHERE ([Year].[x])`,
    code: "MDX_ARGUMENT",
    english: "QTD needs a member of the outline",
  },
  needsMemberOf: {
    query: cols("{QTD([East])}"),
    code: "MDX_ARGUMENT",
    english: "QTD needs a member of Year",
  },
  noPosition: {
    query: cols("DrilldownByLayer({[Year]}, 5)"),
    code: "MDX_ARGUMENT",
    english: "The tuples have no position 5",
  },
  tupleRangeDimensions: {
    query: cols("TupleRange(([Jan], [East]), [Feb])"),
    code: "MDX_ARGUMENT",
    english: "TupleRange needs two tuples of the same dimensions",
  },
  ordinalNeedsLayer: {
    query: cols("Filter({[Jan]}, Ordinal([Jan]) = 1)"),
    code: "MDX_ARGUMENT",
    english: "Ordinal needs a level or a generation",
  },
  ordinalNeedsLevel: {
    query: cols("Filter({[Jan]}, [Jan].Ordinal = 1)"),
    code: "MDX_ARGUMENT",
    english: ".Ordinal needs a level",
  },
  methodNeedsDimensionOrLevel: {
    query: cols("{[Jan].Members}"),
    code: "MDX_ARGUMENT",
    english: ".Members needs a dimension or a level",
  },
  generationsStart: {
    query: cols("[Year].Generations(0).Members"),
    code: "MDX_ARGUMENT",
    english: "Generations start at 1 (the dimension)",
  },
  isAccTypeKeyword: {
    query: cols("Filter({[Jan]}, IsAccType([Sales], FOO))"),
    code: "MDX_ARGUMENT",
    english: "IsAccType takes FIRST, LAST, AVERAGE, EXPENSE or TWOPASS",
  },
  dtsKeyword: {
    query: cols("{DTS(FOO, [Jan])}"),
    code: "MDX_ARGUMENT",
    english: "DTS takes HTD, YTD, STD, PTD, QTD, MTD, WTD, DTD, not FOO",
  },
  dtsNotEnabled: {
    query: cols("{DTS(MTD, [Jan])}"),
    code: "MDX_ARGUMENT",
    english: "The outline does not enable the Dynamic Time Series M-T-D",
  },
  ntileDivision: {
    query: cols("Filter({[Jan]}, NTile(([Jan]), {[Jan]}, 0, [Sales]) = 1)"),
    code: "MDX_ARGUMENT",
    english: "NTile needs at least one division",
  },
  notRegex: {
    query: cols('Filter({[Jan]}, IsMatch("a", "("))'),
    code: "MDX_ARGUMENT",
    english: "( is not a regular expression",
  },
  weekday: {
    query: cols("Filter({[Jan]}, GetNextDay(0, 9) = 1)"),
    code: "MDX_ARGUMENT",
    english: "The weekday is 1 (Sunday) to 7 (Saturday)",
  },
};

/** Words that only an English sentence has. */
export const ENGLISH =
  /\b(the|is|are|must|and|of|not|found|Expected|takes|needs|than|more|cannot|used|has|have|allowed|Unknown|names|Unterminated|twice|refers|Syntax)\b/;

const cube = createSampleBasicCube();

/** The engine's refusal for a sample: what its query (or write) throws, or an error made from its reason. */
export function sampleError(s: MdxSample): MdxError {
  if ("reason" in s) return new MdxError(s.code, s.reason, { line: 1, column: 1, text: "" });
  if ("update" in s)
    return thrown(MdxError, () =>
      resolveMdxUpdate(cube, parseMdxUpdate(s.update), {
        ...s.options,
        application: "Sample",
        cube: "Basic",
      }),
    );
  if ("drillthrough" in s)
    return thrown(MdxError, () =>
      executeMdxDrillthrough(cube, parseMdxDrillthrough(s.drillthrough), {
        ...s.options,
        application: "Sample",
        cube: "Basic",
      }),
    );
  const { query, options = {} } = s;
  return thrown(MdxError, () =>
    s.grid
      ? runMdxGrid(cube, query, { ...options, settings: resolveSettings({}) })
      : executeMdx(cube, query, options),
  );
}
