import type { Dimension } from "../outline.ts";
import type { Expr } from "./ast.ts";
import type { Val } from "./values.ts";

/**
 * The dimensions of an axis whose set came out empty (`Filter([Market].Levels(0).Members, [Sales] > 30000)`
 * when no state sells that much): the dimensions its tuples would have had, read from the expression, so that
 * the grid keeps the axis's header rows or columns (the Market column) with no tuple under them, as for an
 * axis `NON EMPTY` leaves empty. An Analysis Services answer does the same: its `AxisInfo` declares the
 * hierarchies of an axis whose `Tuples` is empty, and none for `{}` (captures of `select {} on columns` in
 * conformance/wire/xmla/may-day-olap). We have no capture of an Essbase answer with an empty axis: an empty
 * axis showing its dimension and no tuple, never an invented data row, is our choice.
 *
 * `evaluate` evaluates a part of the expression at the slicer (`null` when it cannot be evaluated on its own);
 * a part that gives members tells their dimensions; an empty part is read through: a filter, a sort or a
 * count of a set has that set's dimensions, a cross join those of its sets in order, `Generate` its second
 * set's. `{}`, and what cannot be told, gives none.
 */
export function emptySetDimensions(
  set: Expr,
  evaluate: (e: Expr) => Val | null,
  namedSet: (name: string) => Expr | null,
): Dimension[] {
  const seen = new Set<Expr>();
  const of = (e: Expr, whole: boolean): Dimension[] => {
    if (seen.has(e) || seen.size > 256) return [];
    seen.add(e);
    if (whole && !KEEPS_FIRST_ARGUMENT.has(callName(e))) {
      const v = evaluate(e);
      if (v?.t === "member") return [v.m.dimension];
      if (v?.t === "tuple") return v.ms.map((m) => m.dimension);
      if (v?.t === "set" && v.tuples[0]) return v.tuples[0].map((m) => m.dimension);
      if (v?.t === "layer") return [v.layer.dimension];
    }
    switch (e.kind) {
      case "ref": {
        const def = e.parts.length === 1 ? namedSet((e.parts[0] as { name: string }).name) : null;
        return def ? of(def, true) : [];
      }
      case "set":
        return firstOf(e.items);
      case "method":
        return of(e.target, true);
      case "range":
        return of(e.from, true);
      case "binary":
        if (e.op === "*") return [...of(e.left, true), ...of(e.right, true)];
        return e.op === "+" || e.op === "-" ? firstOf([e.left, e.right]) : [];
      case "call": {
        const name = e.name.toLowerCase();
        if (name === "crossjoin" || name === "nonemptycrossjoin") return e.args.flatMap((a) => of(a, true));
        if (name === "generate") return e.args[1] ? of(e.args[1], true) : [];
        return firstOf(e.args);
      }
      default:
        return [];
    }
  };
  const firstOf = (items: readonly Expr[]): Dimension[] => {
    for (const item of items) {
      const dims = of(item, true);
      if (dims.length > 0) return dims;
    }
    return [];
  };
  const dims = of(set, false);
  // A dimension twice (a cross join of two sets of one dimension) is no axis: none then.
  return new Set(dims).size === dims.length ? dims : [];
}

/** Functions whose set has the dimensions of their first argument: read through without evaluating them. */
const KEEPS_FIRST_ARGUMENT = new Set([
  "filter",
  "order",
  "topcount",
  "bottomcount",
  "toppercent",
  "bottompercent",
  "topsum",
  "bottomsum",
  "head",
  "tail",
  "subset",
  "hierarchize",
  "distinct",
  "nonempty",
  "except",
  "intersect",
  "union",
]);

const callName = (e: Expr): string => (e.kind === "call" ? e.name.toLowerCase() : "");
