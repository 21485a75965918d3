import {
  CELL_PROPERTIES,
  type ContentParts,
  EMPTY_RESULT,
  FORMAT,
  PROPERTY,
  TUPLE_FORMAT,
  XmlaFault,
  type XmlaRequest,
} from "@qibates/protocols/xmla";
import { OlapError, type OlapMetadata } from "@qibates/provider";
import type { CallContext } from "./call-context.ts";
import { drillthroughXml } from "./drillthrough.ts";
import type { XmlaEndpointState } from "./endpoint-state.ts";
import type { MdDataSetInput } from "./mddataset.ts";
import { bindParameters, levelsFromRoot, queryProperties } from "./mdx-dialect.ts";
import { memberPropertiesOf } from "./member-properties.ts";
import { cubeOutlineOf } from "./names.ts";

/** The work budget of a query on a cube of few members: the port's own default (the engine's `MAX_MDX_WORK`). */
const QUERY_WORK_FLOOR = 1_000_000;

/** Work a query may spend per member of the cube, past the floor. */
const QUERY_WORK_PER_MEMBER = 40;

/**
 * A query's work budget on this cube: the floor, or a few dozen units a member on a large cube, so that a query
 * that visits each member of a dimension a few times (a client's name filter over `h.Members`, a member's level
 * from its leaves: what Analysis Services answers on a dimension of any size) runs on a dimension of a million
 * members as on one of a thousand, and a query's cost stays bounded by the cube it reads.
 */
function queryWork(metadata: OlapMetadata): number {
  let members = 0;
  for (const d of metadata.dimensions) members += d.members.length;
  return Math.max(QUERY_WORK_FLOOR, QUERY_WORK_PER_MEMBER * members);
}

/**
 * The MDX text the OLAP ports read at most, in characters (the engine's `MAX_MDX_CHARS`, 64 KiB, which the embedded
 * port and the remote ones parse with): a longer statement is handed to the port first, which refuses it before
 * reading a token. A port that took it would go on as with any other statement.
 */
const PORT_MDX_CHARS = 64 * 1024;

/** The `AxisFormat` that lets the server choose: TupleFormat here, as in Analysis Services. */
const CUSTOM_FORMAT = "CustomFormat";

/**
 * `Execute`: an MDX `SELECT` answered as an MDDataSet (or a Tabular rowset), written by the caller a slice at a
 * time; a `DRILLTHROUGH` answered as a rowset (`drillthrough.ts`), where the port runs it; an `UPDATE CUBE`
 * writing cells, or a command without a statement, answered as an empty result. With
 * `Content` `None` the command is checked (its syntax, its cube, the properties asked for) and not run: an empty
 * result, no cell computed or written ("Allows the structure of the command to be verified, but not executed",
 * Supported XMLA Properties).
 */
