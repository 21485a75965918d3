import { existsSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES } from "@qibates/provider";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import remarkFrenchTypography from "../src/plugins/french-typography.ts";
import remarkProductValues, { productValuesFrontMatter } from "../src/plugins/product-values.ts";
import { productValues, renderTokens, serverValues } from "../src/product-values.ts";
import { pagesOf, readJson, SITE } from "./site-files.ts";
import { statedValues, wrongValues } from "./stated-values.ts";

/** Runs the remark plugin on a snippet and gives back the markdown. */
function render(source: string, path: string, mdx = true): string {
  // Docusaurus parses directives (`:::note`, `:name`) in every page, so a token's `:NAME` reaches the plugin as one.
  const processor = mdx
    ? unified()
        .use(remarkParse)
        .use(remarkMdx)
        .use(remarkDirective)
        .use(remarkGfm)
        .use(remarkProductValues)
        .use(remarkStringify)
    : unified()
        .use(remarkParse)
        .use(remarkDirective)
        .use(remarkGfm)
        .use(remarkProductValues)
        .use(remarkStringify);
  return String(processor.processSync({ value: source, path })).trimEnd();
}

const FR_PAGE = "/site/i18n/fr/docusaurus-plugin-content-docs/current/page.md";

describe("the product's values", () => {
  it("are the defaults of config.ts, for every setting whose default is a number", () => {
    const values = productValues();
    for (const v of serverValues().settings) {
      if (typeof v.fallback === "number" && v.defaultText === String(v.fallback)) {
        expect(values.get(v.env)?.value, v.env).toBe(v.fallback);
      }
    }
    expect(values.get("CALC_JOB_TIMEOUT_SECONDS")?.kind).toBe("config");
    expect(values.get("MAX_GRID_ROWS")?.kind).toBe("limit");
  });

  it("keep an idle connection open longer than the longest call the pages describe", () => {
    // A page that states each default right still misleads if one setting cuts another short: the server closes
    // a silent connection after CONNECTION_TIMEOUT_SECONDS, and a rule's call is silent for up to
    // CALC_JOB_TIMEOUT_SECONDS + PROVIDER_CONNECT_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS.
    const v = (name: string) => productValues().get(name)?.value ?? Number.NaN;
    expect(v("CONNECTION_TIMEOUT_SECONDS")).toBeGreaterThan(
      v("CALC_JOB_TIMEOUT_SECONDS") +
        v("PROVIDER_CONNECT_TIMEOUT_SECONDS") +
        v("PROVIDER_READ_TIMEOUT_SECONDS"),
    );
  });

  it("are written as each language writes numbers, converted when the token asks", () => {
    const cells = productValues().get("MAX_GRID_CELLS")?.value ?? 0;
    expect(renderTokens("{{config:MAX_GRID_CELLS}}", "en")).toBe(cells.toLocaleString("en-US"));
    expect(renderTokens("{{config:MAX_GRID_CELLS}}", "fr")).toBe(
      cells.toLocaleString("en-US").replaceAll(",", "\u202F"),
    );
    const calc = productValues().get("CALC_JOB_TIMEOUT_SECONDS")?.value ?? 0;
    expect(renderTokens("after {{config:CALC_JOB_TIMEOUT_SECONDS in minutes}} minutes", "en")).toBe(
      `after ${calc / 60} minutes`,
    );
    const body = productValues().get("BODY_LIMIT_BYTES")?.value ?? 0;
    expect(renderTokens("{{config:BODY_LIMIT_BYTES in MiB}} MiB", "en")).toBe(`${body / 1024 / 1024} MiB`);
    expect(() => renderTokens("{{config:NO_SUCH_SETTING}}", "en")).toThrow(/NO_SUCH_SETTING/);
    expect(() => renderTokens("{{limit:CALC_JOB_TIMEOUT_SECONDS}}", "en")).toThrow(/no limit/);
    expect(() => renderTokens("{{config:MAX_GRID_CELLS in minutes}}", "en")).toThrow(/cannot be written/);
  });
});

