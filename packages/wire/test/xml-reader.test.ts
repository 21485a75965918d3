import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  parseXml,
  parseXmlSteps,
  readXml,
  XML_LIMITS,
  type XmlElement,
  XmlSyntaxError,
} from "../src/xmla/xml.ts";

/**
 * The wire endpoints' XML reader (issue 30: a 2 MiB request body held the event loop 0.5 s or more in
 * fast-xml-parser): it reads what fast-xml-parser read, the same way, and pauses every few hundred units of
 * work, so that `readXml` gives the event loop back every few milliseconds.
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

  it("refuses what is not well-formed XML", () => {
    for (const bad of [
      "<r>",
      "<r></s>",
      "<r/><s/>",
      "text<r/>",
      "<r a=1/>",
      "<r a/>",
      '<r a="1" a="2"/>',
      '<r a="<"/>',
      "<r>&nbsp;</r>",
      "<r>&#0;</r>",
      "<r>& </r>",
      "<r><!-- open</r>",
      "<r><![CDATA[ open</r>",
      "</r>",
      "",
      "<1r/>",
    ]) {
      expect(() => parseXml(bad), bad).toThrow(XmlSyntaxError);
    }
    expect(() =>
      parseXml(`<r ${Array.from({ length: 100 }, (_, i) => `a${i % 99}="1"`).join(" ")}/>`),
    ).toThrow(/repeated/);
  });

  it("pauses at least every few hundred units of work on documents at the limits, whatever their shape", () => {
    const max = XML_LIMITS.maxChars;
    const shapes: Record<string, string> = {
      attributes: `<r ${Array.from({ length: XML_LIMITS.maxAttributes - 10 }, (_, i) => `a${i}="${"v".repeat(30)}"`).join(" ")}/>`,
      elements: `<r>${"<e>x</e>".repeat(XML_LIMITS.maxElements - 10)}</r>`,
      text: `<r>${"x".repeat(max - 10)}</r>`,
      references: `<r a="${"&#65;".repeat((max - 20) / 10)}">${"&amp;".repeat((max - 20) / 10)}</r>`,
    };
    for (const [shape, doc] of Object.entries(shapes)) {
      expect(doc.length, shape).toBeLessThanOrEqual(max);
      const steps = parseXmlSteps(doc);
      let pauses = 0;
      for (let s = steps.next(); !s.done; s = steps.next()) pauses++;
      // At least one pause per 32 KiB of text or per 500 tags or attributes (a hundred times in 2 MiB).
      expect(pauses, shape).toBeGreaterThan(60);
    }
  });

  it("readXml answers what parseXml does, letting timers run meanwhile", async () => {
    const doc = `<r>${'<e a="1">x</e>'.repeat(XML_LIMITS.maxElements - 10)}</r>`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const read = await readXml(doc);
    clearInterval(timer);
    expect(read.children.length).toBe(XML_LIMITS.maxElements - 10);
    expect(ticks).toBeGreaterThan(0);
  });
});
