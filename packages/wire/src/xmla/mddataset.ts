import { esc } from "@qibates/protocols/xml";
import {
  axisMemberXml,
  bracket,
  type ContentParts,
  cellPropertiesXml,
  cellXml,
  DEFAULT_CELL_PROPERTIES,
  DISPLAY_INFO,
  MDDATASET_NS,
  MDDATASET_SCHEMA,
  olapInfoXml,
  ROWSET_NS,
  rootOpen,
  textCellXml,
  uniqueColumnNames,
  XML_CHUNK_CHARS,
  XmlChunks,
  xmlColumnName,
} from "@qibates/protocols/xmla";
import type { OlapCellSet, OlapMember, Work } from "@qibates/provider";
import type { MemberFacts, MemberProperty } from "./member-properties.ts";
import {
  type CubeOutline,
  caption,
  dimensionName,
  type LevelRule,
  levelUniqueName,
  memberLevel,
  memberName,
} from "./names.ts";

export { MDDATASET_NS, XML_CHUNK_CHARS, xmlColumnName };

/** Cells written between two steps (about a thousand, as the engine's grid steps). */
const STEP_CELLS = 1024;

/** The unique name of an axis member, calculated members under their parent (or their dimension). */
function uniqueName(outline: CubeOutline, m: OlapMember): string {
  if (m.calculated) {
    const parent = m.parent === null ? undefined : outline.index(m.dimension).member(m.parent);
    return `${parent ? memberName(parent) : bracket(m.dimension)}.${bracket(m.name)}`;
  }
  return memberName(m);
}

/** The member's parent in the outline (a calculated member's: the one it was defined under). */
function parentOf(outline: CubeOutline, m: OlapMember): OlapMember | null {
  return outline.index(m.dimension).parent(m);
}

/** The pattern {@link formatValue} writes a value in: thousands separators, at most two decimals. */
const DEFAULT_FORMAT_STRING = "#,##0.##";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: true });

/** `FmtValue`: the value with thousands separators and at most two decimals. */
export function formatValue(v: number, text = String(v)): string {
  // Whole numbers (most cells) from their text, without Intl: the same result, several times faster.
  if (Number.isInteger(v) && Math.abs(v) < 1e15 && !Object.is(v, -0)) {
    const sign = v < 0 ? 1 : 0;
    const n = text.length - sign;
    if (n <= 3) return text;
    let out = text.slice(0, sign + (((n - 1) % 3) + 1));
    for (let i = out.length; i < text.length; i += 3) out += `,${text.slice(i, i + 3)}`;
    return out;
  }
  return number.format(v);
}

export interface MdDataSetInput {
  cube: string;
  /** The cube's metadata, indexed: levels, the slicer's default members, parents. */
  outline: CubeOutline;
  result: OlapCellSet;
  content: ContentParts;
  /** The alias table member captions come from. */
  aliasTable: string;
  /** The `Format` asked for: an MDDataSet, or a flattened rowset ({@link tabularXmlSteps}). */
  format?: "Multidimensional" | "Tabular";
  /** How the address numbers levels (`LName`, `LNum`, `PARENT_LEVEL`): from the root or from the leaves. */
  levels?: LevelRule;
  /**
   * Per axis of `result` (same order), per hierarchy: the member properties asked for beyond the five
   * (`DIMENSION PROPERTIES`, {@link memberPropertiesOf}); none when absent.
   */
  memberProperties?: readonly (readonly (readonly MemberProperty[])[])[];
  /** The cell properties asked for (`CELL PROPERTIES`); null or absent for the default three. */
  cellProperties?: readonly string[] | null;
  /** Whether the cells can be written back (`UPDATEABLE`). */
  writable?: boolean;
}

/** Axis members written between two steps of {@link mdDataSetXmlSteps} (about as long as STEP_CELLS cells). */
const STEP_MEMBERS = 256;

/**
 * An Execute answer in MDDataSet form (TupleFormat): `OlapInfo` (cube, each axis's hierarchies and member
 * properties, the cell properties), `Axes` (the axes' tuples, then the slicer: every base dimension not on an
 * axis, at the slicer's member or its top), `CellData` (one `Cell` per non-missing value, by ordinal, columns
 * varying fastest; #Missing cells are left out). In steps (`Work`): a few hundred
 * members or about a thousand cells at a time, so that the event loop writes a large answer a slice at a time
 * between other calls; handed to `emit` in chunks of about {@link XML_CHUNK_CHARS} characters, in order.
 */
