import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseXml, XML_LIMITS, type XmlElement } from "@qibates/protocols/xml";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

/**
 * The wire endpoints' XML reader (`@qibates/protocols/xml`, issue 30: a 2 MiB request body held the event loop
 * 0.5 s or more in fast-xml-parser) reads what fast-xml-parser read, the same way: every captured and recorded
 * document of these fixtures, compared here beside them (fast-xml-parser stays a test dependency of this
 * package alone). The reader's own tests are in `packages/protocols/test/xml-request.test.ts`.
 */

// The reader the endpoints used before, kept here as the reference.
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
function referenceParse(text: string): XmlElement {
  if (XMLValidator.validate(text) !== true) throw new Error("malformed");
  const roots = (reference.parse(text) as Raw[]).filter((n) => nameOf(n) !== null);
  return build(roots[0] as Raw, new Map());
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFiles(path);
    return name.endsWith(".xml") ? [path] : [];
  });
}

const FIXTURES = join(import.meta.dirname, "fixtures");

describe("the XML reader", () => {
  it("reads every captured and recorded document as fast-xml-parser did", () => {
    const files = xmlFiles(FIXTURES);
    expect(files.length).toBeGreaterThan(100);
    let compared = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      if (/<!DOCTYPE/i.test(text) || text.length > XML_LIMITS.maxChars) continue;
      expect(parseXml(text), file).toEqual(referenceParse(text));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("reads namespaces, entities, character references, CDATA, comments and attributes as XML says", () => {
    const doc =
      `<?xml version="1.0"?><!-- c --><a:r xmlns:a="urn:a" xmlns="urn:d" a:x="1 &amp; &#65;&#x42;" y='&quot;'>` +
      `t&lt;<b z="2"/><![CDATA[<not a tag>]]><?pi x?><a:c>&apos;</a:c>u</a:r>`;
    expect(parseXml(doc)).toEqual(referenceParse(doc));
    expect(parseXml(doc)).toMatchObject({
      name: "r",
      ns: "urn:a",
      attrs: { x: "1 & AB", y: '"' },
      text: "t<<not a tag>u",
      children: [
        { name: "b", ns: "urn:d", attrs: { z: "2" } },
        { name: "c", ns: "urn:a", text: "'" },
      ],
    });
  });
});
