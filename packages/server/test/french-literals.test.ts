import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@babel/parser";
import { frenchTypography } from "@qibates/provider/french-typography";
import { describe, expect, it } from "vitest";

/**
 * Every French text the packages write (a message's reason, a refusal of a protocol endpoint, a label, a
 * capability's note) holds French typography in its source, as the registry's templates do: no-break spaces before
 * « : », narrow ones before « ; ? ! », inside « », between a number and its unit or the word it counts. It is not
 * applied when a message is made, so that what a message quotes (a server's words, a rule's author's) stays as
 * sent. A literal is French when it is a `fr` or `whenFr` property, or holds a French word, an accented letter and
 * no English word, or opens « guillemets ». A `${…}` inside it stands for a number when it formats one (`quantity(…)`, `formatNumber(…)`,
 * `s.fr`, …), for a name otherwise; `${NB}` for the no-break space it holds.
 */

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FRENCH = new Set(
  "le la les des du une est pour pas sur dans que qui ne au aux avec cette vous il elle sont été où n'est n'a l'".split(
    " ",
  ),
);
const ENGLISH = new Set(
  "the is are was were of to and for your you this that with from by not cannot which when".split(" "),
);
const NUMBER =
  /quantity\(|limit\(|formatNumber\(|\.length$|^(s|q|n|count|seconds|minutes|hours|max|total|cells|size|bytes|limit)(\.fr)?$|^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/i;
// An HTTP header quoted as it is sent (`Expect: 100-continue`) keeps its colon glued.
const HEADERS = /\b(?:Expect|Prefer): /g;

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && name !== "dist") yield* sources(path);
    } else if (path.endsWith(".ts") && !path.endsWith(".d.ts")) yield path;
  }
}

type Node = {
  type: string;
  start: number;
  end: number;
  loc: { start: { line: number } };
  [key: string]: unknown;
};
const isNode = (v: unknown): v is Node =>
  typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/** The French literals of the packages' sources, as `file:line` and their text with `${…}` stood for. */
function frenchLiterals(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const pkg of readdirSync(join(ROOT, "packages"))) {
    const src = join(ROOT, "packages", pkg, "src");
    if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const file of sources(src)) {
      const code = readFileSync(file, "utf8");
      const visit = (node: Node, parent: Node | null) => {
        let text: string | null = null;
        if (node.type === "StringLiteral") text = node.value as string;
        else if (node.type === "TemplateLiteral") {
          // A template's texts (cooked, as the string holds them) between its `${…}`, one more than those.
          const [head = "", ...tails] = (node.quasis as { value: { cooked: string } }[]).map(
            (q) => q.value.cooked,
          );
          text =
            head +
            (node.expressions as Node[])
              .map((expression, i) => {
                const e = code.slice(expression.start, expression.end);
                return (e === "NB" ? "\u00a0" : NUMBER.test(e) ? "1" : "X") + (tails[i] ?? "");
              })
              .join("");
        }
        if (text !== null) {
          const key =
            parent?.type === "ObjectProperty" && parent.value === node ? (parent.key as Node) : null;
          const property = key !== null && /^(fr|whenFr)$/.test(code.slice(key.start, key.end));
          const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
          const french =
            /«[ \u00a0]/.test(text) ||
            (words.some((w) => FRENCH.has(w)) && !words.some((w) => ENGLISH.has(w)) && /[éèàùç]/.test(text));
          if (property || french)
            found.push({ where: `${file.slice(ROOT.length)}:${node.loc.start.line}`, text });
        }
        for (const value of Object.values(node)) {
          if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
          else if (isNode(value)) visit(value, node);
        }
      };
      visit(parse(code, { sourceType: "module", plugins: ["typescript"] }).program as unknown as Node, null);
    }
  }
  return found;
}

describe("French texts in the packages' sources", () => {
  it("hold French typography as written, each one", () => {
    const literals = frenchLiterals();
    // The scan finds the texts it is about (the registry's alone has more than a hundred).
    expect(literals.length).toBeGreaterThan(400);
    const wrong = literals
      .filter(({ text }) => {
        const masked = text.replace(HEADERS, "");
        return frenchTypography(masked) !== masked;
      })
      .map(({ where, text }) => `${where}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
