import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseXml, XML_LIMITS } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import { referenceParse } from "./support/xml-reference.ts";

/**
 * The wire endpoints' XML reader (`@qibates/protocols/xml`; a 2 MiB request body held the event loop
 * 0.5 s or more in fast-xml-parser) reads what fast-xml-parser read, the same way: every captured and recorded
 * document of these fixtures, compared here beside them (fast-xml-parser stays a test dependency of this
 * package alone). The reader's own tests are in `packages/protocols/test/xml-request.test.ts`.
 */

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
