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

/** The member filters of the Planning member selector (spec §9), in the order the selector lists them. */
export const MEMBER_FILTER_INFO: readonly MemberFilterInfo[] = [
  { name: "Hierarchy", needsMember: false },
  { name: "Substitution", needsMember: false },
  { name: "Descendants", needsMember: true },
  { name: "Children", needsMember: true },
  { name: "Children Inclusive", needsMember: true },
  { name: "Siblings", needsMember: true },
  { name: "Siblings Inclusive", needsMember: true },
  { name: "Parents", needsMember: true },
  { name: "Ancestors Inclusive", needsMember: true },
  { name: "Level 0 Descendants", needsMember: true },
];

const RELATIONS: Record<string, (m: Member) => Member[]> = {
  descendants: (m) => m.descendants(),
  children: (m) => [...m.children],
  "children inclusive": (m) => [m, ...m.children],
  siblings: (m) => m.siblings(),
  "siblings inclusive": (m) => (m.parent ? [...m.parent.children] : [m]),
  parents: (m) => {
    // The parent of the member and of each of its shared instances (outline order).
    const stored = m.stored;
    const out = stored.dimension.members
      .filter((x) => (x === stored || x.prototype === stored) && x.parent)
      .map((x) => x.parent as Member);
    return [...new Set(out)].sort((a, b) => a.ordinal - b.ordinal);
  },
  "ancestors inclusive": (m) => [...m.ancestors().reverse(), m],
  "level 0 descendants": (m) => (m.isLeaf ? [m] : m.descendants().filter((d) => d.isLeaf)),
};

function info(m: Member, table: string): MemberInfo {
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
  const key = String(filter)
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  const known = MEMBER_FILTER_INFO.find((f) => f.name.toLowerCase() === key);
  if (!known) {
    throw new PlanningError(
      "PLANNING_FILTER_UNKNOWN",
      `Unknown member filter "${filter}"; expected one of ${MEMBER_FILTER_INFO.map((f) => f.name).join(", ")}.`,
      "filter",
    );
  }
  if (key === "hierarchy")
    return { filter: known.name, members: dimension.members.map((m) => info(m, aliasTable)) };
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
    throw new PlanningError(
      "PLANNING_MEMBER_UNKNOWN",
      `Member filter ${known.name} needs a member in arg.`,
      "arg",
    );
  }
  const m = resolveMember(outline, arg, dimension, "arg");
  const fn = RELATIONS[key] as (m: Member) => Member[];
  return { filter: known.name, members: fn(m).map((x) => info(x, aliasTable)) };
}