export function* mdDataSetXmlSteps(input: MdDataSetInput, emit: (chunk: string) => void): Work<void> {
  const { result, outline } = input;
  const out = new XmlChunks(emit);
  out.push(rootOpen(MDDATASET_NS));
  if (input.content.schema) out.push(MDDATASET_SCHEMA);
  const onAxes = new Set<string>(result.axes.flatMap((a) => a.dimensions));
  const slicerBy = new Map<string, OlapMember>(result.slicer.map((m) => [m.dimension, m]));
  const slicer: OlapMember[] = [];
  const base = outline.baseDimensions;
  for (const d of base) if (!onAxes.has(d.name)) slicer.push(slicerBy.get(d.name) ?? outline.index(d).root);
  for (const m of result.slicer) if (!base.some((d) => d.name === m.dimension)) slicer.push(m);
  const axes = [
    ...result.axes.map((a) => ({ name: `Axis${a.ordinal}`, dimensions: a.dimensions, tuples: a.tuples })),
    { name: "SlicerAxis", dimensions: slicer.map((m) => m.dimension), tuples: [slicer] },
  ];

  const rule = input.levels ?? "root";
  // Per axis, per hierarchy: the properties asked for beyond the five every member carries (none on the slicer).
  const extras = input.memberProperties ?? [];
  const askedCells = input.cellProperties ?? null;
  const cellProperties = askedCells ?? DEFAULT_CELL_PROPERTIES;
  out.push(
    olapInfoXml(
      input.cube,
      axes.map((a, i) => ({
        name: a.name,
        hierarchies: a.dimensions.map((d) => bracket(d)),
        extra: extras[i]?.map((ps) => ps.map((p) => p.declared)),
      })),
      cellProperties,
    ),
  );
  if (!input.content.data) {
    out.push("</root>");
    out.end();
    return;
  }

  out.push("<Axes>");
  let members = 0;
  for (const [a, axis] of axes.entries()) {
    out.push(`<Axis name="${axis.name}"><Tuples>`);
    for (let i = 0; i < axis.tuples.length; i++) {
      const tuple = axis.tuples[i] as readonly OlapMember[];
      out.push("<Tuple>");
      for (let k = 0; k < tuple.length; k++) {
        if (++members % STEP_MEMBERS === 0) yield;
        const m = tuple[k] as OlapMember;
        out.push(
          memberXml(
            outline,
            m,
            input.aliasTable,
            axis.tuples[i - 1]?.[k],
            axis.tuples[i + 1]?.[k],
            rule,
            extras[a]?.[k] ?? [],
            input.cube,
          ),
        );
      }
      out.push("</Tuple>");
    }
    out.push("</Tuples></Axis>");
  }
  out.push("</Axes><CellData>");
  const cells = result.cells;
  const formatted = result.formatted;
  for (let c = 0; c < cells.length; c++) {
    if (c > 0 && c % STEP_CELLS === 0) yield;
    const v = cells[c];
    if (v === null || v === undefined) continue;
    if (typeof v === "string") {
      // A calculated member's string (Report Builder's ParameterCaption): typed xsd:string, formatted as itself.
      out.push(
        askedCells
          ? cellPropertiesXml(c, cellProperties, { VALUE: v, FORMATTED_VALUE: v }, true)
          : textCellXml(c, v),
      );
      continue;
    }
    const text = String(v);
    if (!askedCells) {
      out.push(cellXml(c, text, formatted?.[c] ?? formatValue(v, text)));
      continue;
    }
    const own = formatted?.[c];
    out.push(
      cellPropertiesXml(c, cellProperties, {
        VALUE: text,
        FORMATTED_VALUE: own ?? formatValue(v, text),
        // The pattern formatValue follows; a value the server formatted itself has its own.
        FORMAT_STRING: own === undefined ? DEFAULT_FORMAT_STRING : undefined,
        UPDATEABLE: input.writable ? "1" : undefined,
      }),
    );
  }
  out.push("</CellData></root>");
  out.end();
}

/**
 * An Execute answer in the Tabular format (a "flattened" rowset, XML for Analysis 1.1 §"Tabular"): one row per
 * tuple of the ROWS axis (one row without it). Its columns are, for each dimension on ROWS, one per level from
 * the top down to the deepest member shown, named `<level unique name>.[MEMBER_CAPTION]` and holding the caption
 * of the row member's ancestor at that level (nothing below the member's own level); then one per tuple of the
 * COLUMNS axis, named by its members' unique names joined by `.`, holding the cell's value (`xsd:double`, or
 * `xsd:string` for a column whose cells hold strings; a #Missing cell is left out). Element names are encoded by
 * {@link xmlColumnName}; `sql:field` names the column.
 * In steps, handed to `emit` in chunks, as {@link mdDataSetXmlSteps}.
 */