describe("the remark plugin (product values)", () => {
  const calc = String(productValues().get("CALC_JOB_TIMEOUT_SECONDS")?.value);
  it("replaces a token in the text, tables and inline code of a .md page", () => {
    const out = render(
      [
        "Waits up to {{config:CALC_JOB_TIMEOUT_SECONDS}} s.",
        "",
        "| setting | default |",
        "| --- | --- |",
        "| `CALC_JOB_TIMEOUT_SECONDS` | {{config:CALC_JOB_TIMEOUT_SECONDS}} |",
        "| `UPSTREAM_MAX_ANSWER_BYTES` | {{config:UPSTREAM_MAX_ANSWER_BYTES in MiB}} MiB |",
        "",
        "Run with `CALC_JOB_TIMEOUT_SECONDS={{config:CALC_JOB_TIMEOUT_SECONDS}}`.",
      ].join("\n"),
      "/site/docs/page.md",
      false,
    );
    expect(out).toContain(`Waits up to ${calc} s.`);
    expect(out).toMatch(new RegExp(`\\| \`CALC_JOB_TIMEOUT_SECONDS\` +\\| ${calc} +\\|`));
    expect(out).toContain(`\`CALC_JOB_TIMEOUT_SECONDS=${calc}\``);
    const mib = (productValues().get("UPSTREAM_MAX_ANSWER_BYTES")?.value ?? 0) / 1024 / 1024;
    expect(out).toMatch(new RegExp(`\\| ${mib} MiB +\\|`));
    expect(out).not.toContain("{{");
  });

  it("replaces a token in an MDX page, where it parses as an expression", () => {
    const out = render(
      `Grids up to {{config:MAX_GRID_CELLS}} cells.\n\n{{limit:MAX_JSON_DEPTH}}`,
      "/site/docs/page.mdx",
    );
    expect(out).toContain(`Grids up to ${renderTokens("{{config:MAX_GRID_CELLS}}", "en")} cells.`);
    expect(out).toContain(String(productValues().get("MAX_JSON_DEPTH")?.value));
    expect(out).not.toMatch(/[{}]/);
    // Other expressions are the page's own.
    expect(render("A {1 + 1} b", "/site/docs/page.mdx")).toBe("A {1 + 1} b");
  });

  it("joins an MDX token's value to the text around it, so French spacing reaches its unit", () => {
    const processor = unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkDirective)
      .use(remarkProductValues)
      .use(remarkFrenchTypography)
      .use(remarkStringify);
    const out = String(
      processor.processSync({
        value: "toujours en cours après {{config:CALC_JOB_TIMEOUT_SECONDS}} s (travail 1234)",
        path: FR_PAGE.replace(/\.md$/, ".mdx"),
      }),
    );
    const seconds = String(productValues().get("CALC_JOB_TIMEOUT_SECONDS")?.value);
    expect(out).toContain(`après ${seconds}\u202Fs (travail 1234)`);
  });

  it("writes French numbers in a French page, and in the front matter", () => {
    expect(render("Jusqu'à {{config:MAX_GRID_CELLS}} cellules.", FR_PAGE, false)).toContain(
      renderTokens("{{config:MAX_GRID_CELLS}}", "fr"),
    );
    expect(
      productValuesFrontMatter(
        { description: "{{config:MAX_GRID_CELLS}} cellules", sidebar_position: 3 },
        "fr",
      ),
    ).toEqual({
      description: `${renderTokens("{{config:MAX_GRID_CELLS}}", "fr")} cellules`,
      sidebar_position: 3,
    });
  });

  it("stops the build on a token that names nothing", () => {
    expect(() => render("Up to {{config:MAX_GRID_CELS}} cells.", "/site/docs/page.md", false)).toThrow(
      /page\.md.*MAX_GRID_CELS/,
    );
  });
});

