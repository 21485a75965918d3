import type { Dimension, Member } from "@qibates/engine";
import {
  CalculatedMember,
  type Expr,
  type MdxAxis,
  type MdxCell,
  type MdxMember,
  type MdxResult,
  parseMdx,
} from "@qibates/engine/mdx";
import type { DataSet, DataSetMember } from "@qibates/protocols/xmla";
import type { XmlaOutline } from "./outline.ts";

/**
 * An XMLA multidimensional answer to a user's MDX query read back as an engine MDX result, so that the engine
 * lays it out as the demo lays out its own (`@qibates/engine/mdx`'s `mdxGrid`). Members are found by the
 * unique names the outline was read with; a member the outline lacks (a `WITH MEMBER`) is a calculated member
 * of the dimension its hierarchy names, shown by its caption. Cells keep their ordinals (columns vary fastest);
 * an empty or failed cell is #Missing, a string cell (a calculated member's) its string.
 *
 * The slicer of a data set names every dimension not on an axis; the grid's POV row shows only those the
 * query's `WHERE` names, as on the demo. They are read from the query with the engine's MDX parser; a query
 * it cannot read keeps the slicer members that are not at their dimension's top.
 *
 * Returns `null` when a member's dimension cannot be told.
 */
export function mdxResultOfDataSet(remote: XmlaOutline, data: DataSet, query: string): MdxResult | null {
  const outline = remote.outline;
  const calculated = new Map<string, CalculatedMember>();
  const dimensionOf = (m: DataSetMember): Dimension | undefined =>
    remote.dimensionOf(m.hierarchy) ??
    outline.dimension(m.hierarchy.replace(/^\[|\]$/g, "")) ??
    remote.memberOf(m.uniqueName)?.dimension;
  const memberOf = (m: DataSetMember): MdxMember | null => {
    const known = remote.memberOf(m.uniqueName);
    if (known) return known;
    const dim = dimensionOf(m);
    if (!dim) return null;
    const key = `${dim.index}:${m.uniqueName}`;
    let c = calculated.get(key);
    if (!c) {
      const at = { line: 0, column: 0, text: m.uniqueName };
      c = new CalculatedMember(m.caption || m.uniqueName, dim, dim.root, { kind: "empty", at }, 0);
      calculated.set(key, c);
    }
    return c;
  };
  const axes: MdxAxis[] = [];
  for (const [ordinal, tuples] of data.axes.entries()) {
    const read = tuples.map((t) => t.map(memberOf));
    if (read.some((t) => t.some((m) => m === null))) return null;
    const members = read as MdxMember[][];
    // An axis left without a tuple (NON EMPTY over empty cells) keeps the dimensions its header declares,
    // so that its header rows or columns stand as the demo's do.
    const first = members[0];
    const dimensions = first
      ? first.map((m) => m.dimension)
      : (data.axisHierarchies[ordinal] ?? []).map((h) =>
          dimensionOf({ hierarchy: h, uniqueName: h, caption: "" }),
        );
    if (dimensions.some((d) => d === undefined)) return null;
    axes.push({ ordinal, dimensions: dimensions as Dimension[], tuples: members });
  }
  const slicerMembers = data.slicer.map(memberOf);
  if (slicerMembers.some((m) => m === null)) return null;
  const named = whereDimensions(outline, query);
  const slicer = (slicerMembers as MdxMember[]).filter((m) =>
    named ? named.has(m.dimension) : m instanceof CalculatedMember || (m as Member).parent !== null,
  );
  const count = axes.reduce((n, a) => n * a.tuples.length, 1);
  const cells: MdxCell[] = [];
  for (let i = 0; i < count; i++) {
    const cell = data.cells.get(i);
    // A number, or a calculated member's string (`xsd:string`, Report Builder's ParameterCaption), shown as is.
    cells.push(cell && !cell.error ? cell.value : null);
  }
  return { axes, slicer, cells };
}

/** The dimensions the query's `WHERE` names; `null` when the engine's parser cannot read the query. */
function whereDimensions(outline: XmlaOutline["outline"], query: string): Set<Dimension> | null {
  let where: Expr | null;
  try {
    where = parseMdx(query).where;
  } catch {
    return null;
  }
  const found = new Set<Dimension>();
  const visit = (e: Expr): void => {
    switch (e.kind) {
      case "ref": {
        const first = e.parts[0]?.name ?? "";
        const dim =
          outline.dimension(first) ??
          outline.resolve(e.parts[e.parts.length - 1]?.name ?? "", null)?.dimension;
        if (dim) found.add(dim);
        return;
      }
      case "call":
        for (const a of e.args) visit(a);
        return;
      case "method":
        visit(e.target);
        for (const a of e.args ?? []) visit(a);
        return;
      case "set":
      case "tuple":
        for (const a of e.items) visit(a);
        return;
      case "range":
        visit(e.from);
        visit(e.to);
        return;
      case "unary":
        visit(e.operand);
        return;
      case "binary":
        visit(e.left);
        visit(e.right);
        return;
      default:
        return;
    }
  };
  if (where) visit(where);
  return found;
}

/**
 * The members of the dimension for which `test` holds, in outline order: the top, then each of its children's
 * subtree in turn (`Generate`), so that no set the server builds holds the whole dimension (a server may bound a
 * set's size, as this product's own endpoint bounds it to its cell limit).
 */
export function membersWhere(hierarchy: string, top: string, test: string): string {
  const current = `${hierarchy}.CurrentMember`;
  return `Filter({${top}}, ${test}) + Generate(${top}.Children, Filter(Descendants(${current}), ${test}))`;
}
