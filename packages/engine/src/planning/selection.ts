import type { Dimension, Member, Outline } from "../outline.ts";
import { PlanningError } from "./errors.ts";

/**
 * Member selections of form axes and prompt limits, as the Planning form designer writes them: a member name,
 * a substitution variable (`&CurYr`), or a relationship function — `Children`, `IChildren`, `Descendants`,
 * `IDescendants`, `Lvl0Descendants`, `ILvl0Descendants`, `Siblings`, `ISiblings`, `Parent`, `IParent`,
 * `Ancestors`, `IAncestors` — applied to one of those (`IChildren(Q1)` = Q1, Jan, Feb, Mar; outline order,
 * except that `I…` functions list the member first like Essbase's @I… functions).
 */
const FUNCTIONS: Record<string, (m: Member) => Member[]> = {
  children: (m) => [...m.children],
  ichildren: (m) => [m, ...m.children],
  descendants: (m) => m.descendants(),
  idescendants: (m) => [m, ...m.descendants()],
  lvl0descendants: (m) => (m.isLeaf ? [] : m.descendants().filter((d) => d.isLeaf)),
  ilvl0descendants: (m) => (m.isLeaf ? [m] : m.descendants().filter((d) => d.isLeaf)),
  siblings: (m) => m.siblings(),
  isiblings: (m) => (m.parent ? [...m.parent.children] : [m]),
  parent: (m) => (m.parent ? [m.parent] : []),
  iparent: (m) => (m.parent ? [m, m.parent] : [m]),
  ancestors: (m) => m.ancestors().reverse(),
  iancestors: (m) => [m, ...m.ancestors()],
};

/** Resolves one member name or `&Variable` (the variable's value), throwing `PLANNING_MEMBER_UNKNOWN`. */
export function resolveMember(
  outline: Outline,
  text: string,
  dimension?: Dimension,
  field: string | null = null,
): Member {
  const t = text.trim().replace(/^'/, "");
  const name = t.startsWith("&") ? outline.substitutionVariable(t.slice(1)) : t;
  const m = name === undefined ? undefined : outline.member(name);
  if (!m) {
    throw new PlanningError(
      "PLANNING_MEMBER_UNKNOWN",
      t.startsWith("&") ? `Unknown substitution variable "${t}".` : `Unknown member "${t}".`,
      field,
      { params: { member: t } },
    );
  }
  if (dimension && m.dimension !== dimension) {
    throw new PlanningError(
      "PLANNING_MEMBER_UNKNOWN",
      `Member "${m.name}" is not in dimension ${dimension.name}.`,
      field,
      { params: { member: t } },
    );
  }
  return m;
}

const FUNCTION_CALL = /^\s*([A-Za-z0-9]+)\s*\((.*)\)\s*$/;

/** The member (or `&Variable`) a selection is about: `IDescendants(Q1)` → `Q1`, `Jan` → `Jan`. */
export function selectionArgument(selection: string): string {
  const match = FUNCTION_CALL.exec(selection);
  return match && FUNCTIONS[(match[1] as string).toLowerCase()] ? (match[2] as string) : selection;
}

/** Expands one selection expression. */
export function selectMembers(outline: Outline, selection: string, dimension?: Dimension): Member[] {
  const match = FUNCTION_CALL.exec(selection);
  const fn = match ? FUNCTIONS[(match[1] as string).toLowerCase()] : undefined;
  if (match && fn) return fn(resolveMember(outline, match[2] as string, dimension));
  return [resolveMember(outline, selection, dimension)];
}

/** Expands several selections, keeping the first occurrence of each member. */
export function selectAll(outline: Outline, selections: readonly string[], dimension?: Dimension): Member[] {
  const out: Member[] = [];
  const seen = new Set<Member>();
  for (const s of selections) {
    for (const m of selectMembers(outline, s, dimension)) {
      if (seen.has(m)) continue;
      seen.add(m);
      out.push(m);
    }
  }
  return out;
}
