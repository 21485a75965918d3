import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coverageMarkdown, mdxCoverage, RESULTS_JSON, RESULTS_MD } from "../../../../bench/mdx-coverage.ts";
import {
  MDX_FUNCTION_NAMES,
  ORACLE_MDX_FUNCTION_LIST_SOURCE,
  ORACLE_MDX_FUNCTIONS,
  REFUSED_FUNCTIONS,
  SSAS_CLIENT_FUNCTIONS,
} from "../../src/mdx/index.ts";

/**
 * Oracle's MDX function list (Essbase 21c, 145 functions) against the engine: each function is implemented and
 * named by a test's title, or refused with its reason; the committed report (bench/results/mdx-coverage.*) is
 * what `npx tsx bench/mdx-coverage.ts --write` writes.
 */
describe("MDX coverage of Oracle's function list", () => {
  const report = mdxCoverage();

  it("lists Oracle's 145 functions once each, with the list's address", () => {
    expect(ORACLE_MDX_FUNCTIONS.length).toBe(145);
    expect(new Set(ORACLE_MDX_FUNCTIONS.map((n) => n.toUpperCase())).size).toBe(145);
    expect(ORACLE_MDX_FUNCTION_LIST_SOURCE.url).toMatch(
      /^https:\/\/docs\.oracle\.com\/.*mdx-function-list\.html$/,
    );
  });

  it("finds every function of the list implemented with a test, or refused with a reason", () => {
    const neither = report.functions.filter(
      (f) => !(f.status === "implemented" && f.tests.length > 0) && !(f.status === "refused" && f.reason),
    );
    expect(neither.map((f) => f.name)).toEqual([]);
    expect(report.implemented + report.refused).toBe(145);
    // A refused function is refused by a test too, and is one of Oracle's.
    for (const f of report.functions.filter((x) => x.status === "refused"))
      expect(f.tests, f.name).not.toEqual([]);
    const oracle = new Set(ORACLE_MDX_FUNCTIONS.map((n) => n.toUpperCase()));
    for (const name of Object.keys(REFUSED_FUNCTIONS)) expect(oracle.has(name), name).toBe(true);
    // An implemented function's engine names are in the table MDX_FUNCTION_NAMES (and so MDSCHEMA_FUNCTIONS) reads.
    const table = new Set([...MDX_FUNCTION_NAMES.functions, ...MDX_FUNCTION_NAMES.methods, "CASE"]);
    for (const f of report.functions)
      for (const n of [...f.functions, ...f.methods]) expect(table.has(n), `${f.name}: ${n}`).toBe(true);
  });

  it("runs every function of Microsoft's dialect that XMLA clients send, each named by a test", () => {
    expect(report.ssas.map((s) => s.name)).toEqual([...SSAS_CLIENT_FUNCTIONS]);
    expect(report.ssas.filter((s) => !s.implemented || s.tests.length === 0).map((s) => s.name)).toEqual([]);
  });

  it("matches the committed report (run `npx tsx bench/mdx-coverage.ts --write` after changing the tables or tests)", () => {
    expect(JSON.parse(readFileSync(RESULTS_JSON, "utf8"))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(readFileSync(RESULTS_MD, "utf8")).toBe(coverageMarkdown(report));
  });
});
