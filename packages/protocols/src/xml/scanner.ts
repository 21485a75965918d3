import { XML_REFUSED, type XmlLimits, XmlRefused, XmlSyntaxError } from "./limits.ts";

/**
 * The one XML scanner of the repository, under both readers: the wire endpoints' request reader (`element.ts`)
 * and the connectors' upstream reader (`reader.ts`). It reads the text once, left to right, with an explicit
 * stack (no recursion), accepts no document type declaration (so no entity but XML's five and character
 * references), and pauses (`yield`) every few hundred units of work — tags, attributes, 64 characters of text —
 * even inside a long text or a tag of many attributes, so that a driver can give the event loop back every
 * few milliseconds. What it builds is left to an {@link XmlBuilder}.
 *
 * Two modes, one per side, each keeping what its callers relied on:
 * - `strict` (requests): XML names, no repeated attribute, an entity reference XML does not define or a bare
 *   `&` refused, each error with its line; a document type declaration is refused before (by the caller).
 * - lenient (upstream answers): a byte-order mark skipped, a name is what runs to white space, `/` or `>`, a
 *   repeated attribute's last value kept, an unknown reference kept as written; limits counted as it reads.
 * A malformed document throws {@link XmlSyntaxError} in both modes (the upstream reader answers it `null`).
 */

/** Builds what a reader reads; `N` is the builder's own element under construction. */
export interface XmlBuilder<N> {
  /**
   * An element starts: its qualified name, attributes (qualified names, entities decoded; an object without
   * prototype, the builder's to keep) and parent. `unprefixed`: no attribute name has a prefix or is `xmlns`, so a
   * builder resolving namespaces may keep `attrs` as they are rather than go through them (tens of milliseconds
   * for the 50,000 a request may hold, in one turn of the event loop).
   */
  open(name: string, attrs: Record<string, string>, parent: N | null, unprefixed: boolean): N;
  /** Text (entities decoded) or a CDATA section directly inside `node`, in one or more pieces. */
  text(node: N, text: string): void;
  /** `node` ends; `parent` is `null` for the root. */
  close(node: N, parent: N | null): void;
}

export interface ScanOptions {
  /** The requests' checks (see above); lenient otherwise. */
  strict: boolean;
  /**
   * Elements, attributes, depth and namespace declarations counted while reading ({@link XmlRefused} past one);
   * `null`: not counted. The depth is the scanner's own stack of open elements, so nothing the text holds
   * (comments, CDATA sections, processing instructions, malformed markup) can make it miscount.
   */
  limits: XmlLimits | null;
}

