import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Outline } from "../src/outline.ts";
import { outlineSpecFromDocument } from "../src/outline-yaml.ts";
import { CORPUS_PLAN1_DIMENSIONS } from "./vision-plan1.ts";

describe("outline file loader", () => {
  it("reads Vision.Plan1 from the corpus file (shared members, aliases)", () => {
    const text = readFileSync(
      new URL("./fixtures/essbase-oracle/vision-plan1.yaml", import.meta.url),
      "utf8",
    );
    const o = new Outline(outlineSpecFromDocument(parse(text), "Plan1"));
    expect(o.dimensions.map((d) => d.name)).toEqual(CORPUS_PLAN1_DIMENSIONS);
    expect(o.dimension("Period")?.type).toBe("time");
    expect(o.dimension("Account")?.type).toBe("accounts");
    expect(o.member("Current")?.alias("Default")).toBe("SomeCurrent");
    const shared = o.dimension("Entity")?.members.filter((m) => m.isShared) ?? [];
    expect(shared.length).toBeGreaterThan(40);
    expect(shared.find((m) => m.name === "840")?.parent?.name).toBe("800");
    expect(o.member("840")?.parent?.name).toBe("Administrative Director 1");
  });

  it("reads the optional member and dimension properties", () => {
    const spec = outlineSpecFromDocument({
      dimensions: [
        {
          name: "Measures",
          type: "accounts",
          generationNames: { 2: "Top" },
          members: [
            { name: "Sales", udas: ["Key"], twoPass: false },
            {
              name: "COGS",
              consolidation: "-",
              expense: true,
              timeBalance: "last",
              timeBalanceSkip: "missing",
            },
            { name: "Ratio", storage: "dynamic-calc", twoPass: true, formula: "Sales / COGS;" },
          ],
        },
        { name: "Product", density: "sparse", members: [{ name: "P1", attributes: { Size: 12 } }] },
        {
          name: "Size",
          type: "attribute",
          attributeKind: "numeric",
          baseDimension: "Product",
          members: [{ name: "12" }],
        },
      ],
    });
    const o = new Outline(spec);
    const cogs = o.member("COGS");
    expect([cogs?.consolidation, cogs?.expense, cogs?.timeBalance, cogs?.timeBalanceSkip]).toEqual([
      "-",
      true,
      "last",
      "missing",
    ]);
    expect(o.member("Ratio")?.twoPass).toBe(true);
    expect(o.member("Sales")?.udas).toEqual(["Key"]);
    expect(o.member("P1")?.attributes.get("Size")?.name).toBe("12");
    expect(o.dimension("Measures")?.generationByName("Top")).toBe(2);
  });

  it("reads the substitution variables at the root, with their names as spelled", () => {
    const o = new Outline(
      outlineSpecFromDocument({
        substitutionVariables: { CurYear: "FY15", CurMonth: "Jan" },
        dimensions: [{ name: "Year", members: [{ name: "FY15" }] }],
      }),
    );
    expect(o.substitutionVariableNames).toEqual(["CurYear", "CurMonth"]);
    expect(o.substitutionVariable("&curyear")).toBe("FY15");
  });
});