export async function execute(
  state: XmlaEndpointState,
  call: XmlaRequest,
  context: CallContext,
  content: ContentParts,
  username: string,
): Promise<string | MdDataSetInput> {
  const { properties } = call;
  // A statement longer than the port reads is refused by the port before the endpoint's own passes scan it
  // (parameters, `Levels(n)`): on 2 MiB they held the event loop 1-2 s before the port's refusal.
  if (call.statement.length > PORT_MDX_CHARS) state.olap.statement(call.statement);
  // Report Builder's `@Name` parameters, bound as MDX strings before anything reads the statement.
  const statement = bindParameters(call.statement, call.parameters);
  // A command without a statement (how clients open or close a session) answers an empty result.
  if (statement.trim() === "") return EMPTY_RESULT;
  if (/^\s*UPDATE\b/i.test(statement)) {
    const update = state.olap.statement(statement);
    const cube = await context.cubeOf(update.cube);
    if (!cube.update) throw new OlapError("query", "This server does not write cells back (UPDATE CUBE).");
    if (checkOnly(content)) return EMPTY_RESULT;
    const maxCells = state.options.maxCells;
    await cube.update(state.owner(username), statement, maxCells !== undefined ? { maxCells } : {});
    return EMPTY_RESULT;
  }
  if (/^\s*DRILLTHROUGH\b/i.test(statement)) {
    // Excel's Show Details: a rowset whatever the Format, as Analysis Services answers a drillthrough.
    const text = context.levels === "root" ? levelsFromRoot(statement) : statement;
    const drill = state.olap.statement(text);
    const cube = await context.cubeOf(drill.cube);
    if (!cube.drillthrough)
      throw new OlapError(
        "query",
        "This server does not run DRILLTHROUGH (Show Details): the cube is read through another server.",
      );
    if (checkOnly(content)) return EMPTY_RESULT;
    const maxCells = state.options.maxCells;
    const dialect = context.levels === "root" ? "ssas" : "essbase";
    const answer = await cube.drillthrough(
      text,
      maxCells !== undefined ? { maxCells, dialect } : { dialect },
    );
    return await drillthroughXml(answer, content);
  }
  const format = properties.get(PROPERTY.Format) ?? FORMAT.Native;
  if (format !== FORMAT.Multidimensional && format !== FORMAT.Native && format !== FORMAT.Tabular)
    throw new XmlaFault(
      "unsupported",
      `Execute returns the Multidimensional (or Native, the same) and Tabular formats only, not ${format}.`,
    );
  const axisFormat = properties.get(PROPERTY.AxisFormat) ?? TUPLE_FORMAT;
  // AxisFormat shapes the axes of an MDDataSet only; a Tabular answer has none. CustomFormat leaves the choice to
  // the server, and Analysis Services answers it in TupleFormat ("Supported XMLA Properties"); ClusterFormat's
  // CrossProduct axes are not written.
  if (format !== FORMAT.Tabular && axisFormat !== TUPLE_FORMAT && axisFormat !== CUSTOM_FORMAT)
    throw new XmlaFault(
      "unsupported",
      `Execute answers the TupleFormat axis format only, not ${axisFormat}.`,
    );
  // Analysis Services' address reads Microsoft's level numbers: handed on to the port in Essbase's terms.
  const text = context.levels === "root" ? levelsFromRoot(statement) : statement;
  const query = state.olap.statement(text);
  if (query.kind !== "select") throw new OlapError("syntax", "Execute expected a SELECT statement.");
  if (format === FORMAT.Tabular && query.axes > 2)
    throw new XmlaFault(
      "unsupported",
      "The Tabular format flattens COLUMNS and ROWS only: this query has more axes.",
    );
  const asked = queryProperties(statement);
  for (const name of asked.cell ?? [])
    if (!(name in CELL_PROPERTIES))
      throw new XmlaFault(
        "bad-request",
        `${name} is not a cell property: ask for ${Object.keys(CELL_PROPERTIES).join(", ")}.`,
      );
  const cube = await context.cubeOf(query.cube);
  if (checkOnly(content)) return EMPTY_RESULT;
  const maxCells = state.options.maxCells;
  // The port reads Microsoft's MDX where it can (the engine's `ssas` dialect); `text` reads the same either way.
  const dialect = context.levels === "root" ? "ssas" : "essbase";
  const metadata = await cube.metadata();
  const result = await cube.mdx(text, {
    ...(maxCells !== undefined ? { maxCells } : {}),
    dialect,
    maxWork: queryWork(metadata),
  });
  const outline = cubeOutlineOf(metadata);
  // A property the server has not is a fault before the answer starts (it is written a slice at a time).
  const memberProperties = result.axes.map((axis) =>
    axis.dimensions.map((d) => memberPropertiesOf(outline, d, asked.axes.get(axis.ordinal) ?? [])),
  );
  return {
    cube: cube.cube,
    outline,
    result,
    content,
    aliasTable: "Default",
    format: format === FORMAT.Tabular ? "Tabular" : "Multidimensional",
    levels: context.levels,
    memberProperties,
    cellProperties: asked.cell,
    writable: state.olap.writable && cube.update !== undefined,
  };
}

/** `Content` `None`: neither schema nor data, the command checked and not run. */
function checkOnly(content: ContentParts): boolean {
  return !content.schema && !content.data;
}
