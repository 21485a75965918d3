/** An element of a parsed document, with its namespace resolved. */
export interface XmlElement {
  /** Local name, without prefix. */
  name: string;
  /** Namespace URI (`""` when none is in scope). */
  ns: string;
  /** Attributes by local name (namespace declarations left out). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside the element, concatenated. */
  text: string;
}

class XmlSyntaxErrorBase extends Error {}

export class XmlSyntaxError extends XmlSyntaxErrorBase {
  override readonly name = "XmlSyntaxError";
}

/** What one request document may hold, checked in one linear pass before it is parsed. */
export interface XmlLimits {
  /** Characters (default 2 MiB). */
  maxChars: number;
  /** Elements, all depths together (default 50,000). */
  maxElements: number;
  /** Attributes, all elements together (default 50,000). */
  maxAttributes: number;
  /** Nesting depth (default 128). */
  maxDepth: number;
}

export const XML_LIMITS: XmlLimits = {
  maxChars: 2 * 1024 * 1024,
  maxElements: 50_000,
  maxAttributes: 50_000,
  maxDepth: 128,
};

/** A document over one of {@link XmlLimits}: answered 413 by the endpoints. */
export class XmlTooLarge extends XmlSyntaxErrorBase {
  override readonly name = "XmlTooLarge";
  readonly status = 413;
}

/**
 * Counts a document's elements, attributes and depth in one pass, without building anything, and refuses it
 * past `limits` (the parser's own cost grows with all three: a 7 MB document of attributes took 9 s).
 * Comments, CDATA sections and processing instructions are skipped; a malformed document is left to the
 * parser to refuse.
 */
export function checkXmlSize(text: string, limits: XmlLimits = XML_LIMITS): void {
  if (text.length > limits.maxChars)
    throw new XmlTooLarge(`The document is larger than ${limits.maxChars} characters.`);
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  const n = text.length;
  for (let i = text.indexOf("<"); i >= 0 && i < n; i = text.indexOf("<", i)) {
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      const close = text.startsWith("<!--", i) ? "-->" : text.startsWith("<![CDATA[", i) ? "]]>" : ">";
      const end = text.indexOf(close, i + 2);
      i = end < 0 ? n : end + close.length;
      continue;
    }
    if (next === 63 /* ? */) {
      const end = text.indexOf("?>", i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (next === 47 /* / */) {
      depth--;
      const end = text.indexOf(">", i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    // A start tag: its attributes are its `=` outside quoted values.
    let j = i + 1;
    let quote = 0;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 61 /* = */) attributes++;
      else if (c === 62 /* > */) break;
    }
    elements++;
    if (text.charCodeAt(j - 1) !== 47 /* / */) depth++;
    if (elements > limits.maxElements)
      throw new XmlTooLarge(`The document has more than ${limits.maxElements} elements.`);
    if (attributes > limits.maxAttributes)
      throw new XmlTooLarge(`The document has more than ${limits.maxAttributes} attributes.`);
    if (depth > limits.maxDepth)
      throw new XmlTooLarge(`The document nests elements more than ${limits.maxDepth} deep.`);
    i = j + 1;
  }
}

/**
 * Parses a document (no DTD accepted: SOAP forbids them) into its root element, once {@link checkXmlSize}
 * found it within `limits`, in one go: for documents read outside a request (tests, fixtures). A request's body
 * is read with {@link readXml}, which gives the event loop back while it parses.
 */
export function parseXml(text: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  const steps = parseXmlSteps(text, limits);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** How long one slice of {@link readXml} may hold the event loop, in milliseconds. */
const SLICE_MS = 4;

/**
 * {@link parseXml} in slices of about 4 ms, one per turn of the event loop, so that a large document (2 MiB of
 * attributes took 0.5 to 2 s in one piece with fast-xml-parser) never holds up the calls arriving meanwhile.
 */
export async function readXml(text: string, limits: XmlLimits = XML_LIMITS): Promise<XmlElement> {
  const steps = parseXmlSteps(text, limits);
  let until = performance.now() + SLICE_MS;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= until) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      until = performance.now() + SLICE_MS;
    }
  }
}

