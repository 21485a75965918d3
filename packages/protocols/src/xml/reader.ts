/**
 * A bounded XML reader for what connectors read from upstream servers (SOAP answers of XMLA, Smart View
 * answers), shared by every XML connector. It reads a document in one linear pass that counts as it goes —
 * size, nesting depth, elements and attributes — and refuses one past {@link XmlLimits} before it could cost
 * more; it accepts no document type declaration (so no entity but XML's five and character references); the
 * asynchronous form gives the event loop back every few milliseconds, so a large answer never holds it.
 *
 * What it builds is left to a {@link XmlBuilder} (an element tree for Smart View, fast-xml-parser's object
 * shape for SOAP), so a document is walked once.
 */

/** What one upstream document may hold. */
export interface XmlLimits {
  /** Characters. */
  maxChars: number;
  /** Elements, all depths together. */
  maxElements: number;
  /** Attributes, all elements together. */
  maxAttributes: number;
  /** Nesting depth. */
  maxDepth: number;
}

/**
 * The defaults for upstream answers: the size is bounded first by the answer cap (`UPSTREAM_MAX_ANSWER_BYTES`);
 * elements and attributes bound the memory of what is built (about 200 bytes an element); no answer of the
 * protocols nests deeper than a few tens.
 */
export const UPSTREAM_XML_LIMITS: XmlLimits = {
  maxChars: 256 * 1024 * 1024,
  maxElements: 1_000_000,
  maxAttributes: 1_000_000,
  maxDepth: 256,
};

/** A document refused before it was read whole: over a limit, or carrying a document type declaration. */
export class XmlRefused extends Error {
  override readonly name = "XmlRefused";
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Builds what a reader reads; `N` is the builder's own element under construction. */
export interface XmlBuilder<N> {
  /** An element starts: its qualified name and attributes (qualified names, entities decoded). */
  open(name: string, attrs: Record<string, string>): N;
  /** Text (entities decoded) or a CDATA section directly inside `node`. */
  text(node: N, text: string): void;
  /** `node` ends; `parent` is `null` for the root. */
  close(node: N, parent: N | null): void;
}

/** A plain element tree: qualified names, attributes, children in order, the element's own text. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The text directly inside the element (whitespace kept), concatenated. */
  text: string;
}

export const treeBuilder: XmlBuilder<XmlNode> = {
  open: (name, attrs) => ({ name, attrs, children: [], text: "" }),
  text: (node, text) => {
    node.text += text;
  },
  close: (node, parent) => {
    parent?.children.push(node);
  },
};

const ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML's five entities and character references decoded; an unknown reference is kept as written. */
function decode(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.charCodeAt(0) === 35 /* # */) {
      const code = ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

const isNameEnd = (c: number) =>
  c === 32 || c === 9 || c === 10 || c === 13 || c === 47 /* / */ || c === 62 /* > */ || Number.isNaN(c);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Thrown inside the reader for a document that is not well-formed XML; answered as `null`. */
class NotXml extends Error {}

/** One document being read, resumable: {@link step} reads until done or past a deadline. */
class Reader<N> {
  private at = 0;
  private readonly stack: N[] = [];
  private readonly names: string[] = [];
  private elements = 0;
  private attributes = 0;
  private root: N | null = null;
  private rootClosed = false;

  constructor(
    private readonly s: string,
    private readonly builder: XmlBuilder<N>,
    private readonly limits: XmlLimits,
  ) {
    if (s.length > limits.maxChars)
      throw new XmlRefused(`the document is larger than ${limits.maxChars} characters`);
    if (s.charCodeAt(0) === 0xfeff) this.at = 1;
  }

  /** Reads until the end (answers the root) or until `deadline` (answers `undefined`: call again). */
  step(deadline: number): N | undefined {
    const s = this.s;
    const n = s.length;
    let tags = 0;
    while (this.at < n) {
      if ((++tags & 255) === 0 && performance.now() > deadline) return undefined;
      const lt = s.indexOf("<", this.at);
      const end = lt < 0 ? n : lt;
      if (end > this.at) this.textRun(s.slice(this.at, end));
      if (lt < 0) break;
      this.at = lt;
      const c = s.charCodeAt(lt + 1);
      if (c === 33 /* ! */) this.bang();
      else if (c === 63 /* ? */) this.skipPast("?>", lt + 2);
      else if (c === 47 /* / */) this.endTag();
      else this.startTag();
    }
    if (this.root === null || !this.rootClosed) throw new NotXml();
    return this.root;
  }

  private textRun(t: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      // Outside the root only white space may appear.
      for (let i = 0; i < t.length; i++) if (!isSpace(t.charCodeAt(i))) throw new NotXml();
      return;
    }
    this.builder.text(top, decode(t));
  }

  private skipPast(close: string, from: number): number {
    const end = this.s.indexOf(close, from);
    if (end < 0) throw new NotXml();
    this.at = end + close.length;
    return end;
  }

  private bang(): void {
    const s = this.s;
    const at = this.at;
    if (s.startsWith("<!--", at)) this.skipPast("-->", at + 4);
    else if (s.startsWith("<![CDATA[", at)) {
      const end = this.skipPast("]]>", at + 9);
      const top = this.stack[this.stack.length - 1];
      if (top === undefined) throw new NotXml();
      this.builder.text(top, s.slice(at + 9, end));
    } else if (s.startsWith("<!DOCTYPE", at) || s.startsWith("<!doctype", at)) {
      throw new XmlRefused("the document has a document type declaration");
    } else throw new NotXml();
  }

  private endTag(): void {
    const s = this.s;
    const start = this.at + 2;
    const gt = s.indexOf(">", start);
    if (gt < 0) throw new NotXml();
    const name = s.slice(start, gt).trimEnd();
    const node = this.stack.pop();
    if (node === undefined || this.names.pop() !== name) throw new NotXml();
    const parent = this.stack[this.stack.length - 1] ?? null;
    this.builder.close(node, parent);
    if (parent === null) this.rootClosed = true;
    this.at = gt + 1;
  }

  private startTag(): void {
    const s = this.s;
    const n = s.length;
    let i = this.at + 1;
    while (i < n && !isNameEnd(s.charCodeAt(i))) i++;
    const name = s.slice(this.at + 1, i);
    if (name === "" || this.rootClosed) throw new NotXml();
    // No prototype: a hostile `__proto__="…"` is an attribute like any other.
    const attrs: Record<string, string> = Object.create(null);
    let selfClosing = false;
    for (;;) {
      while (i < n && isSpace(s.charCodeAt(i))) i++;
      const c = s.charCodeAt(i);
      if (c === 62 /* > */) {
        i++;
        break;
      }
      if (c === 47 /* / */ && s.charCodeAt(i + 1) === 62) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (i >= n) throw new NotXml();
      const eq = s.indexOf("=", i);
      if (eq < 0) throw new NotXml();
      const attr = s.slice(i, eq).trim();
      if (attr === "" || /[\s<>/"']/.test(attr)) throw new NotXml();
      let q = eq + 1;
      while (q < n && isSpace(s.charCodeAt(q))) q++;
      const quote = s.charCodeAt(q);
      if (quote !== 34 && quote !== 39) throw new NotXml();
      const close = s.indexOf(quote === 34 ? '"' : "'", q + 1);
      if (close < 0) throw new NotXml();
      const value = s.slice(q + 1, close);
      if (value.indexOf("<") >= 0) throw new NotXml();
      if (++this.attributes > this.limits.maxAttributes)
        throw new XmlRefused(`the document has more than ${this.limits.maxAttributes} attributes`);
      attrs[attr] = decode(value);
      i = close + 1;
      const after = s.charCodeAt(i);
      if (!isSpace(after) && after !== 62 && after !== 47) throw new NotXml();
    }
    if (++this.elements > this.limits.maxElements)
      throw new XmlRefused(`the document has more than ${this.limits.maxElements} elements`);
    if (this.stack.length >= this.limits.maxDepth)
      throw new XmlRefused(`the document nests elements more than ${this.limits.maxDepth} deep`);
    const parent = this.stack[this.stack.length - 1] ?? null;
    const node = this.builder.open(name, attrs);
    if (this.root === null) this.root = node;
    if (selfClosing) {
      this.builder.close(node, parent);
      if (parent === null) this.rootClosed = true;
    } else {
      this.stack.push(node);
      this.names.push(name);
    }
    this.at = i;
  }
}

/**
 * Reads a whole document at once: its root as `builder` built it, `null` when the text is not well-formed
 * XML; throws {@link XmlRefused} past `limits` or for a document type declaration. For small documents (a
 * request, a fixture): an upstream answer goes through {@link readXml}.
 */
export function readXmlSync<N>(
  text: string,
  builder: XmlBuilder<N>,
  limits: XmlLimits = UPSTREAM_XML_LIMITS,
): N | null {
  try {
    return new Reader(text, builder, limits).step(Number.POSITIVE_INFINITY) ?? null;
  } catch (e) {
    if (e instanceof NotXml) return null;
    throw e;
  }
}

/** How long one slice of reading may hold the event loop, in milliseconds. */
export const XML_SLICE_MS = 8;

/**
 * {@link readXmlSync} in slices of at most about {@link XML_SLICE_MS} ms, the event loop given back between
 * them: a large upstream answer is read without holding other requests.
 */
export async function readXml<N>(
  text: string,
  builder: XmlBuilder<N>,
  limits: XmlLimits = UPSTREAM_XML_LIMITS,
  sliceMs = XML_SLICE_MS,
): Promise<N | null> {
  try {
    const reader = new Reader(text, builder, limits);
    for (;;) {
      const root = reader.step(performance.now() + sliceMs);
      if (root !== undefined) return root;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } catch (e) {
    if (e instanceof NotXml) return null;
    throw e;
  }
}
