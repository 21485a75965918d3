import type { Member } from "../outline.ts";
import type { AxisTuple, GridAxis } from "./model.ts";
import type { AncestorPosition, ZoomMode } from "./settings.ts";

/** A member picked on an axis: the tuple it is in and its position (the axis dimension it belongs to). */
export interface AxisPick {
  tuple: number;
  position: number;
  member: Member;
}

export interface ZoomOptions {
  mode: ZoomMode;
  includeSelection: boolean;
  withinSelectedGroup: boolean;
  removeUnselectedGroup: boolean;
  ancestorPosition: AncestorPosition;
}

/** The member whose hierarchy is walked: a shared member zooms through its prototype. */
function hierarchyOf(m: Member): Member {
  return m.children.length === 0 && m.prototype ? m.prototype : m;
}

function withSelf(m: Member, list: Member[], o: ZoomOptions): Member[] {
  if (!o.includeSelection) return list;
  return o.ancestorPosition === "TOP" ? [m, ...list] : [...list, m];
}

/** Members named in a formula (quoted names or bare words), in the member's own dimension, first use first. */
export function formulaMembers(m: Member): Member[] {
  const formula = m.formula ?? "";
  const found: Member[] = [];
  const outline = m.dimension;
  const seen = new Set<Member>();
  const re = /"([^"]+)"|(@?[A-Za-z0-9_][A-Za-z0-9_.&#$-]*)/g;
  for (let x = re.exec(formula); x; x = re.exec(formula)) {
    const name = x[1] ?? x[2] ?? "";
    if (name.startsWith("@")) continue;
    const hit = outline.members.find((c) => !c.isShared && c.name.toLowerCase() === name.toLowerCase());
    if (hit && hit !== m && !seen.has(hit)) {
      seen.add(hit);
      found.push(hit);
    }
  }
  return found;
}

/** What a zoom in on `m` puts in its place, ancestor included or not. Empty when there is nothing to show. */
export function zoomExpansion(m: Member, o: ZoomOptions): Member[] {
  const h = hierarchyOf(m);
  const dim = m.dimension;
  const alongside = (pick: (c: Member) => boolean): Member[] => {
    const list = dim.members.filter((c) => !c.isShared && pick(c));
    const others = list.filter((c) => c !== m.stored);
    if (others.length === 0) return [];
    return o.includeSelection ? list.map((c) => (c === m.stored ? m : c)) : others;
  };
  switch (o.mode) {
    case "NEXT_LEVEL":
      return h.children.length ? withSelf(m, [...h.children], o) : [];
    case "ALL_LEVELS": {
      if (!h.children.length) return [];
      const out: Member[] = [];
      const walk = (p: Member): void => {
        for (const c of p.children) {
          if (o.ancestorPosition === "TOP") {
            out.push(c);
            walk(c);
          } else {
            walk(c);
            out.push(c);
          }
        }
      };
      walk(h);
      return withSelf(m, out, o);
    }
    case "BOTTOM_LEVEL": {
      const leaves = h.descendants().filter((c) => c.isLeaf);
      return leaves.length ? withSelf(m, leaves, o) : [];
    }
    case "SIBLING_LEVEL": {
      const p = m.parent;
      if (!p) return [];
      const others = p.children.filter((c) => c !== m);
      if (!others.length) return [];
      return o.includeSelection ? [...p.children] : others;
    }
    case "SAME_LEVEL":
      return alongside((c) => c.level === m.level);
    case "SAME_GENERATION":
      return alongside((c) => c.generation === m.generation);
    case "CALC_LEVEL": {
      const named = formulaMembers(h);
      const list = named.length ? named : [...h.children];
      return list.length ? withSelf(m, list, o) : [];
    }
  }
}

function samePrefix(a: AxisTuple, b: AxisTuple, upTo: number): boolean {
  for (let i = 0; i <= upTo; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}

/** Contiguous range [start, end) around `i` of tuples sharing the members of positions 0..upTo. */
export function runAround(tuples: readonly AxisTuple[], i: number, upTo: number): [number, number] {
  const t = tuples[i] as AxisTuple;
  let start = i;
  let end = i + 1;
  if (upTo < 0) return [0, tuples.length];
  while (start > 0 && samePrefix(tuples[start - 1] as AxisTuple, t, upTo)) start--;
  while (end < tuples.length && samePrefix(tuples[end] as AxisTuple, t, upTo)) end++;
  return [start, end];
}

/** Every run of `m` at `position` down the axis, as [start, end) ranges, top first. */
function runsOf(tuples: readonly AxisTuple[], position: number, m: Member): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < tuples.length; i++) {
    if ((tuples[i] as AxisTuple).members[position] !== m) continue;
    const run = runAround(tuples, i, position);
    runs.push(run);
    i = run[1] - 1;
  }
  return runs;
}

