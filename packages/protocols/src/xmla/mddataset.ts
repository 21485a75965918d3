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

/** `OlapInfo`: the cube, each axis's hierarchies and their member properties, the cell properties. */
export function olapInfoXml(
  cube: string,
  axes: readonly { name: string; hierarchies: readonly string[] }[],
): string {
  let out = `<OlapInfo><CubeInfo><Cube><CubeName>${esc(cube)}</CubeName></Cube></CubeInfo><AxesInfo>`;
  for (const axis of axes) {
    out += `<AxisInfo name="${axis.name}">`;
    for (const h of axis.hierarchies) {
      out += `<HierarchyInfo name="${esc(h)}">`;
      for (const [tag, prop, type] of MEMBER_PROPERTIES)
        out += `<${tag} name="${esc(`${h}.[${prop}]`)}" type="${type}"/>`;
      out += "</HierarchyInfo>";
    }
    out += "</AxisInfo>";
  }
  return (
    out +
    "</AxesInfo><CellInfo>" +
    '<Value name="VALUE"/><FmtValue name="FORMATTED_VALUE" type="xsd:string"/>' +
    '<CellOrdinal name="CELL_ORDINAL" type="xsd:unsignedInt"/></CellInfo></OlapInfo>'
  );
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
}

export function axisMemberXml(m: AxisMember): string {
  return (
    `<Member Hierarchy="${esc(m.hierarchy)}">` +
    `<UName>${esc(m.uniqueName)}</UName>` +
    `<Caption>${esc(m.caption)}</Caption>` +
    `<LName>${esc(m.levelUniqueName)}</LName>` +
    `<LNum>${m.levelNumber}</LNum>` +
    `<DisplayInfo>${m.displayInfo}</DisplayInfo>` +
    "</Member>"
  );
}

/** A cell with a number: `text` its value as written, `formatted` its `FmtValue`. */
export function cellXml(ordinal: number, text: string, formatted: string): string {
  return `<Cell CellOrdinal="${ordinal}"><Value xsi:type="xsd:double">${text}</Value><FmtValue>${formatted}</FmtValue></Cell>`;
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
