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

export class XmlSyntaxError extends Error {
  override readonly name = "XmlSyntaxError";
}

/** Parses a document (no DTD accepted: SOAP forbids them) into its root element. */
export function parseXml(text: string): XmlElement {
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError("A document type declaration is not allowed.");
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
