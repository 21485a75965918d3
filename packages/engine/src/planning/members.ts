import { MEMBER_FILTERS, memberFilterKey, memberRelation } from "../members.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import { PlanningError } from "./errors.ts";
import { resolveMember } from "./selection.ts";

/** A member as the planning member calls answer it (contract `Member`). */
export interface MemberInfo {
  name: string;
  alias: string | null;
  /** `null` for substitution variables. */
  generation: number | null;
  level: number | null;
}

export interface MemberFilterInfo {
  name: string;
  needsMember: boolean;
}

/** The member filters of the Planning member selector, in the order the selector lists them. */
export const MEMBER_FILTER_INFO: readonly MemberFilterInfo[] = MEMBER_FILTERS.map((name) => ({
  name,
  needsMember: memberRelation(name) !== undefined,
}));

/** A member as the planning calls answer it, with its alias in `table`. */
export function memberInfo(m: Member, table: string): MemberInfo {
  return { name: m.name, alias: m.alias(table) ?? null, generation: m.generation, level: m.level };
}

/** Applies a member filter; `Hierarchy` and `Substitution` ignore `arg`. */
export function enumerateMembers(
  outline: Outline,
  dimension: Dimension,
  filter: string,
  arg: string | null,
  aliasTable: string,
  variableNames: readonly string[] = [],
): { filter: string; members: MemberInfo[] } {
  const key = memberFilterKey(filter);
  const known = MEMBER_FILTER_INFO.find((f) => f.name.toLowerCase() === key);
  if (!known) {
    const names = MEMBER_FILTER_INFO.map((f) => f.name).join(", ");
    throw new PlanningError(
      "PLANNING_FILTER_UNKNOWN",
      `Unknown member filter "${filter}"; expected one of ${names}.`,
      "filter",
      {
        params: {
          field: "filter",
          reason: {
            en: `unknown member filter "${filter}"; expected one of ${names}`,
            fr: `filtre de membres «\u00a0${filter}\u00a0» inconnu\u202f; valeurs possibles\u00a0: ${names}`,
          },
        },
      },
    );
  }
  if (key === "hierarchy")
    return { filter: known.name, members: dimension.members.map((m) => memberInfo(m, aliasTable)) };
  if (key === "substitution") {
    const members = [...outline.substitutionVariables.entries()]
      .filter(([, value]) => outline.member(value)?.dimension === dimension)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name]) => ({
        name: `&${variableNames.find((v) => v.toLowerCase() === name) ?? name}`,
        alias: null,
        generation: null,
        level: null,
      }));
    return { filter: known.name, members };
  }
  if (arg === null || arg.trim() === "") {
    // No member given: said as the missing argument (an unknown member would quote an empty name).
    throw new PlanningError(
      "PLANNING_REQUEST_INVALID",
      `Member filter ${known.name} needs a member in arg.`,
      "arg",
      {
        params: {
          field: "arg",
          reason: {
            en: `is required: the member filter ${known.name} starts from a member`,
            fr: `est obligatoire\u00a0: le filtre de membres ${known.name} part d'un membre`,
          },
        },
      },
    );
  }
  const m = resolveMember(outline, arg, dimension, "arg");
  const fn = memberRelation(key) as (m: Member) => Member[];
  return { filter: known.name, members: fn(m).map((x) => memberInfo(x, aliasTable)) };
}