function replaceAt(t: AxisTuple, position: number, m: Member): AxisTuple {
  const members = t.members.slice();
  members[position] = m;
  return { members, origin: t.origin };
}

/**
 * Zoom in on each picked member, from the far end of the axis back. Without "within selected group" every run
 * of the member down its column expands; with it, only the run the pick sits in. A run (an outer member's
 * whole group) is replaced by one copy per member of the expansion. With "remove unselected groups", once all
 * picks are expanded, only what they produced stays in the zoomed position (within the picked group when
 * "within selected group" is on).
 */
export function zoomInAxis(axis: GridAxis, picks: readonly AxisPick[], o: ZoomOptions): boolean {
  let tuples = axis.tuples;
  const produced = new Set<AxisTuple>();
  const scopes: { position: number; prefix: AxisTuple }[] = [];
  let changed = false;
  const ordered = [...picks].sort((a, b) => b.tuple - a.tuple || b.position - a.position);
  for (const p of ordered) {
    const cur = tuples[p.tuple];
    if (!cur || cur.members[p.position] !== p.member || produced.has(cur)) continue;
    const expansion = zoomExpansion(p.member, o);
    if (expansion.length === 0) continue;
    const runs = o.withinSelectedGroup
      ? [runAround(tuples, p.tuple, p.position)]
      : runsOf(tuples, p.position, p.member);
    scopes.push({ position: p.position, prefix: cur });
    for (const [start, end] of runs.reverse()) {
      const rows = tuples.slice(start, end);
      const fresh: AxisTuple[] = [];
      for (const e of expansion) {
        for (const r of rows) {
          const t = replaceAt(r, p.position, e);
          produced.add(t);
          fresh.push(t);
        }
      }
      tuples = [...tuples.slice(0, start), ...fresh, ...tuples.slice(end)];
      changed = true;
    }
  }
  if (changed && o.removeUnselectedGroup) {
    tuples = tuples.filter((t) => {
      if (produced.has(t)) return true;
      return !scopes.some((s) => !o.withinSelectedGroup || samePrefix(t, s.prefix, s.position - 1));
    });
  }
  axis.tuples = tuples;
  return changed;
}

/**
 * Zoom out: the member, its siblings and anything under their parent that sits next to them in the same
 * group collapse into the parent (one copy per inner pairing of the picked member's run). Acts in every group
 * the member appears in, or only the picked one with "within selected group"; picks are taken from the far
 * end back and one whose cell was already collapsed is skipped.
 */
export function zoomOutAxis(axis: GridAxis, picks: readonly AxisPick[], within: boolean): boolean {
  let tuples = axis.tuples;
  const touched = new Set<AxisTuple>();
  let changed = false;
  const ordered = [...picks].sort((a, b) => b.tuple - a.tuple || b.position - a.position);
  for (const p of ordered) {
    const cur = tuples[p.tuple];
    if (!cur || cur.members[p.position] !== p.member || touched.has(cur)) continue;
    const parent = p.member.parent;
    if (!parent) continue;
    const k = p.position;
    const under = (m: Member): boolean => m === parent || m.isDescendantOf(parent) || m.stored === parent;
    const runs = within ? [runAround(tuples, p.tuple, k)] : runsOf(tuples, k, p.member);
    for (const [runStart, runEnd] of runs.reverse()) {
      const first = tuples[runStart];
      if (!first || first.members[k] !== p.member || touched.has(first)) continue;
      let start = runStart;
      let end = runEnd;
      while (start > 0) {
        const t = tuples[start - 1] as AxisTuple;
        if (!samePrefix(t, first, k - 1) || !under(t.members[k] as Member)) break;
        start--;
      }
      while (end < tuples.length) {
        const t = tuples[end] as AxisTuple;
        if (!samePrefix(t, first, k - 1) || !under(t.members[k] as Member)) break;
        end++;
      }
      const fresh = tuples.slice(runStart, runEnd).map((r) => replaceAt(r, k, parent));
      for (const t of fresh) touched.add(t);
      tuples = [...tuples.slice(0, start), ...fresh, ...tuples.slice(end)];
      changed = true;
    }
  }
  axis.tuples = tuples;
  return changed;
}
