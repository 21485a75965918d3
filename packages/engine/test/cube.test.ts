import { describe, expect, it } from "vitest";
import { arith } from "../src/calc/eval.ts";
import { runCalcScript } from "../src/calc/script.ts";
import { Cube } from "../src/cube/cube.ts";
import { type Member, Outline, type TimeBalance, type TimeBalanceSkip } from "../src/outline.ts";

const M = Number.NaN;

describe("#Missing arithmetic", () => {
  it("follows X+#M=X, #M−X=−X, X×#M=#M, X/0=#M", () => {
    expect(arith("+", 5, M)).toBe(5);
    expect(arith("-", 5, M)).toBe(5);
    expect(arith("-", M, 5)).toBe(-5);
    expect(arith("*", 5, M)).toBeNaN();
    expect(arith("/", 5, M)).toBeNaN();
    expect(arith("/", M, 5)).toBeNaN();
    expect(arith("/", 5, 0)).toBeNaN();
    expect(arith("%", M, 5)).toBeNaN();
    expect(arith("==", M, 0)).toBe(1);
    expect(arith("<", M, 1)).toBe(1);
  });
});

function timeCube(tb: TimeBalance, skip: TimeBalanceSkip, stored: boolean) {
  const o = new Outline({
    dimensions: [
      {
        name: "Year",
        type: "time",
        density: "dense",
        members: [
          {
            name: "Qtr1",
            storage: stored ? "store" : "dynamic-calc",
            children: [{ name: "Jan" }, { name: "Feb" }, { name: "Mar" }],
          },
        ],
      },
      {
        name: "Measures",
        type: "accounts",
        density: "dense",
        members: [{ name: "Stock", timeBalance: tb, timeBalanceSkip: skip }],
      },
      { name: "Market", density: "sparse", members: [{ name: "East" }] },
    ],
  });
  const cube = new Cube(o);
  const put = (mo: string, v: number | null) => cube.loadByNames([mo, "Stock", "East"], v);
  return {
    o,
    cube,
    put,
    q1: () => cube.read([o.member("Qtr1"), o.member("Stock"), o.member("East")] as Member[]),
  };
}

describe("time balance", () => {
  for (const stored of [true, false]) {
    it(`First, Last, Average with skip options (${stored ? "stored" : "dynamic"} quarter)`, () => {
      let c = timeCube("last", "missing", stored);
      c.put("Jan", 60);
      c.put("Feb", 70);
      c.cube.calcAll();
      expect(c.q1()).toBe(70); // Last + Skip Missing: Jan 60, Feb 70, Mar #MI → 70
      c = timeCube("last", "none", stored);
      c.put("Jan", 60);
      c.put("Feb", 70);
      c.cube.calcAll();
      expect(c.q1()).toBeNull();
      c = timeCube("first", "zeros", stored);
      c.put("Jan", 0);
      c.put("Feb", 5);
      c.put("Mar", 7);
      c.cube.calcAll();
      expect(c.q1()).toBe(5);
      c = timeCube("average", "missing", stored);
      c.put("Jan", 10);
      c.put("Mar", 20);
      c.cube.calcAll();
      expect(c.q1()).toBe(15);
    });
  }
});

describe("AGGMISSG", () => {
  const build = () => {
    const o = new Outline({
      dimensions: [
        { name: "Measures", type: "accounts", density: "dense", members: [{ name: "Sales" }] },
        {
          name: "Market",
          density: "sparse",
          members: [{ name: "East", children: [{ name: "NY" }, { name: "MA" }] }],
        },
      ],
    });
    const cube = new Cube(o);
    cube.loadByNames(["Sales", "East"], 500); // loaded at the parent, children #Missing
    return { o, cube, east: () => cube.read([o.member("Sales"), o.member("East")] as Member[]) };
  };

  it("OFF (default) keeps a value loaded at a parent whose children are all #Missing", () => {
    const { cube, east } = build();
    cube.calcAll();
    expect(east()).toBe(500);
  });

  it("ON lets all-#Missing children overwrite the parent", () => {
    const { cube, east } = build();
    runCalcScript(cube, "SET AGGMISSG ON;\nCALC ALL;");
    expect(east()).toBeNull();
    expect(cube.aggMissing).toBe(false);
  });

  it("children with data overwrite the parent on the next read after a write", () => {
    const { o, cube, east } = build();
    cube.write([o.member("Sales"), o.member("NY")] as Member[], 7);
    expect(east()).toBe(7);
  });
});