export function* tabularXmlSteps(input: MdDataSetInput, emit: (chunk: string) => void): Work<void> {
  const { result, outline } = input;
  const columnsAxis = result.axes.find((a) => a.ordinal === 0);
  const rowsAxis = result.axes.find((a) => a.ordinal === 1);
  const rowTuples: readonly (readonly OlapMember[])[] = rowsAxis ? rowsAxis.tuples : [[]];
  // Row columns: per dimension on ROWS, its levels down to the deepest member shown there.
  const levels: { index: number; generation: number; field: string }[] = [];
  for (const [index, name] of (rowsAxis?.dimensions ?? []).entries()) {
    const d = outline.dimension(name);
    if (!d) throw new Error(`the cell set names a dimension the cube lacks: ${name}`);
    let deepest = 1;
    for (const t of rowTuples) deepest = Math.max(deepest, (t[index] as OlapMember).generation);
    for (let gen = 1; gen <= deepest; gen++)
      levels.push({
        index,
        generation: gen,
        field: `${levelUniqueName(d, gen)}.[MEMBER_CAPTION]`,
      });
  }
  const valueFields = (columnsAxis?.tuples ?? []).map((t) => t.map((m) => uniqueName(outline, m)).join("."));
  // A column whose cells hold strings (a calculated member's, as Report Builder's ParameterCaption) is xsd:string.
  const textColumns = new Set<number>();
  if (valueFields.length > 0)
    for (let c = 0; c < result.cells.length; c++)
      if (typeof result.cells[c] === "string") textColumns.add(c % valueFields.length);
  const fields = [...levels.map((l) => l.field), ...valueFields];
  const names = uniqueColumnNames(fields);
  const out = new XmlChunks(emit);
  out.push(rootOpen(ROWSET_NS));
  if (input.content.schema) {
    out.push(
      `<xsd:schema xmlns:sql="urn:schemas-microsoft-com:xml-sql" targetNamespace="${ROWSET_NS}" elementFormDefault="qualified">` +
        '<xsd:element name="root"><xsd:complexType><xsd:sequence minOccurs="0" maxOccurs="unbounded">' +
        '<xsd:element name="row" type="row"/></xsd:sequence></xsd:complexType></xsd:element>' +
        '<xsd:complexType name="row"><xsd:sequence>',
    );
    for (let i = 0; i < fields.length; i++) {
      const type = i < levels.length || textColumns.has(i - levels.length) ? "xsd:string" : "xsd:double";
      out.push(
        `<xsd:element sql:field="${esc(fields[i] as string)}" name="${names[i]}" type="${type}" minOccurs="0"/>`,
      );
    }
    out.push("</xsd:sequence></xsd:complexType></xsd:schema>");
  }
  if (input.content.data) {
    const width = valueFields.length;
    const cells = result.cells;
    let work = 0;
    for (let r = 0; r < rowTuples.length; r++) {
      work += width + levels.length + 1;
      if (work >= STEP_CELLS) {
        work = 0;
        yield;
      }
      const tuple = rowTuples[r] as readonly OlapMember[];
      out.push("<row>");
      for (let l = 0; l < levels.length; l++) {
        const level = levels[l] as (typeof levels)[number];
        let m: OlapMember | null = tuple[level.index] as OlapMember;
        if (m.generation < level.generation) continue;
        while (m && m.generation > level.generation) m = parentOf(outline, m);
        if (!m) continue;
        const name = m.calculated ? m.name : caption(m, input.aliasTable);
        out.push(`<${names[l]}>${esc(name)}</${names[l]}>`);
      }
      for (let c = 0; c < width; c++) {
        const v = cells[r * width + c];
        if (v === null || v === undefined) continue;
        const tag = names[levels.length + c] as string;
        out.push(`<${tag}>${typeof v === "string" ? esc(v) : String(v)}</${tag}>`);
      }
      out.push("</row>");
    }
  }
  out.push("</root>");
  out.end();
}

function memberXml(
  outline: CubeOutline,
  m: OlapMember,
  aliasTable: string,
  prev: OlapMember | undefined,
  next: OlapMember | undefined,
  rule: LevelRule,
  extra: readonly MemberProperty[],
  cube: string,
) {
  const calc = m.calculated === true;
  const children = calc ? 0 : Math.min(m.childCount, 0xffff);
  let info = children;
  // A shared member has no children: a next member under its name is under the stored one.
  if (next && !calc && !m.shared && next.parent === m.name) info |= DISPLAY_INFO.DRILLED_DOWN;
  if (prev && prev.parent === m.parent) info |= DISPLAY_INFO.SAME_PARENT_AS_PREV;
  const name = calc ? m.name : caption(m, aliasTable);
  const d = outline.dimension(m.dimension);
  if (!d) throw new Error(`the cell set names a dimension the cube lacks: ${m.dimension}`);
  const level = memberLevel(d, m, rule);
  const values: [string, string | number][] = [];
  if (extra.length > 0) {
    const facts: MemberFacts = { outline, d, m, rule, cube, aliasTable };
    for (const p of extra) {
      const v = p.value(facts);
      if (v !== undefined) values.push([p.declared.tag, v]);
    }
  }
  return axisMemberXml({
    hierarchy: dimensionName(d),
    uniqueName: uniqueName(outline, m),
    caption: name,
    levelUniqueName: level.uniqueName,
    levelNumber: level.number,
    displayInfo: info,
    extra: values,
  });
}
