import { describe, expect, it } from "vitest";
import {
  checkXmlSize,
  parseXml,
  parseXmlSteps,
  readXmlElement,
  XML_LIMITS,
  XmlSyntaxError,
  XmlTooLarge,
} from "../src/xml/index.ts";

/**
 * The wire endpoints' reader of request documents (a 2 MiB request body held the event loop 0.5 s or
 * more in fast-xml-parser; a 10 MiB Smart View body of attributes, sent before any login, held it 6.4 s):
 * bounded before it reads (size, elements, attributes and depth, counted in one pass), strict about XML, and
 * pausing every few hundred units of work, so that `readXmlElement` gives the event loop back every few
 * milliseconds. Its comparison with fast-xml-parser on the captured documents is in
 * `packages/wire/test/xml-reader.test.ts`, beside those documents.
 */

const refusal = (text: string): string | null => {
  try {
    checkXmlSize(text, {
      maxChars: 10_000_000,
      maxElements: 1_000,
      maxAttributes: 1_000,
      maxDepth: 16,
      maxNamespaces: 100,
      maxElementNamespaces: 8,
    });
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(XmlTooLarge);
    return (e as Error).message;
  }
};

describe("checkXmlSize", () => {
  it("counts elements, attributes and depth, and refuses each past its limit", () => {
    expect(refusal(`<r>${"<s a='1' b=\"2\"/>".repeat(500)}</r>`)).toBeNull();
    expect(refusal(`<r>${"<s/>".repeat(1_000)}</r>`)).toBe("The document has more than 1,000 elements.");
    expect(refusal(`<r ${Array.from({ length: 1_001 }, (_, i) => `a${i}="="`).join(" ")}/>`)).toBe(
      "The document has more than 1,000 attributes.",
    );
    expect(refusal(`${"<a>".repeat(17)}${"</a>".repeat(17)}`)).toBe(
      "The document nests elements more than 16 deep.",
    );
    expect(refusal(`${"<a><b/></a>".repeat(400)}`)).toBeNull();
  });

  it("skips comments, CDATA and processing instructions, and counts no `=` inside quoted values", () => {
    const inert = `<?xml version="1.0"?><r><!-- <a><a><a> --><![CDATA[<b x=1 y=2>]]><s q="a=b=c=d"/></r>`;
    expect(refusal(inert)).toBeNull();
    expect(parseXml(inert).children.map((c) => c.name)).toEqual(["s"]);
  });

  it("bounds the default parse: a document past the limits never reaches the parser", () => {
    const attrs = `<r ${Array.from({ length: XML_LIMITS.maxAttributes + 1 }, (_, i) => `a${i}="x"`).join(" ")}/>`;
    expect(() => parseXml(attrs)).toThrow(XmlTooLarge);
    expect(() => parseXml(`<r>${"x".repeat(XML_LIMITS.maxChars)}</r>`)).toThrow(/larger than/);
  });
});

describe("the request reader", () => {
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

  it("gives attributes by local name, with or without prefixes, and keeps a hostile __proto__ as data", () => {
    const plain = parseXml('<r a="1" __proto__="x" b="&amp;"/>');
    expect(Object.entries(plain.attrs)).toEqual([
      ["a", "1"],
      ["__proto__", "x"],
      ["b", "&"],
    ]);
    const prefixed = parseXml('<r xmlns:p="urn:p" p:a="1" p:__proto__="x" b="2"/>');
    expect(Object.entries(prefixed.attrs)).toEqual([
      ["a", "1"],
      ["__proto__", "x"],
      ["b", "2"],
    ]);
    for (const { attrs } of [plain, prefixed]) expect(Object.getPrototypeOf(attrs)).toBeNull();
  });

  it("readXmlElement answers what parseXml does, letting timers run meanwhile", async () => {
    const doc = `<r>${'<e a="1">x</e>'.repeat(XML_LIMITS.maxElements - 10)}</r>`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const read = await readXmlElement(doc);
    clearInterval(timer);
    expect(read.children.length).toBe(XML_LIMITS.maxElements - 10);
    expect(ticks).toBeGreaterThan(0);
  });
});
