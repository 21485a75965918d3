import { describe, expect, it } from "vitest";
import { faultOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * An Execute whose statement is longer than the MDX text the port reads (64 KiB) is refused before the
 * endpoint's own passes scan it: binding Report Builder's `@` parameters and, at Analysis Services' address,
 * numbering levels from the root each tokenized the whole statement on the event loop (a 2 MiB statement held it
 * 1-2 s before the port's refusal). What shows it: such a statement naming a parameter the request does not give
 * is refused for its length, no longer for the parameter, which only a full scan finds.
 */

const server = xmlaForTests();

/** A SELECT of `chars` characters (a set of many members) whose slicer is the parameter `@Month`. */
const longSelect = (chars: number) => {
  const head = "SELECT {";
  const tail = "[Sales]} ON COLUMNS FROM [Basic] WHERE (STRTOMEMBER(@Month, CONSTRAINED))";
  return `${head}${"[Sales],".repeat(Math.floor((chars - head.length - tail.length) / 8))}${tail}`;
};

describe("an Execute statement longer than the port reads", () => {
  for (const [address, path] of [
    ["Analysis Services' address", "/olap/msmdpump.dll"],
    ["Essbase's address", "/aps/XMLA"],
  ] as const) {
    it(`is refused for its length before its parameters are bound (${address})`, async () => {
      // Under the test server's body limit (Fastify's 1 MiB), eight times what the port reads.
      const statement = longSelect(512 * 1024);
      const a = await xmlaCalls(server, path).execute(statement);
      const fault = faultOf(a)?.faultstring ?? "";
      expect(fault).toContain("The MDX text is longer than 65,536 characters");
      expect(fault).toContain(`(${statement.length.toLocaleString("en-US")})`);
      expect(fault).not.toMatch(/@Month/);
    });
  }

  it("a statement the port reads is still bound first: the missing parameter is named", async () => {
    const statement = longSelect(60 * 1024);
    const a = await xmlaCalls(server).execute(statement);
    expect(faultOf(a)?.faultstring).toMatch(/@Month/);
  });
});
