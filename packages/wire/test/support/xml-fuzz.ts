import {
  checkXmlSize,
  parseXml,
  parseXmlSteps,
  readXmlSync,
  treeBuilder,
  XML_LIMITS,
  type XmlElement,
  type XmlLimits,
  XmlRefused,
  XmlSyntaxError,
  XmlTooLarge,
} from "@qibates/protocols/xml";
import { referenceAccepts, referenceParse } from "./xml-reference.ts";

/**
 * A grammar-aware fuzzer of the XML readers. It writes well-formed documents from XML's grammar —
 * elements, attributes, namespace declarations and prefixes, comments, CDATA sections, processing
 * instructions, entity and character references, an XML declaration, white space — and mutations of them that
 * aim at the markup (a comment opened as `<!-->`, a CDATA section left open, a stray end tag, a reference cut
 * in two…). Every document is checked:
 *
 * - well-formed ones are read by the request reader into the tree fast-xml-parser reads (the reference);
 * - any document is read or refused with the reader's typed errors (`XmlSyntaxError`, `XmlTooLarge`), never
 *   another exception, and in a bounded number of steps; the count alone (`checkXmlSize`) refuses a document as
 *   too large exactly when the reader does; the upstream reader answers it, `null` or `XmlRefused`.
 *
 * Deterministic from its seed: the CI test runs a fixed seed and a bounded count, `bench/xml-fuzz.ts` longer.
 */

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32). */
export function fuzzRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (r: Random, n: number) => Math.floor(r() * n);
const pick = <T>(r: Random, xs: readonly T[]): T => xs[int(r, xs.length)] as T;
const chance = (r: Random, p: number) => r() < p;

const NAME_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_éßДλ名";
const NAME_CHARS = `${NAME_START}0123456789-.·`;
const TEXT_CHARS = "abc xyz 0123456789 \t\n>=\"'/?!-]][éД名😀";
const REFERENCES = [
  "&amp;",
  "&lt;",
  "&gt;",
  "&quot;",
  "&apos;",
  "&#65;",
  "&#x42;",
  "&#233;",
  "&#x263A;",
  "&#x1F600;",
];

function name(r: Random): string {
  let s = pick(r, [...NAME_START]);
  for (let n = int(r, 6); n > 0; n--) s += pick(r, [...NAME_CHARS]);
  return s;
}

/** Text of characters and references that needs no escape where it goes (`quote`: inside that quote). */
function chars(r: Random, max: number, quote: string | null): string {
  let s = "";
  for (let n = int(r, max); n > 0; n--) {
    if (chance(r, 0.15)) s += pick(r, REFERENCES);
    else {
      const c = pick(r, [...TEXT_CHARS]);
      if (c === quote) s += quote === '"' ? "&quot;" : "&apos;";
      else s += c;
    }
  }
  // `]]>` is not allowed in text.
  return quote === null ? s.replaceAll("]]>", "]]&gt;") : s;
}

function comment(r: Random): string {
  // No `--` inside, not ending with `-`; may begin with `>` or `->`, which open a comment as XML reads it.
  const body = chars(r, 12, null).replaceAll("&", "").replace(/-+/g, "-").replace(/-$/, "");
  return `<!--${pick(r, ["", "", ">", "->", " "])}${body.startsWith("-") ? ` ${body}` : body}-->`;
}

