import { describe, expect, it } from "vitest";
import { MdxError } from "../../src/mdx/errors.ts";
import { tokenize } from "../../src/mdx/lexer.ts";
import { MAX_MDX_CHARS, parseMdx, parseMdxExpression, parseMdxUpdate } from "../../src/mdx/parser.ts";

/**
 * MDX text is bounded before it is read (a 10 MiB query held the event loop 21 s, 2 MiB 2.7-3.9 s),
 * read one token at a time as the parser asks (a query refused early is not tokenized to its end), and a
 * member reference of many parts is built without copying its parts at each one.
 */

const code = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(MdxError);
    return (e as MdxError).code;
  }
};

describe("the length of MDX text", () => {
  it("refuses a query, an UPDATE CUBE statement or an expression longer than 64 KiB before reading it", () => {
    expect(MAX_MDX_CHARS).toBe(64 * 1024);
    const pad = " ".repeat(MAX_MDX_CHARS);
    expect(code(() => parseMdx(`SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic]${pad}`))).toBe(
      "MDX_TOO_COSTLY",
    );
    expect(code(() => parseMdxUpdate(`UPDATE CUBE [Sample].[Basic] SET ([Sales]) = 1${pad}`))).toBe(
      "MDX_TOO_COSTLY",
    );
    expect(code(() => parseMdxExpression(`1${pad}`))).toBe("MDX_TOO_COSTLY");
    expect(() => parseMdx(`SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic]`)).not.toThrow();
    const near = `SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic]`;
    expect(() => parseMdx(near + " ".repeat(MAX_MDX_CHARS - near.length))).not.toThrow();
  });

  it("reads the longest shapes within the limit: many members, many parts of one name, many numbers", () => {
    const room = MAX_MDX_CHARS - 100;
    const members = parseMdx(
      `SELECT {${"[Sales],".repeat(room / 8)}[Sales]} ON COLUMNS FROM [Sample].[Basic]`,
    );
    expect(members.axes[0]?.set.kind).toBe("set");
    const parts = parseMdx(`SELECT {[Sales]${".[a]".repeat(room / 4)}} ON COLUMNS FROM [Sample].[Basic]`);
    const ref = parts.axes[0]?.set.kind === "set" ? parts.axes[0].set.items[0] : undefined;
    expect(ref?.kind === "ref" ? ref.parts.length : 0).toBe(room / 4 + 1);
    expect(
      code(() =>
        parseMdxExpression(
          Array(room / 2)
            .fill("1")
            .join("+"),
        ),
      ),
    ).toBe("MDX_TOO_DEEP");
  });

  it("tokenizes as before", () => {
    expect(
      tokenize("SELECT [a]]b].x, 'it''s' -- c\n1.5e3 <> /* x */ 2").map((t) => [t.kind, t.value]),
    ).toEqual([
      ["ident", "SELECT"],
      ["name", "a]b"],
      ["punct", "."],
      ["ident", "x"],
      ["punct", ","],
      ["string", "it's"],
      ["number", "1.5e3"],
      ["punct", "<>"],
      ["number", "2"],
      ["eof", ""],
    ]);
  });
});
