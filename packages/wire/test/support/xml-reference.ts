import type { XmlElement } from "@qibates/protocols/xml";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * fast-xml-parser, the reader the endpoints used before their own, kept as the tests' reference: a document read
 * into the request reader's `XmlElement` shape (namespaces resolved), or an error when its validator refuses
 * it. For the captured documents (`xml-reader.test.ts`) and the fuzzer's (`xml-fuzz.test.ts`, `bench/xml-fuzz.ts`).
 */

const reference = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: "#comment",
});
type Raw = Record<string, unknown> & { ":@"?: Record<string, string> };
const nameOf = (n: Raw) =>
  Object.keys(n).find((k) => k !== ":@" && k !== "#text" && k !== "#comment") ?? null;
const local = (q: string) => q.slice(q.indexOf(":") + 1);
function build(n: Raw, scope: ReadonlyMap<string, string>): XmlElement {
  const qname = nameOf(n) as string;
  let inner: Map<string, string> | null = null;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(n[":@"] ?? {})) {
    if (k === "xmlns" || k.startsWith("xmlns:")) {
      inner ??= new Map(scope);
      inner.set(k === "xmlns" ? "" : k.slice(6), v);
    } else attrs[local(k)] = v;
  }
  const ns = inner ?? scope;
  const colon = qname.indexOf(":");
  const children: XmlElement[] = [];
  let text = "";
  for (const c of (n[qname] as Raw[]) ?? []) {
    if (typeof c["#text"] === "string" || typeof c["#text"] === "number") text += String(c["#text"]);
    else if (nameOf(c) !== null) children.push(build(c, ns));
  }
  return {
    name: local(qname),
    ns: ns.get(colon < 0 ? "" : qname.slice(0, colon)) ?? "",
    attrs,
    children,
    text,
  };
}

/** `text` read by fast-xml-parser into the request reader's shape; throws when its validator refuses it. */
export function referenceParse(text: string): XmlElement {
  if (XMLValidator.validate(text) !== true) throw new Error("malformed");
  const roots = (reference.parse(text) as Raw[]).filter((n) => nameOf(n) !== null);
  if (roots[0] === undefined) throw new Error("no root element");
  return build(roots[0], new Map());
}

/**
 * Whether fast-xml-parser takes `text` as well-formed: its validator, then its parser (which refuses a few more,
 * or finds no root element in what its validator took).
 */
export function referenceAccepts(text: string): boolean {
  try {
    referenceParse(text);
    return true;
  } catch {
    return false;
  }
}
