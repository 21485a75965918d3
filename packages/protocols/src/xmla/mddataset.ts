import { esc } from "../xml/escape.ts";
import { MDDATASET_NS, XSD_NS, XSI_NS } from "./namespaces.ts";

/**
 * Writing a multidimensional data set (`Format=Multidimensional`, `AxisFormat=TupleFormat`), the server's side,
 * in pieces a writer streams: the root, `OlapInfo`, each axis member, each cell. `answer.ts` reads it back.
 */

/** The member properties of every axis member, with their declared types (TupleFormat). */
export const MEMBER_PROPERTIES = [
  ["UName", "MEMBER_UNIQUE_NAME", "xsd:string"],
  ["Caption", "MEMBER_CAPTION", "xsd:string"],
  ["LName", "LEVEL_UNIQUE_NAME", "xsd:string"],
  ["LNum", "LEVEL_NUMBER", "xsd:int"],
  ["DisplayInfo", "DISPLAY_INFO", "xsd:unsignedInt"],
] as const;

/** DISPLAY_INFO bits (MDDataSet): children count in the low 16 bits, then drilled down, then same parent. */
export const DISPLAY_INFO = { DRILLED_DOWN: 0x10000, SAME_PARENT_AS_PREV: 0x20000 } as const;

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

/** The XSD of the MDDataSet answer (TupleFormat), as Analysis Services declares it. */
export const MDDATASET_SCHEMA = schemaXml();

/** The opening of a data set's or a rowset's `root`, with the XSI and XSD prefixes. */
export function rootOpen(ns: string): string {
  return `<root xmlns="${ns}" xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}">`;
}

/** A member property an axis carries beyond the five of every member: its element, full name and XSD type. */
export interface ExtraMemberProperty {
  /** The element name (the property's name, `PARENT_UNIQUE_NAME`). */
  tag: string;
  /** The property's name as `HierarchyInfo` declares it, `[Market].[PARENT_UNIQUE_NAME]`. */
  name: string;
  type: string;
}

/**
 * The cell properties of [MS-SSAS]'s `CellInfo`: the property's name in a query (`CELL PROPERTIES`), its element
 * in `CellInfo` and in each `Cell`, and its XSD type. `CELL_ORDINAL` is the `Cell`'s attribute.
 */
export const CELL_PROPERTIES: Readonly<Record<string, readonly [tag: string, type: string | null]>> = {
  VALUE: ["Value", null],
  FORMATTED_VALUE: ["FmtValue", "xsd:string"],
  FORMAT_STRING: ["FormatString", "xsd:string"],
  CELL_ORDINAL: ["CellOrdinal", "xsd:unsignedInt"],
  BACK_COLOR: ["BackColor", "xsd:unsignedInt"],
  FORE_COLOR: ["ForeColor", "xsd:unsignedInt"],
  FONT_NAME: ["FontName", "xsd:string"],
  FONT_SIZE: ["FontSize", "xsd:unsignedShort"],
  FONT_FLAGS: ["FontFlags", "xsd:int"],
  LANGUAGE: ["Language", "xsd:unsignedInt"],
  UPDATEABLE: ["Updateable", "xsd:unsignedInt"],
  ACTION_TYPE: ["ActionType", "xsd:unsignedInt"],
  NON_EMPTY_BEHAVIOR: ["NonEmptyBehavior", "xsd:string"],
  SOLVE_ORDER: ["SolveOrder", "xsd:int"],
};

/** The cell properties of an answer to a query without `CELL PROPERTIES`: value, formatted value, ordinal. */
export const DEFAULT_CELL_PROPERTIES = ["VALUE", "FORMATTED_VALUE", "CELL_ORDINAL"] as const;

/**
 * `OlapInfo`: the cube, each axis's hierarchies and their member properties (the five of every member, then
 * those the query asked for), the cell properties ({@link DEFAULT_CELL_PROPERTIES} unless given).
 */
export function olapInfoXml(
  cube: string,
  axes: readonly {
    name: string;
    hierarchies: readonly string[];
    /** Per hierarchy (same order), the properties asked for beyond the five. */
    extra?: readonly (readonly ExtraMemberProperty[])[];
  }[],
  cellProperties: readonly string[] = DEFAULT_CELL_PROPERTIES,
): string {
  let out = `<OlapInfo><CubeInfo><Cube><CubeName>${esc(cube)}</CubeName></Cube></CubeInfo><AxesInfo>`;
  for (const axis of axes) {
    out += `<AxisInfo name="${axis.name}">`;
    axis.hierarchies.forEach((h, i) => {
      out += `<HierarchyInfo name="${esc(h)}">`;
      for (const [tag, prop, type] of MEMBER_PROPERTIES)
        out += `<${tag} name="${esc(`${h}.[${prop}]`)}" type="${type}"/>`;
      for (const p of axis.extra?.[i] ?? []) out += `<${p.tag} name="${esc(p.name)}" type="${p.type}"/>`;
      out += "</HierarchyInfo>";
    });
    out += "</AxisInfo>";
  }
  out += "</AxesInfo><CellInfo>";
  for (const name of cellProperties) {
    const known = CELL_PROPERTIES[name];
    if (!known) continue;
    const [tag, type] = known;
    out += `<${tag} name="${name}"${type ? ` type="${type}"` : ""}/>`;
  }
  return `${out}</CellInfo></OlapInfo>`;
}

