import { esc } from "@qibates/protocols/xml";
import type { SheetData } from "write-excel-file/node";
import { csvRecord } from "../csv.ts";

/**
 * The report of Essbase's `…/mdx` in the formats other than JSON (`format=CSV|HTML|XLSX`): the same rows as the
 * JSON answer's `data` (column headers first, then one row per row tuple, corner cells empty), in each format.
 * Oracle's reference lists the formats and declares the answer `application/octet-stream` (HTML `text/html`);
 * each is sent under its own registered type, which a client reading bytes takes as well (NOTES in README).
 */
export interface MdxReport {
  /** The rows, as the JSON answer's `data`: data values as Java's `Double.toString`, headers as names. */
  data: readonly (readonly string[])[];
  /** Which cells are data cells (numbers, #Missing, no access), same shape as `data`. */
  isData: readonly (readonly boolean[])[];
  /** How many first rows are column headers. */
  headerRows: number;
}

export const MDX_FORMAT_TYPES = {
  CSV: "text/csv; charset=utf-8",
  HTML: "text/html; charset=utf-8",
  XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * RFC 4180: fields separated by commas, records by CRLF; a field with a comma, quote or line break quoted, and a
 * label a spreadsheet would run as a formula written as text (`csvField`).
 */
export function mdxCsv(report: MdxReport): string {
  return report.data.map(csvRecord).join("");
}

/** One HTML table: the column headers in `thead` (`th`), then a row per tuple, its row headers as `th`. */
export function mdxHtml(report: MdxReport, title: string): string {
  const out: string[] = [
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><table>`,
  ];
  report.data.forEach((row, r) => {
    if (r === 0 && report.headerRows > 0) out.push("<thead>");
    if (r === report.headerRows) out.push("<tbody>");
    out.push("<tr>");
    row.forEach((text, c) => {
      const data = report.isData[r]?.[c] === true;
      const header = r < report.headerRows ? ' scope="col"' : ' scope="row"';
      if (text === "") out.push(r < report.headerRows ? "<th></th>" : "<td></td>");
      else out.push(data ? `<td>${esc(text)}</td>` : `<th${header}>${esc(text)}</th>`);
    });
    out.push("</tr>");
    if (r === report.headerRows - 1) out.push("</thead>");
  });
  if (report.data.length > report.headerRows) out.push("</tbody>");
  out.push("</table></body></html>");
  return out.join("");
}

/**
 * One worksheet holding the report: data cells as numbers where they are numbers (text otherwise: `#Missing`,
 * a dataless report's empty cells), headers as text. Written by `write-excel-file` (README), loaded at the first
 * such report rather than at every server's start: few calls ask for this format.
 */
export async function mdxXlsx(report: MdxReport): Promise<Buffer> {
  const { default: writeXlsxFile } = await import("write-excel-file/node");
  const sheet: SheetData = report.data.map((row, r) =>
    row.map((text, c) => {
      if (text === "") return null;
      const n = Number(text);
      if (report.isData[r]?.[c] === true && text.trim() !== "" && Number.isFinite(n))
        return { value: n, type: Number };
      return { value: text, type: String };
    }),
  );
  return writeXlsxFile(sheet, { sheet: "MDX" }).toBuffer();
}
