import type { Dimension, Member, Outline } from "@qibates/engine";
import { STEP_CELLS, type Steps } from "@qibates/engine/grid";
import { CalculatedMember, type MdxMember, type MdxResult } from "@qibates/engine/mdx";
import { bracket, caption, dimensionName, levelUniqueName, memberName } from "./names.ts";
import { esc } from "./xml.ts";

export const MDDATASET_NS = "urn:schemas-microsoft-com:xml-analysis:mddataset";

/** What an Execute answer carries (the `Content` property): schema, data, both, or neither. */
export interface ContentParts {
  schema: boolean;
  data: boolean;
}

/** The member properties of every axis member, with their declared types (TupleFormat). */
const MEMBER_PROPERTIES = [
  ["UName", "MEMBER_UNIQUE_NAME", "xsd:string"],
  ["Caption", "MEMBER_CAPTION", "xsd:string"],
  ["LName", "LEVEL_UNIQUE_NAME", "xsd:string"],
  ["LNum", "LEVEL_NUMBER", "xsd:int"],
  ["DisplayInfo", "DISPLAY_INFO", "xsd:unsignedInt"],
] as const;

/** DISPLAY_INFO bits (MDDataSet): children count in the low 16 bits, then drilled down, then same parent. */
const DRILLED_DOWN = 0x10000;
const SAME_PARENT_AS_PREV = 0x20000;

/** The XSD of the MDDataSet answer (TupleFormat), in the shape Analysis Services declares it. */
function schemaXml(): string {
  const anyOfTarget =
    '<xsd:any namespace="##targetNamespace" minOccurs="0" maxOccurs="unbounded" processContents="skip"/>';
  const named = (name: string, body: string) => `<xsd:complexType name="${name}">${body}</xsd:complexType>`;
  const seq = (...items: string[]) => `<xsd:sequence>${items.join("")}</xsd:sequence>`;
  const el = (name: string, type: string, extra = "") =>
    `<xsd:element name="${name}" type="${type}"${extra}/>`;
  const inline = (name: string, body: string, extra = "") =>
    `<xsd:element name="${name}"${extra}><xsd:complexType>${body}</xsd:complexType></xsd:element>`;
  const attr = (name: string, type: string, extra = "") =>
    `<xsd:attribute name="${name}" type="${type}"${extra}/>`;
  const many = ' minOccurs="0" maxOccurs="unbounded"';
  return [
    `<xsd:schema xmlns="${MDDATASET_NS}" targetNamespace="${MDDATASET_NS}" elementFormDefault="qualified">`,
    named("MemberType", seq(anyOfTarget) + attr("Hierarchy", "xsd:string")),
    named("TupleType", seq(el("Member", "MemberType", many))),
    named("TuplesType", seq(el("Tuple", "TupleType", many))),
    named(
      "OlapInfo",
      seq(
        inline(
          "CubeInfo",
          seq(
            inline(
              "Cube",
              seq(
                el("CubeName", "xsd:string"),
                el("LastDataUpdate", "xsd:dateTime", ' minOccurs="0"'),
                el("LastSchemaUpdate", "xsd:dateTime", ' minOccurs="0"'),
              ),
              ' maxOccurs="unbounded"',
            ),
          ),
        ),
        inline(
          "AxesInfo",
          seq(
            inline(
              "AxisInfo",
              seq(
                inline(
                  "HierarchyInfo",
                  seq(anyOfTarget) + attr("name", "xsd:string", ' use="required"'),
                  many,
                ),
              ) + attr("name", "xsd:string"),
              ' maxOccurs="unbounded"',
            ),
          ),
        ),
        inline("CellInfo", `<xsd:choice${many}>${anyOfTarget}</xsd:choice>`),
      ),
    ),
    named(
      "Axes",
      seq(
        inline(
          "Axis",
          seq(el("Tuples", "TuplesType")) + attr("name", "xsd:string"),
          ' maxOccurs="unbounded"',
        ),
      ),
    ),
    named(
      "CellData",
      seq(inline("Cell", seq(anyOfTarget) + attr("CellOrdinal", "xsd:unsignedInt", ' use="required"'), many)),
    ),
    inline(
      "root",
      seq(
        '<xsd:any namespace="http://www.w3.org/2001/XMLSchema" processContents="strict" minOccurs="0"/>',
        el("OlapInfo", "OlapInfo", ' minOccurs="0"'),
        el("Axes", "Axes", ' minOccurs="0"'),
        el("CellData", "CellData", ' minOccurs="0"'),
      ),
    ),
    "</xsd:schema>",
  ].join("");
}

const SCHEMA = schemaXml();

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
 * varying fastest; #Missing cells are left out). In steps (`@qibates/engine/grid`'s `Steps`): a few hundred
 * members or about a thousand cells at a time, so that the event loop writes a large answer a slice at a time
 * between other calls; handed to `emit` in chunks of about {@link XML_CHUNK_CHARS} characters, in order.
 */