function pi(r: Random): string {
  let target = name(r);
  if (/^xml/i.test(target)) target = `p${target}`;
  // No quotes: fast-xml-parser reads a processing instruction's body as attributes, and refuses one unbalanced.
  const body = chars(r, 10, null).replace(/["'?]/g, "");
  return body === "" ? `<?${target}?>` : `<?${target} ${body}?>`;
}

function cdata(r: Random): string {
  return `<![CDATA[${chars(r, 12, null).replaceAll("]]&gt;", "]]")}${pick(r, ["", "<a>", "&amp;", "</x>", "<!--", "]"])}]]>`;
}

const space = (r: Random) => pick(r, ["", "", " ", "\n", "\t", "  \n "]);

interface Budget {
  elements: number;
}

function element(r: Random, depth: number, prefixes: readonly string[], budget: Budget): string {
  budget.elements--;
  const own: string[] = [];
  const attrs: string[] = [];
  const locals = new Set<string>();
  let defaulted = false;
  for (let n = int(r, 4); n > 0; n--) {
    const kind = int(r, 10);
    if (kind === 0) {
      if (!defaulted) attrs.push(`xmlns="urn:d${int(r, 5)}"`);
      defaulted = true;
    } else if (kind === 1) {
      const p = pick(r, ["p", "q", "soap", "x", name(r).replaceAll(":", "")]);
      if (p.startsWith("xml") || own.includes(p)) continue;
      own.push(p);
      attrs.push(`xmlns:${p}="urn:${p}${int(r, 3)}"`);
    } else {
      const local = name(r);
      if (locals.has(local) || local === "xmlns" || local.startsWith("xmlns")) continue;
      locals.add(local);
      const scope = [...prefixes, ...own];
      const prefix = scope.length > 0 && chance(r, 0.3) ? `${pick(r, scope)}:` : "";
      const q = pick(r, ['"', "'"]);
      attrs.push(`${prefix}${local}=${q}${chars(r, 10, q)}${q}`);
    }
  }
  const scope = [...prefixes, ...own];
  const qname = scope.length > 0 && chance(r, 0.4) ? `${pick(r, scope)}:${name(r)}` : name(r);
  const head = `<${qname}${attrs.map((a) => `${pick(r, [" ", "  ", "\n"])}${a}`).join("")}${space(r)}`;
  if (chance(r, 0.2)) return `${head}/>`;
  let body = "";
  for (let n = int(r, 6); n > 0; n--) {
    const kind = int(r, 10);
    if (kind < 3 && depth < 8 && budget.elements > 0) body += element(r, depth + 1, scope, budget);
    else if (kind < 6) body += chars(r, 16, null);
    else if (kind === 6) body += comment(r);
    else if (kind === 7) body += cdata(r);
    else if (kind === 8) body += pi(r);
    else body += space(r);
  }
  return `${head}>${body}</${qname}${space(r)}>`;
}

/** A well-formed document. */
export function wellFormed(r: Random): string {
  let s = chance(r, 0.5) ? `<?xml version="1.0"${chance(r, 0.5) ? ' encoding="UTF-8"' : ""}?>` : "";
  for (let n = int(r, 3); n > 0; n--) s += pick(r, [comment(r), pi(r), "\n", " "]);
  s += element(r, 0, [], { elements: 20 + int(r, 40) });
  for (let n = int(r, 3); n > 0; n--) s += pick(r, [comment(r), pi(r), "\n"]);
  return s;
}

/** Pieces of markup the mutations insert: the constructs a count could read otherwise than the reader. */
const TOKENS = [
  "<",
  ">",
  "&",
  '"',
  "'",
  "=",
  "/",
  "<!--",
  "-->",
  "<!-->",
  "<!--->",
  "--",
  "<![CDATA[",
  "]]>",
  "<?",
  "?>",
  "<?xml ?>",
  "</",
  "/>",
  "<a>",
  "</a>",
  "<a/>",
  "</x>",
  "<!DOCTYPE r>",
  "<!doctype r [<!ENTITY e 'x'>]>",
  "<!x>",
  "&#0;",
  "&#xD800;",
  "&#x110000;",
  "&nbsp;",
  "&e;",
  "&#;",
  "&#x;",
  'xmlns:p="u"',
  'xmlns=""',
  "p:",
  ":",
  "\u0000",
  "\uFFFF",
  "\uD800",
  "\uFFFE",
  "\u0001",
];

/** One to four mutations of `text`, aimed at its markup. */
export function mutate(r: Random, text: string): string {
  let s = text;
  for (let n = 1 + int(r, 4); n > 0; n--) {
    const at = int(r, s.length + 1);
    switch (int(r, 8)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + 1 + int(r, 8));
        break;
      case 1:
      case 2:
        s = s.slice(0, at) + pick(r, TOKENS) + s.slice(at);
        break;
      case 3: {
        const len = 1 + int(r, 40);
        s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
        break;
      }
      case 4:
        s = s.slice(0, at);
        break;
      case 5: {
        // Replace a `<`, `>`, `&`, `"` or `-` near `at` by another of them.
        const k = s.slice(at).search(/[<>&"\-!?[\]]/);
        if (k >= 0)
          s =
            s.slice(0, at + k) +
            pick(r, ["<", ">", "&", '"', "-", "!", "?", "[", "]", ""]) +
            s.slice(at + k + 1);
        break;
      }
      case 6: {
        // Well-formed nesting put between two tags, its elements declaring namespaces or not, behind a comment
        // of end tags opened as `<!-->` or not: the reproduction's shape, at depths either side of the limits.
        const k = s.indexOf(">", at);
        if (k < 0 || s.charCodeAt(k - 1) === 47 /* / */) break;
        const depth = 1 + int(r, 30);
        const open = pick(r, ["<a>", '<a xmlns:p="u">', '<p:a xmlns:p="u">']);
        const close = open.startsWith("<p:") ? "</p:a>" : "</a>";
        const hide = chance(r, 0.5) ? `<!-->${"</x>".repeat(1 + int(r, 40))}-->` : "";
        s = `${s.slice(0, k + 1)}${hide}${open.repeat(depth)}${close.repeat(depth)}${s.slice(k + 1)}`;
        break;
      }
      default: {
        // A run of nested elements, of end tags, or of comment openers: the shapes of the reproductions.
        const unit = pick(r, ["<a>", "</a>", '<a xmlns:p="u">', "<!-->", "</x>"]);
        s = s.slice(0, at) + unit.repeat(1 + int(r, 200)) + s.slice(at);
      }
    }
  }
  return s;
}

/** Small limits, so that the fuzzed documents meet them as well. */
export const FUZZ_LIMITS: XmlLimits = {
  maxChars: 64 * 1024,
  maxElements: 120,
  maxAttributes: 120,
  maxDepth: 12,
  maxNamespaces: 24,
  maxElementNamespaces: 3,
};

export type Verdict = "read" | "syntax" | "too-large";

/** What the request reader did with `text`, checked against the count and the upstream reader. */
export interface Checked {
  verdict: Verdict;
  /** Steps (pauses) the reader took. */
  steps: number;
  element: XmlElement | null;
}

/** A finding: the document and what went wrong. */
export class FuzzFinding extends Error {
  constructor(
    readonly document: string,
    readonly problem: string,
  ) {
    super(`${problem}: ${JSON.stringify(document.length > 400 ? `${document.slice(0, 400)}…` : document)}`);
  }
}

/** Reads `text` with the request reader and checks every rule above but the comparison with the reference. */
export function check(text: string, limits: XmlLimits = XML_LIMITS): Checked {
  let verdict: Verdict;
  let element: XmlElement | null = null;
  let steps = 0;
  // One pause at least every 500 units of work, each unit at least a character or a tag: a reader that stops
  // progressing would pass this bound.
  const bound = text.length + 16;
  try {
    const it = parseXmlSteps(text, limits);
    for (let s = it.next(); ; s = it.next()) {
      if (s.done) {
        element = s.value;
        break;
      }
      if (++steps > bound) throw new FuzzFinding(text, `the reader paused more than ${bound} times`);
    }
    verdict = "read";
  } catch (e) {
    if (e instanceof FuzzFinding) throw e;
    if (e instanceof XmlTooLarge) verdict = "too-large";
    else if (e instanceof XmlSyntaxError) verdict = "syntax";
    else throw new FuzzFinding(text, `the reader threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
  }
  let counted: Verdict = "read";
  try {
    checkXmlSize(text, limits);
  } catch (e) {
    if (e instanceof XmlTooLarge) counted = "too-large";
    else if (e instanceof XmlSyntaxError) counted = "syntax";
    else throw new FuzzFinding(text, `the count threw ${(e as Error)?.name}`);
  }
  if ((counted === "too-large") !== (verdict === "too-large"))
    throw new FuzzFinding(text, `the count said ${counted}, the reader ${verdict}`);
  try {
    readXmlSync(text, treeBuilder, { ...limits, maxChars: Number.POSITIVE_INFINITY });
  } catch (e) {
    if (!(e instanceof XmlRefused))
      throw new FuzzFinding(
        text,
        `the upstream reader threw ${(e as Error)?.name}: ${(e as Error)?.message}`,
      );
  }
  return { verdict, steps, element };
}

/** The reference's tree of `text`, a finding when it accepted the document but cannot build it. */
function referenceRead(text: string): XmlElement {
  try {
    return referenceParse(text);
  } catch (e) {
    throw new FuzzFinding(
      text,
      `the reference accepted but could not build the document: ${(e as Error).message}`,
    );
  }
}

/** `text` without its processing instructions, the XML declaration kept (a document the strict reader read). */
function withoutInstructions(text: string): string {
  return text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g, (m, at: number) =>
    !m.startsWith("<?") || (at === 0 && /^<\?xml[ \t\r\n]/.test(m)) ? m : "",
  );
}

/** A well-formed document read as the reference reads it (and as the count lets it through at the defaults). */
export function checkWellFormed(text: string): void {
  const { verdict, element } = check(text);
  if (verdict !== "read" || element === null)
    throw new FuzzFinding(text, `a well-formed document was ${verdict}`);
  if (!referenceAccepts(text)) throw new FuzzFinding(text, "the reference refused a generated document");
  const want = JSON.stringify(referenceRead(text));
  const got = JSON.stringify(element);
  if (got !== want)
    throw new FuzzFinding(text, `read otherwise than the reference:\n ours ${got}\n ref  ${want}`);
  // And parseXml (in one go) reads what the steps read.
  if (JSON.stringify(parseXml(text)) !== got) throw new FuzzFinding(text, "parseXml and its steps differ");
}

/** The tally of a run. */
export interface FuzzTally {
  wellFormed: number;
  mutated: number;
  verdicts: Record<Verdict, number>;
  /** Mutated documents both readers took, compared equal. */
  comparedMutants: number;
  /** Mutated documents the reference took and ours refused (ours is stricter: XML's rules the reference skips). */
  stricter: number;
  /** Mutated documents ours read and the reference refused only for a processing instruction's body. */
  referenceQuirks: number;
  longest: number;
}

/** Runs `count` rounds from `seed`: a well-formed document, then `mutants` mutations of it. Throws the first finding. */
export function fuzzXml(seed: number, count: number, mutants = 4): FuzzTally {
  const r = fuzzRandom(seed);
  const tally: FuzzTally = {
    wellFormed: 0,
    mutated: 0,
    verdicts: { read: 0, syntax: 0, "too-large": 0 },
    comparedMutants: 0,
    stricter: 0,
    referenceQuirks: 0,
    longest: 0,
  };
  for (let round = 0; round < count; round++) {
    const doc = wellFormed(r);
    checkWellFormed(doc);
    tally.wellFormed++;
    tally.longest = Math.max(tally.longest, doc.length);
    for (let m = 0; m < mutants; m++) {
      const bad = mutate(r, doc);
      const limits = chance(r, 0.5) ? FUZZ_LIMITS : XML_LIMITS;
      const { verdict, element } = check(bad, limits);
      tally.mutated++;
      tally.verdicts[verdict]++;
      tally.longest = Math.max(tally.longest, bad.length);
      const refAccepts = referenceAccepts(bad);
      if (verdict === "read" && element !== null) {
        const ours = JSON.stringify(element);
        const want = refAccepts ? JSON.stringify(referenceRead(bad)) : null;
        if (want === ours) tally.comparedMutants++;
        else {
          // fast-xml-parser reads a processing instruction's body as attributes: it refuses, or misreads the
          // markup after, what XML allows there (a lone quote, `<`, `>`). Without its processing instructions
          // the document must read the same; else the difference is ours.
          const bare = withoutInstructions(bad);
          if (bare === bad || !referenceAccepts(bare) || JSON.stringify(referenceRead(bare)) !== ours)
            throw new FuzzFinding(
              bad,
              want === null
                ? "ours read a document the reference refuses"
                : `a mutant read otherwise than the reference:\n ours ${ours}\n ref  ${want}`,
            );
          tally.referenceQuirks++;
        }
      } else if (verdict === "syntax" && refAccepts) tally.stricter++;
    }
  }
  return tally;
}
