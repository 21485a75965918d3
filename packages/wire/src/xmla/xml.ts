import { XMLParser, XMLValidator } from "fast-xml-parser";

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

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Character references (`&#65;`, `&#x41;`) are read too.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: "#comment",
});

type Raw = Record<string, unknown> & { ":@"?: Record<string, string> };

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
 * found it within `limits`.
 */
export function parseXml(text: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError("A document type declaration is not allowed.");
  checkXmlSize(text, limits);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new XmlSyntaxError(`Malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  }
  const nodes = parser.parse(text) as Raw[];
  const roots = nodes.filter((n) => elementName(n) !== null);
  if (roots.length !== 1) throw new XmlSyntaxError("The document needs exactly one root element.");
  return build(roots[0] as Raw, new Map());
}

function elementName(n: Raw): string | null {
  for (const k of Object.keys(n)) if (k !== ":@" && k !== "#text" && k !== "#comment") return k;
  return null;
}

function build(n: Raw, scope: ReadonlyMap<string, string>): XmlElement {
  const qname = elementName(n) as string;
  const rawAttrs = n[":@"] ?? {};
  let inner: Map<string, string> | null = null;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === "xmlns" || k.startsWith("xmlns:")) {
      inner ??= new Map(scope);
      inner.set(k === "xmlns" ? "" : k.slice(6), v);
    } else {
      attrs[local(k)] = v;
    }
  }
  const ns = inner ?? scope;
  const colon = qname.indexOf(":");
  const prefix = colon < 0 ? "" : qname.slice(0, colon);
  const children: XmlElement[] = [];
  let text = "";
  for (const c of (n[qname] as Raw[]) ?? []) {
    if (typeof c["#text"] === "string" || typeof c["#text"] === "number") text += String(c["#text"]);
    else if (elementName(c) !== null) children.push(build(c, ns));
  }
  return { name: local(qname), ns: ns.get(prefix) ?? "", attrs, children, text };
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

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text or attribute value escaped for XML. */
export function esc(value: string): string {
  return /[&<>"]/.test(value) ? value.replace(/[&<>"]/g, (c) => ESCAPES[c] as string) : value;
}

/** `<name>text</name>`, or `<name/>` when empty. */
export function leaf(name: string, value: string | number | boolean): string {
  const text = typeof value === "string" ? esc(value) : String(value);
  return text === "" ? `<${name}/>` : `<${name}>${text}</${name}>`;
}
