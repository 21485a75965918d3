import { describe, expect, it } from "vitest";
import { esc, leaf, parseXml } from "../src/xml/index.ts";

/**
 * A name holding a character XML 1.0 allows in no form (a copy's member `A\u0001B`) reached
 * the XML answers as it was, and they were not well-formed. Such characters are written U+FFFD; tab, line feed
 * and carriage return, which XML allows, are kept.
 */
describe("XML escaping", () => {
  it("writes the characters XML 1.0 forbids as U+FFFD, so that the answer reads back", () => {
    const name = "A\u0001B\u0008C\u000bD\u000cE\u001fF\ufffeG\uffffH\u0000";
    expect(esc(name)).toBe("A\ufffdB\ufffdC\ufffdD\ufffdE\ufffdF\ufffdG\ufffdH\ufffd");
    const xml = `<Member name="${esc(name)}">${leaf("UName", `[Market].[${name}]`)}</Member>`;
    const read = parseXml(xml);
    expect(read.attrs.name).toBe("A\ufffdB\ufffdC\ufffdD\ufffdE\ufffdF\ufffdG\ufffdH\ufffd");
  });

  it("keeps tab, line feed, carriage return and the markup escapes", () => {
    expect(esc("a\tb\nc\rd")).toBe("a\tb\nc\rd");
    expect(esc(`<a & "b">`)).toBe("&lt;a &amp; &quot;b&quot;&gt;");
    expect(esc("Colas")).toBe("Colas");
  });
});
