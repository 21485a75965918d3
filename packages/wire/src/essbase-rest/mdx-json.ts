import type { components } from "@qibates/client/schema";
import { javaDataText, type MdxJson } from "@qibates/protocols/essbase-rest";
import type { MdxReport } from "./mdx-formats.ts";

type Schemas = components["schemas"];

const DATA_KINDS = new Set<Schemas["CellKind"]>(["data", "read-only", "missing", "no-access"]);

/**
 * A provider's MDX grid as Essbase 21.x's `…/mdx` JSON: `metadata.page` the dimensions on no axis (names, in
 * outline order), `column` and `row` the axes' dimensions, `data` the report from the first column-header row
 * down, corner cells `""`, data values as Java's `Double.toString` (`"400855.0"`). The shape is the one
 * appliedolap recorded from 21.7 (`MdxJsonTest`, page dimensions as bare names; 26.1 writes objects).
 * `rows`: the same `data`, with which of its cells are data cells and how many of its first rows are column
 * headers: what the CSV, HTML and XLSX formats of the same report read (`mdx-formats.ts`).
 */
export function mdxReport(
  answer: Pick<Schemas["GridResponse"], "grid" | "cellKinds" | "layout">,
  outline: readonly { name: string; attribute: boolean }[],
  dataless: boolean,
): { json: MdxJson; rows: MdxReport } {
  const { grid, cellKinds, layout } = answer;
  // Every base dimension on no axis (21.7's answer to a query without WHERE lists Product, Market and
  // Scenario of Sample.Basic, not its attribute dimensions), and any dimension of the slicer.
  const onAxes = new Set([...layout.rowDimensions, ...layout.columnDimensions]);
  const slicer = Object.keys(layout.pov);
  const page = [
    ...outline
      .filter((d) => !onAxes.has(d.name) && (!d.attribute || slicer.includes(d.name)))
      .map((d) => d.name),
    ...slicer.filter((d) => !outline.some((o) => o.name === d) && !onAxes.has(d)),
  ];
  const firstTop = Math.max(0, layout.headerRows - layout.columnDimensions.length);
  // As wide as the report's own rows: the cells that only pad them to the POV row above (the slicer's members,
  // not in the report) are left out, so that a wide slicer adds no empty column.
  let columns = 0;
  for (let r = firstTop; r < grid.length; r++) {
    const kinds = cellKinds[r] ?? [];
    for (let c = (grid[r] ?? []).length - 1; c >= columns; c--) {
      if ((kinds[c] ?? "blank") !== "blank") {
        columns = c + 1;
        break;
      }
    }
  }
  const data: string[][] = [];
  const isData: boolean[][] = [];
  for (let r = firstTop; r < grid.length; r++) {
    const line = grid[r] ?? [];
    const kinds = cellKinds[r] ?? [];
    const out: string[] = [];
    const flags: boolean[] = [];
    for (let c = 0; c < columns; c++) {
      const text = line[c] ?? "";
      const kind = kinds[c] ?? "blank";
      const dataCell = DATA_KINDS.has(kind);
      flags.push(dataCell);
      if (dataCell) out.push(dataless ? "" : javaDataText(text));
      else if (kind === "corner" || kind === "blank") out.push("");
      else out.push(text.trim());
    }
    data.push(out);
    isData.push(flags);
  }
  return {
    json: {
      metadata: { page, column: [...layout.columnDimensions], row: [...layout.rowDimensions] },
      data,
    },
    rows: { data, isData, headerRows: Math.min(data.length, Math.max(0, layout.headerRows - firstTop)) },
  };
}
