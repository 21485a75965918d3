import { esc } from "@qibates/protocols/xml";
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

/**
 * A `DRILLTHROUGH`'s answer, as Analysis Services answers one: a tabular rowset (the rowset namespace, an XSD of
 * its row), one `row` per cell, one element per column, named by `xmlColumnName` with the column's own name in
 * `sql:field`; a dimension column `xsd:string` (the member's name), a measure column `xsd:double`, left out of
 * a row where #Missing. `content` chooses the schema, the rows, both or neither, as for any Execute.
 */
export function drillthroughXml(answer: OlapDrillthrough, content: ContentParts): string {
  const fields = answer.columns.map((c) => drillthroughColumnName(answer.cube, c));
  const names = uniqueColumnNames(fields);
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
  if (content.data)
    for (const row of answer.rows) {
      out.push("<row>");
      row.forEach((v, i) => {
        if (v === null) return;
        const tag = names[i] as string;
        out.push(`<${tag}>${typeof v === "string" ? esc(v) : String(v)}</${tag}>`);
      });
      out.push("</row>");
    }
  out.push("</root>");
  return out.join("");
}