/** Units of work (tags, texts, characters scanned / 64) between two pauses of {@link parseXmlSteps}. */
const STEP_WORK = 500;
/** The longest text read in one unit. */
const TEXT_CHUNK = 16 * 1024;

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-.0-9A-Za-z_:\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const XML_ENTITIES: ReadonlyMap<string, string> = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);
/** An entity or character reference (its name or number in group 1), or a bare `&`. */
const REFERENCE = /&([A-Za-z][-.0-9A-Za-z_]{0,31}|#[0-9]{1,8}|#x[0-9A-Fa-f]{1,7});|&/g;

/** The character a reference's body (`amp`, `#65`, `#x41`) names, if XML has it. */
function referenced(body: string): string | undefined {
  if (body.charCodeAt(0) !== 35 /* # */) return XML_ENTITIES.get(body);
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

/** An element being read: its qualified name and the namespace prefixes in scope inside it. */
interface Open {
  qname: string;
  element: XmlElement;
  scope: ReadonlyMap<string, string>;
}

/**
 * The parser: XML 1.0 without a document type declaration (refused), so the only entity references are XML's
 * five and character references; comments, processing instructions and the XML declaration are skipped, CDATA
 * sections are text; elements get their namespace resolved. It reads the text once, left to right, with an
 * explicit stack (no recursion), and pauses (`yield`) every few thousand units of work; the work is linear in
 * the text's length. A malformed document throws {@link XmlSyntaxError}.
 */
export function* parseXmlSteps(text: string, limits: XmlLimits = XML_LIMITS): Generator<void, XmlElement> {
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError("A document type declaration is not allowed.");
  checkXmlSize(text, limits);
  yield;
  const n = text.length;
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  let work = 0;
  const fail = (at: number, message: string): never => {
    let line = 1;
    for (let k = text.indexOf("\n"); k >= 0 && k < at; k = text.indexOf("\n", k + 1)) line++;
    throw new XmlSyntaxError(`Malformed XML at line ${line}: ${message}`);
  };
  const nameAt = (at: number): string => {
    NAME.lastIndex = at;
    const m = NAME.exec(text);
    if (m === null) fail(at, "a name is expected.");
    return (m as RegExpExecArray)[0];
  };
  const skipSpace = (at: number): number => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    return SPACE.lastIndex;
  };
  const decode = (raw: string, at: number): string =>
    raw.includes("&")
      ? raw.replace(REFERENCE, (ref: string, body: string | undefined) => {
          const char = body === undefined ? undefined : referenced(body);
          if (char === undefined)
            fail(
              at,
              ref === "&"
                ? "'&' starts no entity reference."
                : `${ref} is not an entity of XML (no document type is read).`,
            );
          return char as string;
        })
      : raw;

  while (i < n) {
    if (++work >= STEP_WORK) {
      work = 0;
      yield;
    }
    const lt = text.indexOf("<", i);
    // Text up to the next tag, read TEXT_CHUNK characters at a time (never cutting an entity reference).
    let end = lt < 0 ? n : lt;
    if (end - i > TEXT_CHUNK) {
      end = i + TEXT_CHUNK;
      const amp = text.lastIndexOf("&", end - 1);
      if (amp > i && text.lastIndexOf(";", end - 1) < amp) end = amp;
    }
    if (end > i) {
      const raw = text.slice(i, end);
      work += raw.length >> 6;
      const top = stack[stack.length - 1];
      if (top) top.element.text += decode(raw, i);
      else if (!/^[ \t\r\n]*$/.test(raw)) fail(i, "text is outside the root element.");
      i = end;
      continue;
    }
    if (text.startsWith("<!--", i)) {
      const close = text.indexOf("-->", i + 4);
      if (close < 0) fail(i, "a comment is not closed.");
      work += (close - i) >> 6;
      i = close + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      const close = text.indexOf("]]>", i + 9);
      if (close < 0) fail(i, "a CDATA section is not closed.");
      const top = stack[stack.length - 1];
      if (!top) fail(i, "a CDATA section is outside the root element.");
      (top as Open).element.text += text.slice(i + 9, close);
      work += (close - i) >> 6;
      i = close + 3;
      continue;
    }
    if (text.startsWith("<?", i)) {
      const close = text.indexOf("?>", i + 2);
      if (close < 0) fail(i, "a processing instruction is not closed.");
      work += (close - i) >> 6;
      i = close + 2;
      continue;
    }
    if (text.charCodeAt(i + 1) === 47 /* / */) {
      const qname = nameAt(i + 2);
      const close = skipSpace(i + 2 + qname.length);
      if (text.charCodeAt(close) !== 62 /* > */) fail(i, `the end tag ${qname} is not closed.`);
      const top = stack.pop();
      if (!top || top.qname !== qname)
        fail(i, top ? `</${qname}> closes <${top.qname}>.` : `</${qname}> closes no element.`);
      i = close + 1;
      continue;
    }
    // A start tag.
    const qname = nameAt(i + 1);
    let j = i + 1 + qname.length;
    const parent = stack[stack.length - 1];
    if (!parent && root !== null) fail(i, "the document has more than one root element.");
    let scope: ReadonlyMap<string, string> = parent?.scope ?? new Map();
    let inner: Map<string, string> | null = null;
    const attrs: Record<string, string> = {};
    // The attributes' qualified names, to find one repeated: a list in a small tag, a set in a large one.
    const names: string[] = [];
    let seen: Set<string> | null = null;
    let empty = false;
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
      const name = nameAt(k);
      let v = skipSpace(k + name.length);
      if (text.charCodeAt(v) !== 61 /* = */) fail(v, `the attribute ${name} has no value.`);
      v = skipSpace(v + 1);
      const quote = text[v];
      if (quote !== '"' && quote !== "'") fail(v, `the value of ${name} is not quoted.`);
      const close = text.indexOf(quote as string, v + 1);
      if (close < 0) fail(v, `the value of ${name} is not closed.`);
      // A long value is decoded TEXT_CHUNK characters at a time (never cutting an entity reference).
      let value = "";
      for (let from = v + 1; from < close; ) {
        let to = Math.min(close, from + TEXT_CHUNK);
        if (to < close) {
          const amp = text.lastIndexOf("&", to - 1);
          if (amp > from && text.lastIndexOf(";", to - 1) < amp) to = amp;
        }
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
      if (seen === null && names.length >= 64) seen = new Set(names);
      if (seen ? seen.has(name) : names.includes(name)) fail(k, `the attribute ${name} is repeated.`);
      if (seen) seen.add(name);
      else names.push(name);
      if (name === "xmlns" || name.startsWith("xmlns:")) {
        inner ??= new Map(scope);
        inner.set(name === "xmlns" ? "" : name.slice(6), value);
      } else attrs[local(name)] = value;
      if (++work >= STEP_WORK) {
        work = 0;
        yield;
      }
      j = close + 1;
    }
    if (inner) scope = inner;
    const colon = qname.indexOf(":");
    const prefix = colon < 0 ? "" : qname.slice(0, colon);
    const element: XmlElement = {
      name: local(qname),
      ns: scope.get(prefix) ?? "",
      attrs,
      children: [],
      text: "",
    };
    if (parent) parent.element.children.push(element);
    else root = element;
    if (!empty) stack.push({ qname, element, scope });
    i = j;
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed) fail(n, `<${unclosed.qname}> is not closed.`);
  if (root === null) throw new XmlSyntaxError("The document needs exactly one root element.");
  return root;
}

function local(qname: string): string {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
}

export function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e?.children.find((c) => c.name === name);
}

/** Whether an element says `xsi:nil="true"` (a Restrictions or Properties sent empty). */
export function isNil(e: XmlElement): boolean {
  return e.attrs.nil === "true";
}

export { esc, leaf } from "@qibates/protocols/xml";
