import type { OutlineIndex, OutlineMember } from "./outline.ts";

/**
 * The texts a keyword search looks in (each member's name and its aliases of every table), lower-cased once per
 * outline index: a search then finds its hits in one pass of the runtime's own string search over every text,
 * instead of lower-casing and testing a million members one by one at each call.
 */
interface KeywordTexts {
  /** Every text, lower-cased, in outline order (a member's name, then its aliases), each followed by SEPARATOR. */
  joined: string;
  /** Where each text starts in `joined`, in order. */
  starts: Int32Array;
  /** The member (its place in `index.members`) each text is of. */
  owner: Int32Array;
  /** For each member, the first text after its own (where a search goes on once the member is found). */
  nextText: Int32Array;
  /**
   * A whole text → the members it is the name or an alias of, in outline order, each once; made at the first
   * whole-word search.
   */
  whole: Map<string, number[]> | null;
}

/** Never part of a keyword the index answers: a keyword that holds it is searched member by member. */
const SEPARATOR = "\u0000";

const kept = new WeakMap<OutlineIndex, KeywordTexts>();

function textsOf(index: OutlineIndex): KeywordTexts {
  const found = kept.get(index);
  if (found) return found;
  const parts: string[] = [];
  const owners: number[] = [];
  const nextText = new Int32Array(index.members.length);
  index.members.forEach((m, i) => {
    parts.push(m.name.toLowerCase());
    owners.push(i);
    for (const table in m.aliases) {
      parts.push((m.aliases[table] as string).toLowerCase());
      owners.push(i);
    }
    nextText[i] = parts.length;
  });
  const starts = new Int32Array(parts.length);
  let at = 0;
  parts.forEach((p, t) => {
    starts[t] = at;
    at += p.length + SEPARATOR.length;
  });
  const texts: KeywordTexts = {
    joined: parts.join(SEPARATOR) + SEPARATOR,
    starts,
    owner: Int32Array.from(owners),
    nextText,
    whole: null,
  };
  kept.set(index, texts);
  return texts;
}

/** The whole texts of `texts` → their members ({@link KeywordTexts.whole}), made once. */
function wholeOf(texts: KeywordTexts): Map<string, number[]> {
  if (texts.whole) return texts.whole;
  const whole = new Map<string, number[]>();
  const { joined, starts, owner } = texts;
  for (let t = 0; t < starts.length; t++) {
    const end = t + 1 < starts.length ? (starts[t + 1] as number) - SEPARATOR.length : joined.length - 1;
    const text = joined.slice(starts[t], end);
    const i = owner[t] as number;
    const list = whole.get(text);
    if (!list) whole.set(text, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  }
  texts.whole = whole;
  return whole;
}

/** The text whose span holds position `at` of `joined`: the last one that starts at or before it. */
function textAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Essbase REST's keyword search (`GET /outline/{app}/{cube}?keyword=`): the members, in outline order, whose name
 * or an alias of any table holds the keyword (`matchWholeWord`: is the keyword), without regard to case.
 */
export function keywordHits(index: OutlineIndex, keyword: string, matchWholeWord: boolean): OutlineMember[] {
  const k = keyword.toLowerCase();
  if (k.includes(SEPARATOR)) {
    const hit = (text: string) =>
      matchWholeWord ? text.toLowerCase() === k : text.toLowerCase().includes(k);
    return index.members.filter((m) => hit(m.name) || Object.values(m.aliases).some(hit));
  }
  const texts = textsOf(index);
  if (matchWholeWord) return (wholeOf(texts).get(k) ?? []).map((i) => index.members[i] as OutlineMember);
  const out: OutlineMember[] = [];
  const { joined, starts, owner, nextText } = texts;
  for (let at = joined.indexOf(k); at >= 0; ) {
    // The keyword holds no separator: a match lies inside one text, the member's; the search goes on after it.
    const member = owner[textAt(starts, at)] as number;
    out.push(index.members[member] as OutlineMember);
    const next = nextText[member] as number;
    if (next >= starts.length) break;
    at = joined.indexOf(k, starts[next] as number);
  }
  return out;
}