/** An axis member as a data set carries it (TupleFormat). */
export interface AxisMember {
  hierarchy: string;
  uniqueName: string;
  caption: string;
  levelUniqueName: string;
  levelNumber: number;
  /** DISPLAY_INFO: children count in the low 16 bits, then {@link DISPLAY_INFO}'s bits. */
  displayInfo: number;
  /** The properties the query asked for beyond the five, in their declared order: element and value. */
  extra?: readonly (readonly [tag: string, value: string | number])[];
}

export function axisMemberXml(m: AxisMember): string {
  let extra = "";
  for (const [tag, value] of m.extra ?? []) extra += `<${tag}>${esc(String(value))}</${tag}>`;
  return (
    `<Member Hierarchy="${esc(m.hierarchy)}">` +
    `<UName>${esc(m.uniqueName)}</UName>` +
    `<Caption>${esc(m.caption)}</Caption>` +
    `<LName>${esc(m.levelUniqueName)}</LName>` +
    `<LNum>${m.levelNumber}</LNum>` +
    `<DisplayInfo>${m.displayInfo}</DisplayInfo>` +
    extra +
    "</Member>"
  );
}

/** A cell with a number: `text` its value as written, `formatted` its `FmtValue`. */
export function cellXml(ordinal: number, text: string, formatted: string): string {
  return `<Cell CellOrdinal="${ordinal}"><Value xsi:type="xsd:double">${text}</Value><FmtValue>${formatted}</FmtValue></Cell>`;
}

/**
 * A cell with a string (a calculated member's, as Report Builder's `ParameterCaption`): its `Value` typed
 * `xsd:string`, as Analysis Services types a cell by what it holds, and its `FmtValue` the string itself.
 */
export function textCellXml(ordinal: number, text: string): string {
  const v = esc(text);
  return `<Cell CellOrdinal="${ordinal}"><Value xsi:type="xsd:string">${v}</Value><FmtValue>${v}</FmtValue></Cell>`;
}

/**
 * A cell carrying the properties a query's `CELL PROPERTIES` asked for, in that order: `values` holds each one's
 * text by name (`VALUE` the number as written, or the string when `text`); a property without a value is left
 * out, as SSAS leaves it.
 */
export function cellPropertiesXml(
  ordinal: number,
  properties: readonly string[],
  values: Readonly<Record<string, string | undefined>>,
  text = false,
): string {
  let out = `<Cell CellOrdinal="${ordinal}">`;
  for (const name of properties) {
    const v = values[name];
    const known = CELL_PROPERTIES[name];
    if (v === undefined || !known || name === "CELL_ORDINAL") continue;
    const [tag] = known;
    if (name !== "VALUE") out += `<${tag}>${esc(v)}</${tag}>`;
    else
      out += text
        ? `<Value xsi:type="xsd:string">${esc(v)}</Value>`
        : `<Value xsi:type="xsd:double">${v}</Value>`;
  }
  return `${out}</Cell>`;
}

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
 * The element names of a tabular rowset's columns (`xmlColumnName` of each field): two columns may not share an
 * element name, so a later one gets a number (`Sales`, `Sales_1`).
 */
export function uniqueColumnNames(fields: readonly string[]): string[] {
  const names = fields.map(xmlColumnName);
  const seen = new Map<string, number>();
  for (let i = 0; i < names.length; i++) {
    const n = names[i] as string;
    const count = seen.get(n) ?? 0;
    seen.set(n, count + 1);
    if (count > 0) names[i] = `${n}_${count}`;
  }
  return names;
}

/** Characters of XML handed on at once by an answer's writer: a chunk of the answer sent by itself. */
export const XML_CHUNK_CHARS = 64 * 1024;

/**
 * Pieces of text gathered into chunks of about {@link XML_CHUNK_CHARS}: each is handed on (to the socket, when
 * the answer is streamed) as soon as it is full, so that no string of the whole answer is built and its pieces
 * are dropped young.
 */
export class XmlChunks {
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
