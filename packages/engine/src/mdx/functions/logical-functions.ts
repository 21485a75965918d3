import type { Member } from "../../outline.ts";
import { startOf } from "../ast.ts";
import { isCalc } from "../values.ts";
import { fn, type MdxFunction } from "./call.ts";
import { M, q, STR } from "./description.ts";

/** Conditions and tests: a branch on a condition, and what a member or a value is. */
export const LOGICAL_FUNCTIONS: readonly MdxFunction[] = [
  // Only the branch taken is evaluated.
  fn("IIF", 3, 3, (c) => (c.boolArg(0) ? c.val(1) : c.val(2))).described({
    group: "Value",
    parameters: `${q("Logical Expression")}, ${q("object")}, ${q("object")}`,
    description: "One of two values, chosen by a condition.",
    example: "Filter([Market].Children, IIf([Sales] > 0, 1, 0) = 1)",
  }),
  fn("ISEMPTY", 1, 1, (c) => {
    const v = c.val(0);
    return {
      t: "bool",
      v: v.t !== "str" && Number.isNaN(c.ev.toNumber(v, startOf(c.arg(0)), c.ctx, c.depth)),
    };
  }).described({
    group: "Logical",
    parameters: `${q("Value Expression")}`,
    description: "Whether a value is empty (#Missing).",
    example: "Filter([Market].Children, IIf(IsEmpty([Sales]), 0, 1) = 1)",
  }),
  fn("ISLEAF", 1, 1, (c) => {
    const m = c.memberArg(0);
    return { t: "bool", v: isCalc(m) || m.isLeaf };
  }).described({
    group: "Logical",
    parameters: `${M}`,
    description: "Whether a member has no children.",
    example: "Filter([East].Children, IsLeaf([Market].CurrentMember))",
  }),
  fn("ISUDA", 2, 2, (c) => {
    const m = c.memberArg(0);
    const uda = c.stringArg(1);
    return { t: "bool", v: !isCalc(m) && hasUda(m, uda) };
  }).described({
    group: "Logical",
    parameters: `${M}, ${STR}`,
    description: "Whether a member carries a user-defined attribute.",
    example: 'Filter([Market].Children, IsUda([Market].CurrentMember, "Major Market"))',
  }),
];

/** Whether a member (or the stored member it shares) carries a user-defined attribute, case aside. */
export function hasUda(m: Member, uda: string): boolean {
  const lower = uda.toLowerCase();
  return [...m.udas, ...m.stored.udas].some((u) => u.toLowerCase() === lower);
}