/** Units of work (tags, attributes, texts, characters scanned / 64) between two pauses. */
const STEP_WORK = 500;
/** The longest text read in one unit. */
const TEXT_CHUNK = 16 * 1024;

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-.0-9A-Za-z_:\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
/** A character XML does not allow (XML 1.0 `Char`): controls but tab, LF and CR, lone surrogates, U+FFFE, U+FFFF. */
const NOT_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** XML 1.0's `XMLDecl`: a version, then an encoding and whether the document stands alone, both optional. */
const XML_DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][-A-Za-z0-9._]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>$/;
const ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Strict: an entity or character reference (its name or number in group 1), or a bare `&`. */
const REFERENCE = /&([A-Za-z][-.0-9A-Za-z_]{0,31}|#[0-9]{1,8}|#x[0-9A-Fa-f]{1,7});|&/g;
/** Lenient: a reference of XML's shape; anything else is text. */
const LOOSE_REFERENCE = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g;

/** The character a strict reference's body (`amp`, `#65`, `#x41`) names, if XML has it. */
function referenced(body: string): string | undefined {
  if (body.charCodeAt(0) !== 35 /* # */) return Object.hasOwn(ENTITIES, body) ? ENTITIES[body] : undefined;
  const code =
    body.charCodeAt(1) === 120 /* x */
      ? Number.parseInt(body.slice(2), 16)
      : Number.parseInt(body.slice(1), 10);
  const legal =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  return legal ? String.fromCodePoint(code) : undefined;
}

/** Lenient decoding: XML's five entities and character references; an unknown reference is kept as written. */
function decodeLoose(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(LOOSE_REFERENCE, (whole, ref: string) => {
    if (ref.charCodeAt(0) === 35 /* # */) {
      const code = ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return (Object.hasOwn(ENTITIES, ref) ? ENTITIES[ref] : undefined) ?? whole;
  });
}

const isNameEnd = (c: number) =>
  c === 32 || c === 9 || c === 10 || c === 13 || c === 47 /* / */ || c === 62 /* > */ || Number.isNaN(c);

/** Where a text of at most {@link TEXT_CHUNK} characters from `from` ends, never cutting a reference. */
function chunkEnd(text: string, from: number, end: number): number {
  if (end - from <= TEXT_CHUNK) return end;
  const to = from + TEXT_CHUNK;
  // Back from the cut to the nearest `;` or `&` only, within this chunk: `lastIndexOf` would scan the whole text
  // before the cut when it holds neither, once a chunk (a quadratic read of a long text without references).
  for (let i = to - 1; i > from; i--) {
    const c = text.charCodeAt(i);
    if (c === 59 /* ; */) return to;
    if (c === 38 /* & */) return i;
  }
  return to;
}

/** Reads `text` into `builder`'s root, pausing every {@link STEP_WORK} units of work. */
export function* scanXml<N>(text: string, builder: XmlBuilder<N>, options: ScanOptions): Generator<void, N> {
  const { strict, limits } = options;
  const n = text.length;
  const stack: N[] = [];
  const qnames: string[] = [];
  let root: N | null = null;
  let rootClosed = false;
  let elements = 0;
  let attributes = 0;
  let namespaces = 0;
  let i = !strict && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let work = 0;

  const fail = (at: number, message: string): never => {
    let line = 1;
    for (let k = text.indexOf("\n"); k >= 0 && k < at; k = text.indexOf("\n", k + 1)) line++;
    throw new XmlSyntaxError(`Malformed XML at line ${line}: ${message}`);
  };
  const nameAt = (at: number): string => {
    if (strict) {
      NAME.lastIndex = at;
      const m = NAME.exec(text);
      if (m === null) fail(at, "a name is expected.");
      return (m as RegExpExecArray)[0];
    }
    let k = at;
    while (k < n && !isNameEnd(text.charCodeAt(k))) k++;
    if (k === at) fail(at, "a name is expected.");
    return text.slice(at, k);
  };
  const skipSpace = (at: number): number => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    return SPACE.lastIndex;
  };
  const decode = (raw: string, at: number): string => {
    if (!strict) return decodeLoose(raw);
    if (!raw.includes("&")) return raw;
    return raw.replace(REFERENCE, (ref: string, body: string | undefined) => {
      const char = body === undefined ? undefined : referenced(body);
      if (char === undefined)
        fail(
          at,
          ref === "&"
            ? "'&' starts no entity reference."
            : `${ref} is not an entity of XML (no document type is read).`,
        );
      return char as string;
    });
  };

  if (strict)
    for (let from = 0; from < n; from += TEXT_CHUNK) {
      // A chunk may cut a surrogate pair: each is read with the characters either side of it.
      const start = from > 0 ? from - 1 : 0;
      const m = NOT_CHAR.exec(text.slice(start, from + TEXT_CHUNK + 1));
      const at = m === null ? n : start + m.index;
      if (at < Math.min(n, from + TEXT_CHUNK)) {
        const code = (m as RegExpExecArray)[0].codePointAt(0) ?? 0;
        fail(
          at,
          `the character U+${code.toString(16).toUpperCase().padStart(4, "0")} is not allowed in XML.`,
        );
      }
      work += TEXT_CHUNK >> 6;
      if (work >= STEP_WORK) {
        work = 0;
        yield;
      }
    }
  while (i < n) {
    if (++work >= STEP_WORK) {
      work = 0;
      yield;
    }
    const lt = text.indexOf("<", i);
    const end = chunkEnd(text, i, lt < 0 ? n : lt);
    if (end > i) {
      const raw = text.slice(i, end);
      work += raw.length >> 6;
      const top = stack[stack.length - 1];
      if (top !== undefined) builder.text(top, decode(raw, i));
      else if (!/^[ \t\r\n]*$/.test(raw)) fail(i, "text is outside the root element.");
      i = end;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      if (text.startsWith("<!--", i)) {
        // The comment's end is the first `-->` after `<!--`: `<!-->` and `<!--->` open a comment, they close none.
        const close = text.indexOf("-->", i + 4);
        if (close < 0) fail(i, "a comment is not closed.");
        if (strict) {
          const dashes = text.indexOf("--", i + 4);
          if (dashes < close) fail(dashes, "a comment holds '--'.");
        }
        work += (close - i) >> 6;
        i = close + 3;
        continue;
      }
      if (text.startsWith("<![CDATA[", i)) {
        const close = text.indexOf("]]>", i + 9);
        if (close < 0) fail(i, "a CDATA section is not closed.");
        const top = stack[stack.length - 1];
        if (top === undefined) fail(i, "a CDATA section is outside the root element.");
        builder.text(top as N, text.slice(i + 9, close));
        work += (close - i) >> 6;
        i = close + 3;
        continue;
      }
      if (strict && /^<!doctype/i.test(text.slice(i, i + 9)))
        fail(i, "a document type declaration is not allowed.");
      if (text.startsWith("<!DOCTYPE", i) || text.startsWith("<!doctype", i))
        throw new XmlRefused(XML_REFUSED.doctype());
      fail(i + 1, "a name is expected.");
    }
    if (next === 63 /* ? */) {
      const close = text.indexOf("?>", i + 2);
      if (close < 0) fail(i, "a processing instruction is not closed.");
      if (strict) {
        // A target (a name; `xml` in any case is the declaration's alone), then white space or the end.
        const target = nameAt(i + 2);
        const after = text.charCodeAt(i + 2 + target.length);
        if (after !== 63 /* ? */ && after !== 32 && after !== 9 && after !== 10 && after !== 13)
          fail(i, "a processing instruction's target is malformed.");
        if (target.toLowerCase() === "xml") {
          if (i > 0) fail(i, "the XML declaration is not at the start of the document.");
          if (!XML_DECLARATION.test(text.slice(0, close + 2))) fail(i, "the XML declaration is malformed.");
        }
      }
      work += (close - i) >> 6;
      i = close + 2;
      continue;
    }
    if (next === 47 /* / */) {
      const qname = nameAt(i + 2);
      const close = skipSpace(i + 2 + qname.length);
      if (text.charCodeAt(close) !== 62 /* > */) fail(i, `the end tag ${qname} is not closed.`);
      const open = qnames.pop();
      const node = stack.pop();
      if (node === undefined || open !== qname)
        fail(i, open !== undefined ? `</${qname}> closes <${open}>.` : `</${qname}> closes no element.`);
      const parent = stack[stack.length - 1] ?? null;
      builder.close(node as N, parent);
      if (parent === null) rootClosed = true;
      i = close + 1;
      continue;
    }
    // A start tag.
    const qname = nameAt(i + 1);
    if (rootClosed) fail(i, "the document has more than one root element.");
    let j = i + 1 + qname.length;
    // No prototype: a hostile `__proto__="…"` is an attribute like any other.
    const attrs: Record<string, string> = Object.create(null);
    let empty = false;
    let declared = 0;
    let unprefixed = true;
    for (;;) {
      const k = skipSpace(j);
      const c = text.charCodeAt(k);
      if (c === 62 /* > */) {
        j = k + 1;
        break;
      }
      if (c === 47 /* / */ && text.charCodeAt(k + 1) === 62) {
        empty = true;
        j = k + 2;
        break;
      }
      if (k === j) fail(k, `the start tag ${qname} is malformed.`);
      let name: string;
      let v: number;
      if (strict) {
        name = nameAt(k);
        v = skipSpace(k + name.length);
        if (text.charCodeAt(v) !== 61 /* = */) fail(v, `the attribute ${name} has no value.`);
      } else {
        v = text.indexOf("=", k);
        if (v < 0) fail(k, `the start tag ${qname} is malformed.`);
        name = text.slice(k, v).trim();
        if (name === "" || /[\s<>/"']/.test(name)) fail(k, `the start tag ${qname} is malformed.`);
      }
      v = skipSpace(v + 1);
      const quote = text[v];
      if (quote !== '"' && quote !== "'") fail(v, `the value of ${name} is not quoted.`);
      const close = text.indexOf(quote as string, v + 1);
      if (close < 0) fail(v, `the value of ${name} is not closed.`);
      let value = "";
      for (let from = v + 1; from < close; ) {
        const to = chunkEnd(text, from, close);
        const part = text.slice(from, to);
        if (part.includes("<")) fail(v, `the value of ${name} holds '<'.`);
        value += decode(part, v);
        work += (to - from) >> 6;
        from = to;
        if (++work >= STEP_WORK) {
          work = 0;
          yield;
        }
      }
      if (strict && Object.hasOwn(attrs, name)) fail(k, `the attribute ${name} is repeated.`);
      if (limits !== null) {
        if (++attributes > limits.maxAttributes)
          throw new XmlRefused(XML_REFUSED.attributes(limits.maxAttributes));
        if (name.startsWith("xmlns") && (name.length === 5 || name.charCodeAt(5) === 58) /* : */) {
          if (++declared > limits.maxElementNamespaces)
            throw new XmlRefused(XML_REFUSED.elementNamespaces(limits.maxElementNamespaces));
          if (++namespaces > limits.maxNamespaces)
            throw new XmlRefused(XML_REFUSED.namespaces(limits.maxNamespaces));
        }
      }
      attrs[name] = value;
      if (unprefixed && (name.includes(":") || name === "xmlns")) unprefixed = false;
      if (++work >= STEP_WORK) {
        work = 0;
        yield;
      }
      j = close + 1;
    }
    if (limits !== null) {
      if (++elements > limits.maxElements) throw new XmlRefused(XML_REFUSED.elements(limits.maxElements));
      if (stack.length >= limits.maxDepth) throw new XmlRefused(XML_REFUSED.depth(limits.maxDepth));
    }
    const parent = stack[stack.length - 1] ?? null;
    const node = builder.open(qname, attrs, parent, unprefixed);
    if (root === null) root = node;
    if (empty) {
      builder.close(node, parent);
      if (parent === null) rootClosed = true;
    } else {
      stack.push(node);
      qnames.push(qname);
    }
    i = j;
  }
  const unclosed = qnames[qnames.length - 1];
  if (unclosed !== undefined) fail(n, `<${unclosed}> is not closed.`);
  if (root === null) throw new XmlSyntaxError("The document needs exactly one root element.");
  return root;
}

/** How long one slice of reading may hold the event loop by default, in milliseconds. */
export const XML_SLICE_MS = 8;

/** Runs `steps` to its end in slices of about `sliceMs`, the event loop given back between them. */
export async function inSlices<T>(steps: Generator<void, T>, sliceMs: number): Promise<T> {
  let until = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= until) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      until = performance.now() + sliceMs;
    }
  }
}