export function* mdDataSetXmlSteps(input: MdDataSetInput, emit: (chunk: string) => void): Steps<void> {
  const { result, outline } = input;
  const out = new Chunks(emit);
  out.push(
    `<root xmlns="${MDDATASET_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">`,
  );
  if (input.content.schema) out.push(SCHEMA);
  const onAxes = new Set<Dimension>(result.axes.flatMap((a) => a.dimensions));
  const slicerBy = new Map<Dimension, MdxMember>(result.slicer.map((m) => [m.dimension, m]));
  const slicer: MdxMember[] = [];
  for (const d of outline.baseDimensions) if (!onAxes.has(d)) slicer.push(slicerBy.get(d) ?? d.root);
  for (const m of result.slicer) if (!outline.baseDimensions.includes(m.dimension)) slicer.push(m);
  const axes = [
    ...result.axes.map((a) => ({ name: `Axis${a.ordinal}`, dimensions: a.dimensions, tuples: a.tuples })),
    { name: "SlicerAxis", dimensions: slicer.map((m) => m.dimension), tuples: [slicer] },
  ];

  out.push(`<OlapInfo><CubeInfo><Cube><CubeName>${esc(input.cube)}</CubeName></Cube></CubeInfo><AxesInfo>`);
  for (const axis of axes) {
    out.push(`<AxisInfo name="${axis.name}">`);
    for (const d of axis.dimensions) {
      const h = dimensionName(d);
      out.push(`<HierarchyInfo name="${esc(h)}">`);
      for (const [tag, prop, type] of MEMBER_PROPERTIES)
        out.push(`<${tag} name="${esc(`${h}.[${prop}]`)}" type="${type}"/>`);
      out.push("</HierarchyInfo>");
    }
    out.push("</AxisInfo>");
  }
  out.push(
    "</AxesInfo><CellInfo>" +
      '<Value name="VALUE"/><FmtValue name="FORMATTED_VALUE" type="xsd:string"/>' +
      '<CellOrdinal name="CELL_ORDINAL" type="xsd:unsignedInt"/></CellInfo></OlapInfo>',
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
    out.push(
      `<Cell CellOrdinal="${c}"><Value xsi:type="xsd:double">${text}</Value><FmtValue>${formatValue(v, text)}</FmtValue></Cell>`,
    );
  }
  out.push("</CellData></root>");
  out.end();
}

const ROWSET_NS = "urn:schemas-microsoft-com:xml-analysis:rowset";

/**
 * An XML name for a column (SQL Server's and Analysis Services' encoding, `XmlConvert.EncodeLocalName`): every
 * character an XML name cannot hold, and a `_` that would start `_x`, becomes `_xHHHH_` (its UTF-16 code);
 * the column's own name travels unchanged in the schema's `sql:field`.
 */
export function xmlColumnName(name: string): string {
  let out = "";
  for (let i = 0; i < name.length; i++) {
    const ch = name[i] as string;
    const ok =
      i === 0 ? /[A-Za-z]/.test(ch) : /[A-Za-z0-9.-]/.test(ch) || (ch === "_" && name[i + 1] !== "x");
    out += ok ? ch : `_x${name.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}_`;
  }
  return out || "_x0020_";
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
  const out = new Chunks(emit);
  out.push(
    `<root xmlns="${ROWSET_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">`,
  );
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

/** Characters of XML handed on at once by {@link mdDataSetXmlSteps}: a chunk of the answer sent by itself. */
export const XML_CHUNK_CHARS = 64 * 1024;

/**
 * Pieces of text gathered into chunks of about {@link XML_CHUNK_CHARS}: each is handed on (to the socket, when
 * the answer is streamed) as soon as it is full, so that no string of the whole answer is built and its pieces
 * are dropped young.
 */
class Chunks {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly emit: (chunk: string) => void) {}

  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= XML_CHUNK_CHARS) this.flush();
  }

  end(): void {
    this.flush();
  }

  private flush(): void {
    if (this.size === 0) return;
    const chunk = this.parts.join("");
    this.parts = [];
    this.size = 0;
    this.emit(chunk);
  }
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
  if (next && !calc && parentOf(next) === m) info |= DRILLED_DOWN;
  if (prev && parentOf(prev) === parentOf(m)) info |= SAME_PARENT_AS_PREV;
  const name = calc ? m.name : caption(m as Member, aliasTable);
  return (
    `<Member Hierarchy="${esc(dimensionName(m.dimension))}">` +
    `<UName>${esc(uniqueName(m))}</UName>` +
    `<Caption>${esc(name)}</Caption>` +
    `<LName>${esc(levelUniqueName(m.dimension, gen))}</LName>` +
    `<LNum>${gen - 1}</LNum>` +
    `<DisplayInfo>${info}</DisplayInfo>` +
    "</Member>"
  );
}