describe("every number a page states about a setting or a limit is the code's", () => {
  it.each(["en", "fr"] as const)("%s: docs and unpublished release notes", (locale) => {
    const pages = pagesOf(locale);
    expect(pages.length).toBeGreaterThan(60);
    const wrong = pages.flatMap(({ path, source }) =>
      wrongValues(source, locale).map(
        (w) =>
          `${path}:${w.line}: ${w.name} stated as "${w.text}" (${w.stated}), the code says ${w.expected}`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  it.each(["en", "fr"] as const)("%s: the registry's texts (they are written into the pages)", (locale) => {
    const texts = Object.entries(ERROR_CODES).map(
      ([code, d]) => `${code}: ${locale === "fr" ? d.whenFr : d.when}`,
    );
    expect(wrongValues(texts.join("\n"), locale)).toEqual([]);
  });

  it("the check reads the statements the pages make (it is not vacuous)", () => {
    const found = new Set(
      pagesOf("en").flatMap(({ source }) => statedValues(source, "en").map((s) => s.name)),
    );
    for (const name of [
      "CALC_JOB_TIMEOUT_SECONDS",
      "SESSION_IDLE_MINUTES",
      "SESSION_MAX_HOURS",
      "MAX_GRID_CELLS",
    ]) {
      expect(found, name).toContain(name);
    }
  });
});

describe("the check fails on a planted page", () => {
  const v = (name: string) => productValues().get(name)?.value ?? 0;

  it("a wrong default named with its setting, in English and in French", () => {
    const en = `Calls wait up to \`CALC_JOB_TIMEOUT_SECONDS\` (${v("CALC_JOB_TIMEOUT_SECONDS") + 1} s).`;
    expect(wrongValues(en, "en")).toMatchObject([{ name: "CALC_JOB_TIMEOUT_SECONDS", line: 1 }]);
    const fr = `Intro.\n\nLa session se ferme après \`SESSION_IDLE_MINUTES\` sans appel (${v("SESSION_IDLE_MINUTES") + 5} par défaut).`;
    expect(wrongValues(fr, "fr")).toMatchObject([{ name: "SESSION_IDLE_MINUTES", line: 3 }]);
    // The right values pass.
    expect(wrongValues(`\`CALC_JOB_TIMEOUT_SECONDS\` (${v("CALC_JOB_TIMEOUT_SECONDS")} s)`, "en")).toEqual(
      [],
    );
  });

  it("a wrong duration in another unit, and a hyphenated one", () => {
    const minutes = v("CALC_JOB_TIMEOUT_SECONDS") / 60;
    expect(wrongValues(`\`CALC_JOB_TIMEOUT_SECONDS\` (${minutes} minutes by default)`, "en")).toEqual([]);
    expect(
      wrongValues(`\`CALC_JOB_TIMEOUT_SECONDS\` (${minutes + 5} minutes by default)`, "en"),
    ).toHaveLength(1);
    expect(wrongValues("`PROVIDER_READ_TIMEOUT_SECONDS`: 30-second", "en")).toMatchObject([
      { name: "PROVIDER_READ_TIMEOUT_SECONDS", stated: 30 },
    ]);
  });

  it("a wrong limit, by name and in the words of a user page, in English and in French", () => {
    expect(wrongValues("A grid may hold `MAX_GRID_CELLS` (250,000 by default) cells.", "en")).toMatchObject([
      { name: "MAX_GRID_CELLS", stated: 250_000 },
    ]);
    expect(
      wrongValues(
        "| The grid is too large | It has more cells than the server accepts (250,000 unless …). |",
        "en",
      ),
    ).toMatchObject([{ name: "MAX_GRID_CELLS" }]);
    expect(
      wrongValues("La grille a plus de cellules que le serveur n'en accepte (250 000 sauf …).", "fr"),
    ).toMatchObject([{ name: "MAX_GRID_CELLS", stated: 250_000 }]);
    expect(wrongValues("Une cellule texte contient au plus 200 caractères.", "fr")).toMatchObject([
      { name: "TEXT_CELL_CHARACTERS", stated: 200 },
    ]);
    expect(
      wrongValues("A grid sent with more than 20,000 rows or 3,000 columns is refused.", "en"),
    ).toMatchObject([{ name: "MAX_GRID_ROWS" }, { name: "MAX_GRID_COLUMNS" }]);
  });

  it("a wrong session time on a user page, in English and in French", () => {
    expect(
      wrongValues("Your session ended: no action for 45 minutes, or 8 hours since you logged in.", "en"),
    ).toMatchObject([{ name: "SESSION_IDLE_MINUTES" }, { name: "SESSION_MAX_HOURS" }]);
    expect(
      wrongValues(
        "Votre session a pris fin : aucune action pendant 45 minutes, 8 heures écoulées depuis la connexion.",
        "fr",
      ),
    ).toMatchObject([{ name: "SESSION_IDLE_MINUTES" }, { name: "SESSION_MAX_HOURS" }]);
    expect(
      wrongValues("After 20 minutes, QiBates stops waiting for the calculation script.", "en"),
    ).toMatchObject([{ name: "CALC_JOB_TIMEOUT_SECONDS", stated: 1200 }]);
  });

  it("a settings table whose default column differs from the code", () => {
    const table = (cells: number) =>
      [
        "| Setting | Default | What |",
        "| --- | --- | --- |",
        `| \`MAX_GRID_CELLS\` | \`${cells}\` | Largest grid. |`,
      ].join("\n");
    expect(wrongValues(table(v("MAX_GRID_CELLS")), "en")).toEqual([]);
    expect(wrongValues(table(v("MAX_GRID_CELLS") + 1), "fr")).toMatchObject([
      { name: "MAX_GRID_CELLS", line: 3 },
    ]);
  });

  it("a sum of settings whose total is not the sum of their defaults", () => {
    const sum =
      v("CALC_JOB_TIMEOUT_SECONDS") +
      v("PROVIDER_CONNECT_TIMEOUT_SECONDS") +
      v("PROVIDER_READ_TIMEOUT_SECONDS");
    const line = (total: number) =>
      `\`CALC_JOB_TIMEOUT_SECONDS\` + \`PROVIDER_CONNECT_TIMEOUT_SECONDS\` + \`PROVIDER_READ_TIMEOUT_SECONDS\`: ${v("CALC_JOB_TIMEOUT_SECONDS")} + ${v("PROVIDER_CONNECT_TIMEOUT_SECONDS")} + ${v("PROVIDER_READ_TIMEOUT_SECONDS")} = ${total} seconds`;
    expect(wrongValues(line(sum), "en")).toEqual([]);
    expect(wrongValues(line(sum + 1), "en")).toMatchObject([{ expected: sum }]);
  });

  it("leaves alone a value someone sets, code blocks, examples and rendered tokens", () => {
    const page = [
      "Set `CALC_JOB_TIMEOUT_SECONDS=3600` for long rules, or set `CALC_JOB_TIMEOUT_SECONDS` to 3600.",
      "",
      "```bash",
      "MAX_GRID_CELLS=1 npm start",
      "```",
      "",
      "A text of 300 characters; a form of 15 rows.",
      "",
      "`CALC_JOB_TIMEOUT_SECONDS` ({{config:CALC_JOB_TIMEOUT_SECONDS}} s)",
    ].join("\n");
    expect(wrongValues(page, "en")).toEqual([]);
  });
});

it("the pages list holds the unpublished release notes only", () => {
  const paths = pagesOf("en").map((p) => p.path);
  const published = Object.keys(readJson<Record<string, string>>(join(SITE, "changelog/published.json")));
  for (const p of published.filter((p) => p.startsWith("changelog/"))) expect(paths).not.toContain(p);
  expect(existsSync(join(SITE, "docs/intro.md"))).toBe(true);
  expect(paths).toContain("docs/intro.md");
});
