import type { Val } from "../values.ts";
import { type Call, fn, type MdxFunction } from "./call.ts";
import { N, S } from "./description.ts";
import { choiceArg } from "./helpers.ts";

/** Functions that aggregate a value over a set (#Missing left out), and the size of a set. */
export const NUMERIC_FUNCTIONS: readonly MdxFunction[] = [
  fn("SUM", 1, 2, (c) => aggregate(c)).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The sum of a numeric expression over a set.",
    example: "Filter([Market].Children, Sum({[Jan], [Feb]}, [Sales]) > 0)",
  }),
  fn("AVG", 1, 2, (c) => aggregate(c)).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The average of a numeric expression over a set, empty values left out.",
    example: "Filter([Market].Children, Avg({[Jan], [Feb]}, [Sales]) > 0)",
  }),
  fn("MIN", 1, 2, (c) => aggregate(c)).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The lowest value of a numeric expression over a set.",
    example: "Filter([Market].Children, Min({[Jan], [Feb]}, [Sales]) > 0)",
  }),
  fn("MAX", 1, 2, (c) => aggregate(c)).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The highest value of a numeric expression over a set.",
    example: "Filter([Market].Children, Max({[Jan], [Feb]}, [Sales]) > 0)",
  }),
  // Count(set [, INCLUDEEMPTY | EXCLUDEEMPTY]): every tuple (Oracle's default); EXCLUDEEMPTY (Microsoft's) only
  // those whose cell is not #Missing.
  fn("COUNT", 1, 2, (c) => {
    const tuples = c.setArg(0);
    if (choiceArg(c, 1, ["INCLUDEEMPTY", "EXCLUDEEMPTY"], "INCLUDEEMPTY") !== "EXCLUDEEMPTY")
      return { t: "num", v: tuples.length };
    return {
      t: "num",
      v: tuples.filter((t) => !Number.isNaN(c.ev.cellValue(c.ev.override(c.ctx, t), c.depth))).length,
    };
  }).described({
    group: "Statistical",
    parameters: `${S}`,
    description: "The number of tuples in a set.",
    example: "Filter([Market].Children, Count([Market].Children) = 4)",
  }),
];

/** The value expression (else the cell) over each tuple of the set; #Missing when every value is missing. */
function aggregate(c: Call): Val {
  const nums = c
    .valuesOver(c.setArg(0), 1)
    .filter((v): v is number => typeof v === "number" && !Number.isNaN(v));
  if (nums.length === 0) return { t: "num", v: Number.NaN };
  const sum = nums.reduce((a, b) => a + b, 0);
  const v =
    c.name === "SUM"
      ? sum
      : c.name === "AVG"
        ? sum / nums.length
        : c.name === "MIN"
          ? nums.reduce((x, y) => Math.min(x, y))
          : nums.reduce((x, y) => Math.max(x, y));
  return { t: "num", v };
}
