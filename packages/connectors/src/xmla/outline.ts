import type { MdxOutline, RemoteDimension } from "@qibates/grid-bridge";
import { DIMENSION_TYPE } from "@qibates/protocols/xmla";
import { UNREADABLE } from "../net/unreadable.ts";
import type { XmlaClient } from "./client.ts";

/**
 * What the XMLA connector reads of a cube's outline, besides its members (read on demand, `members.ts`): the
 * outline type its grid and MDX code work on (an engine `Outline` with each member's `MEMBER_UNIQUE_NAME`), a
 * dimension's type from `DIMENSION_TYPE`, and the visible dimensions of an `MDSCHEMA_DIMENSIONS` answer.
 */

export type XmlaOutline = MdxOutline;

/** `DIMENSION_TYPE`: time, measures or accounts (OLE DB for OLAP and Analysis Services values), else regular. */
export function dimensionType(raw: string): RemoteDimension["type"] {
  if (raw === String(DIMENSION_TYPE.TIME)) return "time";
  if (raw === String(DIMENSION_TYPE.MEASURE) || raw === String(DIMENSION_TYPE.ACCOUNTS)) return "accounts";
  return "regular";
}

/** The visible dimensions of an `MDSCHEMA_DIMENSIONS` answer in `DIMENSION_ORDINAL` order; none is malformed. */
export function visibleDimensions(
  client: XmlaClient,
  rows: readonly Record<string, string>[],
  cube: string,
): Record<string, string>[] {
  const dims = rows
    .filter((d) => d.DIMENSION_NAME && d.DIMENSION_IS_VISIBLE !== "false")
    .map((d, i) => ({ row: d, ordinal: Number(d.DIMENSION_ORDINAL ?? i) || i, index: i }))
    .sort((a, b) => a.ordinal - b.ordinal || a.index - b.index)
    .map((d) => d.row);
  if (dims.length === 0) throw client.malformed(UNREADABLE.noDimension("MDSCHEMA_DIMENSIONS", cube));
  return dims;
}
