import {
  CalculatedMember,
  type Dimension,
  type MdxMember,
  type MdxResult,
  type Member,
  type Outline,
  STEP_CELLS,
  type Steps,
} from "@qibates/connectors/engine-port";
import { esc } from "@qibates/protocols/xml";
import {
  axisMemberXml,
  bracket,
  type ContentParts,
  cellXml,
  DISPLAY_INFO,
  MDDATASET_NS,
  MDDATASET_SCHEMA,
  olapInfoXml,
  ROWSET_NS,
  rootOpen,
  XML_CHUNK_CHARS,
  XmlChunks,
  xmlColumnName,
} from "@qibates/protocols/xmla";
import { caption, dimensionName, levelUniqueName, memberName } from "./names.ts";

export { MDDATASET_NS, XML_CHUNK_CHARS, xmlColumnName };

/** The unique name of an axis member, calculated members under their parent (or their dimension). */
function uniqueName(m: MdxMember): string {
  if (m instanceof CalculatedMember)
    return `${m.parent ? memberName(m.parent) : dimensionName(m.dimension)}.${bracket(m.name)}`;
  return memberName(m);
}

function generationOf(m: MdxMember): number {
  if (m instanceof CalculatedMember) return m.parent ? m.parent.generation + 1 : 1;
  return m.generation;
}

function parentOf(m: MdxMember): Member | null {
  return m.parent;
}

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
  outline: Outline;
  result: MdxResult;
  content: ContentParts;
  /** The alias table member captions come from. */
  aliasTable: string;
  /** The `Format` asked for: an MDDataSet, or a flattened rowset ({@link tabularXmlSteps}). */
  format?: "Multidimensional" | "Tabular";
}

/** Axis members written between two steps of {@link mdDataSetXmlSteps} (about as long as STEP_CELLS cells). */
const STEP_MEMBERS = 256;

/**
 * An Execute answer in MDDataSet form (TupleFormat): `OlapInfo` (cube, each axis's hierarchies and member
 * properties, the cell properties), `Axes` (the axes' tuples, then the slicer: every base dimension not on an
 * axis, at the slicer's member or its top), `CellData` (one `Cell` per non-missing value, by ordinal, columns
 * varying fastest; #Missing cells are left out). In steps (the engine port's `Steps`): a few hundred
 * members or about a thousand cells at a time, so that the event loop writes a large answer a slice at a time
 * between other calls; handed to `emit` in chunks of about {@link XML_CHUNK_CHARS} characters, in order.
 */
export function* mdDataSetXmlSteps(input: MdDataSetInput, emit: (chunk: string) => void): Steps<void> {
  const { result, outline } = input;
  const out = new XmlChunks(emit);
  out.push(rootOpen(MDDATASET_NS));
  if (input.content.schema) out.push(MDDATASET_SCHEMA);
  const onAxes = new Set<Dimension>(result.axes.flatMap((a) => a.dimensions));
  const slicerBy = new Map<Dimension, MdxMember>(result.slicer.map((m) => [m.dimension, m]));
  const slicer: MdxMember[] = [];
  for (const d of outline.baseDimensions) if (!onAxes.has(d)) slicer.push(slicerBy.get(d) ?? d.root);
  for (const m of result.slicer) if (!outline.baseDimensions.includes(m.dimension)) slicer.push(m);
  const axes = [
    ...result.axes.map((a) => ({ name: `Axis${a.ordinal}`, dimensions: a.dimensions, tuples: a.tuples })),
    { name: "SlicerAxis", dimensions: slicer.map((m) => m.dimension), tuples: [slicer] },
  ];

  out.push(
    olapInfoXml(
      input.cube,
      axes.map((a) => ({ name: a.name, hierarchies: a.dimensions.map(dimensionName) })),
    ),
  );
  if (!input.content.data) {
    out.push("</root>");
    out.end();
    return;
  }

  out.push("<Axes>");
  let members = 0;
  for (const axis of axes) {
    out.push(`<Axis name="${axis.name}"><Tuples>`);
    for (let i = 0; i < axis.tuples.length; i++) {
      const tuple = axis.tuples[i] as readonly MdxMember[];
      out.push("<Tuple>");
      for (let k = 0; k < tuple.length; k++) {
        if (++members % STEP_MEMBERS === 0) yield;
        const m = tuple[k] as MdxMember;
        out.push(memberXml(m, input.aliasTable, axis.tuples[i - 1]?.[k], axis.tuples[i + 1]?.[k]));
      }
      out.push("</Tuple>");
    }
    out.push("</Tuples></Axis>");
  }
  out.push("</Axes><CellData>");
  const cells = result.cells;
  for (let c = 0; c < cells.length; c++) {
    if (c > 0 && c % STEP_CELLS === 0) yield;
    const v = cells[c];
    if (v === null || v === undefined) continue;
    const text = String(v);
    out.push(cellXml(c, text, formatValue(v, text)));
  }
  out.push("</CellData></root>");
  out.end();
}

