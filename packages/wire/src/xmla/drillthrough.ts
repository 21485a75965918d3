import { esc, inSlices, XML_SLICE_MS } from "@qibates/protocols/xml";
import { type ContentParts, ROWSET_NS, rootOpen, uniqueColumnNames } from "@qibates/protocols/xmla";
import type { OlapDrillthrough } from "@qibates/provider";

/** A name in MDX brackets, `]` doubled. */
const bracketed = (name: string): string => `[${name.replaceAll("]", "]]")}]`;

/**
 * The name of a drillthrough column as Analysis Services names it: a cube dimension prefixed with `$` and its
 * attribute (here the dimension itself, whose level-0 members the rows hold), `[$Market].[Market]`; a measure
 * with its measure group, which DBSCHEMA_TABLES names after the cube, `[Basic].[Sales]`.
 */
export function drillthroughColumnName(cube: string, column: OlapDrillthrough["columns"][number]): string {
  return column.kind === "dimension"
    ? `${bracketed(`$${column.name}`)}.${bracketed(column.name)}`
    : `${bracketed(cube)}.${bracketed(column.name)}`;
}

/** Rows written between two looks at the clock (`inSlices`). */
const ROWS_A_STEP = 64;

/**
 * A `DRILLTHROUGH`'s answer, as Analysis Services answers one: a tabular rowset (the rowset namespace, an XSD of
 * its row), one `row` per cell, one element per column, named by `xmlColumnName` with the column's own name in
 * `sql:field`; a dimension column `xsd:string` (the member's name), a measure column `xsd:double`, left out of
 * a row where #Missing. `content` chooses the schema, the rows, both or neither, as for any Execute. Written in
 * slices of about `sliceMs`, the event loop given back between them: a top cell's rows are tens of thousands.
 */
export function drillthroughXml(
  answer: OlapDrillthrough,
  content: ContentParts,
  sliceMs: number = XML_SLICE_MS,
): Promise<string> {
  return inSlices(drillthroughXmlSteps(answer, content), sliceMs);
}

function* drillthroughXmlSteps(answer: OlapDrillthrough, content: ContentParts): Generator<void, string> {
  const fields = answer.columns.map((c) => drillthroughColumnName(answer.cube, c));
  const names = uniqueColumnNames(fields);
  const chunks: string[] = [];
  const out: string[] = [rootOpen(ROWSET_NS)];
  if (content.schema) {
    out.push(
      `<xsd:schema xmlns:sql="urn:schemas-microsoft-com:xml-sql" targetNamespace="${ROWSET_NS}" elementFormDefault="qualified">` +
        '<xsd:element name="root"><xsd:complexType><xsd:sequence minOccurs="0" maxOccurs="unbounded">' +
        '<xsd:element name="row" type="row"/></xsd:sequence></xsd:complexType></xsd:element>' +
        '<xsd:complexType name="row"><xsd:sequence>',
    );
    answer.columns.forEach((c, i) => {
      const type = c.kind === "dimension" ? "xsd:string" : "xsd:double";
      out.push(
        `<xsd:element sql:field="${esc(fields[i] as string)}" name="${names[i]}" type="${type}" minOccurs="0"/>`,
      );
    });
    out.push("</xsd:sequence></xsd:complexType></xsd:schema>");
  }
  if (content.data) {
    let written = 0;
    for (const row of answer.rows) {
      out.push("<row>");
      row.forEach((v, i) => {
        if (v === null) return;
        const tag = names[i] as string;
        out.push(`<${tag}>${typeof v === "string" ? esc(v) : String(v)}</${tag}>`);
      });
      out.push("</row>");
      if (++written % ROWS_A_STEP === 0) {
        // The step's pieces joined now, so that the last join is of a few hundred strings, not of every element.
        chunks.push(out.join(""));
        out.length = 0;
        yield;
      }
    }
  }
  out.push("</root>");
  chunks.push(out.join(""));
  return chunks.join("");
}
