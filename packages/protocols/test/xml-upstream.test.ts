import { describe, expect, it } from "vitest";
import { readXml, readXmlSync, treeBuilder, type XmlLimits, XmlRefused } from "../src/xml/index.ts";
import { countingTurns } from "./support/turns.ts";

/**
 * The bounded reader of upstream XML: what it reads, what it refuses, and that it yields. The SOAP
 * shape built over it is tested in `packages/connectors/test/net-xml.test.ts`.
 */

const LIMITS: XmlLimits = {
  maxChars: 10_000,
  maxElements: 10,
  maxAttributes: 5,
  maxDepth: 3,
  maxNamespaces: 4,
  maxElementNamespaces: 2,
};
const refusal = (text: string, limits = LIMITS) => {
  try {
    readXmlSync(text, treeBuilder, limits);
  } catch (e) {
    if (e instanceof XmlRefused) return e.reason;
    throw e;
  }
  return null;
};

describe("the bounded XML reader", () => {
  it("reads elements, attributes, text, CDATA and XML's entities, comments and declarations skipped", () => {
    const root = readXmlSync(
      '\uFEFF<?xml version="1.0"?><!-- c --><r a="1 &amp; 2" b=\'&#x41;\'>x &lt;<![CDATA[<y>]]><c/><d>&#65;&bogus;</d></r>\n',
      treeBuilder,
    );
    expect(root).toEqual({
      name: "r",
      attrs: { a: "1 & 2", b: "A" },
      text: "x <<y>",
      children: [
        { name: "c", attrs: {}, children: [], text: "" },
        { name: "d", attrs: {}, children: [], text: "A&bogus;" },
      ],
    });
  });

  it("answers null for what is not well-formed XML", () => {
    for (const text of [
      "",
      "not xml",
      "not xml at all <",
      "<a><b></a></b>",
      "<a>",
      "<a></a><b></b>",
      "text<a/>",
      '<a x="1>',
      "<a x=1/>",
      "<br disabled>",
    ]) {
      expect(readXmlSync(text, treeBuilder), text).toBeNull();
    }
  });

  it("refuses a document past its size, element, attribute or depth limits, and any document type", () => {
    expect(refusal(`<a>${"x".repeat(10_001)}</a>`)).toMatch(/larger than 10,000 characters/);
    expect(refusal(`<a>${"<b/>".repeat(10)}</a>`)).toMatch(/more than 10 elements/);
    expect(refusal('<a p="1" q="2" r="3"><b s="4" t="5" u="6"/></a>')).toMatch(/more than 5 attributes/);
    expect(refusal("<a><b><c><d/></c></b></a>")).toMatch(/nests elements more than 3 deep/);
    expect(refusal("<a><b><c/></b></a>")).toBeNull();
    expect(refusal('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).toMatch(/document type/);
  });

  it("keeps a hostile __proto__ as data", () => {
    const proto = "__proto__";
    const root = readXmlSync('<a __proto__="x"><__proto__>y</__proto__></a>', treeBuilder);
    expect(root?.attrs[proto]).toBe("x");
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it("gives the event loop back while it reads a large document, and reads it as the one-piece reader does", async () => {
    const text = `<r>${'<e a="1" b="2">text</e>'.repeat(30_000)}</r>`;
    const { value: root, turns } = await countingTurns(() => readXml(text, treeBuilder, undefined, 1));
    expect(turns).toBeGreaterThan(2);
    expect(root?.children.length).toBe(30_000);
    expect(root).toEqual(readXmlSync(text, treeBuilder));
  });
});
