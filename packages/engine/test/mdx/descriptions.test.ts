import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { executeMdx, MDX_FUNCTION_DESCRIPTIONS, MDX_FUNCTION_NAMES } from "../../src/mdx/index.ts";

/**
 * The description of every function and method of the engine's tables (what MDSCHEMA_FUNCTIONS lists): each name
 * has one, and each example runs on Sample.Basic and uses its function. A value function's example is a filter
 * that keeps [East] when the value is the expected one, so it checks the value too.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

describe("MDX function descriptions", () => {
  it("every name of the tables has a description, and no description names a function the tables lack", () => {
    const names = new Set([...MDX_FUNCTION_NAMES.functions, ...MDX_FUNCTION_NAMES.methods]);
    expect([...names].filter((n) => !MDX_FUNCTION_DESCRIPTIONS[n])).toEqual([]);
    expect(Object.keys(MDX_FUNCTION_DESCRIPTIONS).filter((n) => !names.has(n))).toEqual([]);
  });

  it("every example runs on Sample.Basic, uses its function and answers a set (empty only for a time series the outline lacks)", () => {
    for (const [name, d] of Object.entries(MDX_FUNCTION_DESCRIPTIONS)) {
      expect(d.example.toUpperCase(), name).toContain(name);
      expect(d.description, name).toMatch(/^[A-Z].*\.$/);
      const r = executeMdx(cube, `SELECT ${d.example} ON COLUMNS FROM Basic`);
      const enabled = !["YTD", "PTD", "STD", "MTD", "WTD", "DTD"].includes(name);
      if (enabled) expect(r.axes[0]?.tuples.length, `${name}: ${d.example}`).toBeGreaterThan(0);
    }
  });
});