/**
 * An Execute answer in the Tabular format (a "flattened" rowset, XML for Analysis 1.1 §"Tabular"): one row per
 * tuple of the ROWS axis (one row without it). Its columns are, for each dimension on ROWS, one per level from
 * the top down to the deepest member shown, named `<level unique name>.[MEMBER_CAPTION]` and holding the caption
 * of the row member's ancestor at that level (nothing below the member's own level); then one per tuple of the
 * COLUMNS axis, named by its members' unique names joined by `.`, holding the cell's value (`xsd:double`; a
 * #Missing cell is left out). Element names are encoded by {@link xmlColumnName}; `sql:field` names the column.
 * In steps, handed to `emit` in chunks, as {@link mdDataSetXmlSteps}.
 */
export function* tabularXmlSteps(input: MdDataSetInput, emit: (chunk: string) => void): Steps<void> {
  const { result } = input;
  const columnsAxis = result.axes.find((a) => a.ordinal === 0);
  const rowsAxis = result.axes.find((a) => a.ordinal === 1);
  const rowTuples: readonly (readonly MdxMember[])[] = rowsAxis ? rowsAxis.tuples : [[]];
  // Row columns: per dimension on ROWS, its levels down to the deepest member shown there.
  const levels: { index: number; dimension: Dimension; generation: number; field: string }[] = [];
  for (const [index, d] of (rowsAxis?.dimensions ?? []).entries()) {
    let deepest = 1;
    for (const t of rowTuples) deepest = Math.max(deepest, generationOf(t[index] as MdxMember));
    for (let gen = 1; gen <= deepest; gen++)
      levels.push({
        index,
        dimension: d,
        generation: gen,
        field: `${levelUniqueName(d, gen)}.[MEMBER_CAPTION]`,
      });
  }
  const valueFields = (columnsAxis?.tuples ?? []).map((t) => t.map(uniqueName).join("."));
  const fields = [...levels.map((l) => l.field), ...valueFields];
  const names = fields.map(xmlColumnName);
  // Two columns may not share an element name: later ones get a number.
  const seen = new Map<string, number>();
  for (let i = 0; i < names.length; i++) {
    const n = names[i] as string;
    const count = seen.get(n) ?? 0;
    seen.set(n, count + 1);
    if (count > 0) names[i] = `${n}_${count}`;
  }
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
      const type = i < levels.length ? "xsd:string" : "xsd:double";
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
      const tuple = rowTuples[r] as readonly MdxMember[];
      out.push("<row>");
      for (let l = 0; l < levels.length; l++) {
        const level = levels[l] as (typeof levels)[number];
        let m: MdxMember | null = tuple[level.index] as MdxMember;
        if (generationOf(m) < level.generation) continue;
        while (m && generationOf(m) > level.generation) m = parentOf(m);
        if (!m) continue;
        const name = m instanceof CalculatedMember ? m.name : caption(m as Member, input.aliasTable);
        out.push(`<${names[l]}>${esc(name)}</${names[l]}>`);
      }
      for (let c = 0; c < width; c++) {
        const v = cells[r * width + c];
        if (v === null || v === undefined) continue;
        const tag = names[levels.length + c] as string;
        out.push(`<${tag}>${String(v)}</${tag}>`);
      }
      out.push("</row>");
    }
  }
  out.push("</root>");
  out.end();
}

function memberXml(
  m: MdxMember,
  aliasTable: string,
  prev: MdxMember | undefined,
  next: MdxMember | undefined,
) {
  const calc = m instanceof CalculatedMember;
  const gen = generationOf(m);
  const children = calc ? 0 : Math.min((m as Member).children.length, 0xffff);
  let info = children;
  if (next && !calc && parentOf(next) === m) info |= DISPLAY_INFO.DRILLED_DOWN;
  if (prev && parentOf(prev) === parentOf(m)) info |= DISPLAY_INFO.SAME_PARENT_AS_PREV;
  const name = calc ? m.name : caption(m as Member, aliasTable);
  return axisMemberXml({
    hierarchy: dimensionName(m.dimension),
    uniqueName: uniqueName(m),
    caption: name,
    levelUniqueName: levelUniqueName(m.dimension, gen),
    levelNumber: gen - 1,
    displayInfo: info,
  });
}
