import { describe, expect, it } from "vitest";
import { sampleBasicScripts } from "../demo/sample-basic.ts";
import { createSampleBasicCube } from "../demo/sample-basic-data.ts";
import { CalcSyntaxError, parseCalcScript } from "../src/calc/parser.ts";
import { runCalcScript } from "../src/calc/script.ts";
import type { Cube } from "../src/cube/cube.ts";
import type { Member } from "../src/outline.ts";
import { accountsOver } from "./support/small-outline.ts";

function reader(cube: Cube) {
  return (...parts: string[]): number | null => {
    const ms = parts.map((p) => {
      const m = cube.outline.member(p);
      if (!m) throw new Error(p);
      return m;
    });
    return cube.read(cube.dims.map((d) => ms.find((m: Member) => m.dimension === d) ?? d.root));
  };
}

const script = (name: string): string => {
  const s = sampleBasicScripts.find((x) => x.name === name);
  if (!s) throw new Error(name);
  return s.text;
};

describe("calc script parser", () => {
  it("parses FIX blocks, assignments, member blocks and SET commands", () => {
    const stmts = parseCalcScript(`
      SET AGGMISSG ON;
      FIX ("New York", @CHILDREN(Qtr1))
        Sales = Sales->Actual * 1.1;
        "Ending Inventory" (
          IF (@ISMBR(Jan)) "Opening Inventory" + Additions - Sales;
          ELSE #MISSING;
          ENDIF
        )
      ENDFIX
      CALC DIM (Year, Market);
      AGG (Product);`);
    expect(stmts.map((s) => s.kind)).toEqual(["set", "fix", "calcDim", "agg"]);
  });

  it("reports syntax errors with line and column", () => {
    expect(() => parseCalcScript("FIX (Budget)\n  Sales = Sales * 2;\n")).toThrow(
      "Syntax error at line 3, column 1: expected ENDFIX, found end of script",
    );
    try {
      parseCalcScript("CALC ALL;\nFIX (Actual)\n  Sales = (Sales * ;\nENDFIX");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CalcSyntaxError);
      expect((e as CalcSyntaxError).line).toBe(3);
      expect((e as CalcSyntaxError).column).toBe(20);
      expect((e as Error).message).toBe(
        "Syntax error at line 3, column 20: expected a value, a member name or a function, found ';'",
      );
    }
    expect(() => parseCalcScript('Sales = "Cola;')).toThrow(
      "Syntax error at line 1, column 9: unterminated quoted name",
    );
    expect(() => parseCalcScript("CALC EVERYTHING;")).toThrow(
      /line 1, column 6: expected ALL, DIM or TWOPASS/,
    );
  });
});

describe("calc scripts on Sample.Basic", () => {
  it("CalcAll recomputes the same totals", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    const res = runCalcScript(cube, script("CalcAll"));
    expect(res.log).toEqual(["SET UPDATECALC OFF", "CALC ALL"]);
    expect(r("Sales", "Actual")).toBe(400855);
    expect(r("Jan", "Sales", "100-10", "East", "Actual")).toBe(109);
  });

  it("BudSeed seeds Budget from Actual (+5% Sales, +3% COGS) and rolls it up", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    const marketingActual = r("Marketing", "Actual");
    runCalcScript(cube, script("BudSeed"));
    expect(r("Jan", "Sales", "100-10", "New York", "Budget")).toBeCloseTo(36 * 1.05, 9);
    expect(r("Jan", "Sales", "100-10", "East", "Budget")).toBeCloseTo(109 * 1.05, 9);
    expect(r("Sales", "Budget")).toBeCloseTo(400855 * 1.05, 6);
    expect(r("COGS", "Budget")).toBeCloseTo(179336 * 1.03, 6);
    expect(r("Marketing", "Budget")).toBe(marketingActual);
    expect(r("Sales", "Variance")).toBeCloseTo(400855 - 400855 * 1.05, 6);
    // Actual is untouched
    expect(r("Sales", "Actual")).toBe(400855);
  });

  it("MktCut cuts Marketing in Major Market states only", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    const ny = r("Marketing", "New York", "Actual") as number;
    const or = r("Marketing", "Oregon", "Actual") as number;
    const top = r("Marketing", "Actual") as number;
    runCalcScript(cube, script("MktCut"));
    expect(r("Marketing", "New York", "Actual")).toBeCloseTo(ny * 0.9, 6);
    expect(r("Marketing", "Oregon", "Actual")).toBe(or);
    const major = [
      "New York",
      "Massachusetts",
      "Florida",
      "California",
      "Texas",
      "Illinois",
      "Ohio",
      "Colorado",
    ];
    const cut = major.reduce((a, s) => a + (r("Marketing", s, "Actual") as number), 0) / 9;
    expect(r("Marketing", "Actual")).toBeCloseTo(top - cut, 6);
  });

  it("ClearBud clears Budget; CLEARDATA has no effect on a Dynamic Calc member", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    runCalcScript(cube, script("ClearBud"));
    expect(r("Sales", "Budget")).toBeNull();
    expect(r("Sales", "Variance")).toBe(400855);
    expect(runCalcScript(cube, "CLEARDATA Variance;").log).toEqual([
      'CLEARDATA has no effect on "Variance" (not stored)',
    ]);
    expect(r("Sales", "Variance")).toBe(400855);
  });

  it("assignments, IF/ELSE, @functions and #Missing arithmetic", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    runCalcScript(
      cube,
      `FIX ("100-10", "New York", Budget)
         Misc (
           IF (@ISMBR(Jan) OR @ISMBR(Feb))
             Misc = 1000;
           ELSEIF (@ISMBR(@CHILDREN(Qtr2)))
             Misc = @ROUND(Sales->Actual / 3, 0);
           ELSE
             Misc = #MISSING + 5;
           ENDIF
         )
       ENDFIX`,
    );
    expect(r("Jan", "Misc", "100-10", "New York", "Budget")).toBe(1000);
    expect(r("Feb", "Misc", "100-10", "New York", "Budget")).toBe(1000);
    expect(r("Apr", "Misc", "100-10", "New York", "Budget")).toBe(
      Math.round((r("Apr", "Sales", "100-10", "New York", "Actual") as number) / 3),
    );
    expect(r("Dec", "Misc", "100-10", "New York", "Budget")).toBe(5);
    expect(r("Qtr1", "Misc", "100-10", "New York", "Budget")).toBe(5); // stale until aggregated, like Essbase
    runCalcScript(cube, 'FIX ("100-10", "New York", Budget) CALC DIM (Year); ENDFIX');
    expect(r("Qtr1", "Misc", "100-10", "New York", "Budget")).toBe(2005);
  });

  it("refuses assignments to Dynamic Calc members, with the statement's position", () => {
    const cube = createSampleBasicCube();
    expect(() => runCalcScript(cube, "FIX (Actual)\n  Profit = 1;\nENDFIX")).toThrow(
      'Cannot assign to "Profit": it is Dynamic Calc (line 2, column 3)',
    );
    expect(() => runCalcScript(cube, "FIX (Actual)\n  Sales = Nothing * 2;\nENDFIX")).toThrow(
      /Unknown member "Nothing"/,
    );
  });

  it("AGG and CALC DIM aggregate only the named dimensions; EXCLUDE skips members", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    runCalcScript(cube, 'FIX (Jan, Sales, Actual, "100-10") "New York" = 1000; ENDFIX');
    expect(r("Jan", "Sales", "100-10", "East", "Actual")).toBe(109);
    runCalcScript(cube, "AGG (Market);");
    expect(r("Jan", "Sales", "100-10", "East", "Actual")).toBe(109 - 36 + 1000);
    expect(r("Jan", "Sales", "100", "East", "Actual")).not.toBe(
      (r("Jan", "Sales", "100-20", "East", "Actual") ?? 0) + 1073,
    );
    runCalcScript(cube, "AGG (Product);");
    const fam = ["100-10", "100-20", "100-30"].reduce(
      (a, p) => a + (r("Jan", "Sales", p, "East", "Actual") ?? 0),
      0,
    );
    expect(r("Jan", "Sales", "100", "East", "Actual")).toBe(fam);
    expect(() => runCalcScript(cube, "AGG (Year);")).toThrow(/sparse dimensions only/);

    runCalcScript(cube, 'EXCLUDE (Actual) FIX ("100-10", "New York", Jan) Sales = 1; ENDFIX ENDEXCLUDE');
    expect(r("Jan", "Sales", "100-10", "New York", "Budget")).toBe(1);
    expect(r("Jan", "Sales", "100-10", "New York", "Actual")).toBe(1000);
  });

  it("DATACOPY copies a member's stored data and uses substitution variables", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    runCalcScript(cube, 'FIX ("100-10") DATACOPY &CurrMonth TO Dec; ENDFIX');
    expect(r("Dec", "Sales", "100-10", "New York", "Actual")).toBe(912);
  });
});

describe("consolidation operators on a small cube", () => {
  it("applies + - * / % in sibling order, skips ~, never consolidates ^ in any dimension", async () => {
    const { Cube } = await import("../src/cube/cube.ts");
    const o = accountsOver(
      "Accounts",
      [
        {
          name: "Total",
          children: [
            { name: "A" },
            { name: "B" },
            { name: "C", consolidation: "-" },
            { name: "D", consolidation: "*" },
            { name: "E", consolidation: "%" },
            { name: "F", consolidation: "/" },
            { name: "G", consolidation: "~" },
          ],
        },
        { name: "Price", consolidation: "^" },
      ],
      "Region",
      ["North", "South"],
    );
    const cube = new Cube(o);
    const vals: Record<string, number> = { A: 10, B: 20, C: 25, D: 40, E: 50, F: 60, G: 1000, Price: 3 };
    for (const [n, v] of Object.entries(vals)) {
      cube.loadByNames([n, "North"], v);
      cube.loadByNames([n, "South"], v);
    }
    cube.calcAll();
    const at = (a: string, r: string) => cube.read([o.member(a) as Member, o.member(r) as Member]);
    // (((10+20)−25)×40)=200, %50 → 400, /60 → 6.67; ~ skipped
    expect(at("Total", "North")).toBeCloseTo(400 / 60, 10);
    expect(at("Total", "Region")).toBeCloseTo((2 * 400) / 60, 10);
    expect(at("Price", "Region")).toBeNull();
    expect(at("A", "Region")).toBe(20);
  });
});

describe("stored member formulas", () => {
  it("CALC ALL calculates stored members with formulas and consolidates their results", async () => {
    const { Cube } = await import("../src/cube/cube.ts");
    const o = accountsOver(
      "Measures",
      [
        { name: "Units" },
        { name: "Price", consolidation: "^" },
        { name: "Revenue", formula: "Units * Price;" },
      ],
      "Region",
      ["North", "South"],
    );
    const cube = new Cube(o);
    cube.loadByNames(["Units", "North"], 10);
    cube.loadByNames(["Price", "North"], 2);
    cube.loadByNames(["Units", "South"], 5);
    cube.loadByNames(["Price", "South"], 4);
    runCalcScript(cube, "CALC ALL;");
    const at = (a: string, r: string) => cube.read([o.member(a) as Member, o.member(r) as Member]);
    expect(at("Revenue", "North")).toBe(20);
    expect(at("Revenue", "South")).toBe(20);
    expect(at("Revenue", "Region")).toBe(40);
    expect(at("Units", "Region")).toBe(15);
    expect(at("Price", "Region")).toBeNull();
  });
});

describe("member sets and functions in calc scripts on Sample.Basic", () => {
  it("FIX on attributes, @UDA, @RELATIVE and @PRIOR", () => {
    const cube = createSampleBasicCube();
    const r = reader(cube);
    // Can = 100-10, 100-20, 300-30, 400-x: mark Jan Misc Budget in New York for them only
    runCalcScript(cube, 'FIX (Can, "New York", Budget, Jan) Misc = 999; ENDFIX');
    expect(r("Jan", "Misc", "100-10", "New York", "Budget")).toBe(999);
    expect(r("Jan", "Misc", "400-30", "New York", "Budget")).toBe(999);
    expect(r("Jan", "Misc", "100-30", "New York", "Budget")).not.toBe(999);
    // @RELATIVE(Market, 0) × @UDA: only major-market states
    runCalcScript(
      cube,
      'FIX (@REMOVE(@RELATIVE(Market, 0), @UDA(Market, "Major Market")), "100-10", Budget, Feb) Misc = 998; ENDFIX',
    );
    expect(r("Feb", "Misc", "100-10", "Oregon", "Budget")).toBe(998);
    expect(r("Feb", "Misc", "100-10", "New York", "Budget")).not.toBe(998);
    // @PRIOR along the months: Budget Sales = prior month's Actual Sales
    runCalcScript(cube, 'FIX ("100-10", "New York", @CHILDREN(Qtr1)) Budget = @PRIOR(Sales->Actual); ENDFIX');
    expect(r("Feb", "Sales", "100-10", "New York", "Budget")).toBe(36);
    expect(r("Mar", "Sales", "100-10", "New York", "Budget")).toBe(32);
    expect(r("Jan", "Sales", "100-10", "New York", "Budget")).toBeNull();
  });
});

describe("@RETURN, @XWRITE and snapshots", () => {
  it("@RETURN ERROR fails the run; WARNING ends it early and reports the message", () => {
    const cube = createSampleBasicCube();
    const read = reader(cube);
    const before = read("Sales", "Jan", "New York", "100-10", "Budget");
    const snap = cube.snapshot();
    expect(() =>
      runCalcScript(
        cube,
        `FIX ("New York", "100-10", Jan)
           Budget = 1;
           Budget ( IF (Sales->Actual > 0) @RETURN("stop here", ERROR); ENDIF )
         ENDFIX`,
      ),
    ).toThrow(/stop here/);
    // The assignment before the failure did change data: undoing it is the caller's snapshot.
    expect(read("Sales", "Jan", "New York", "100-10", "Budget")).toBe(1);
    cube.restore(snap);
    expect(read("Sales", "Jan", "New York", "100-10", "Budget")).toBe(before);
    const warned = runCalcScript(
      cube,
      `FIX ("New York", "100-10", Jan, Sales)
         Budget ( @RETURN("nothing to do", WARNING); )
       ENDFIX
       FIX ("New York", "100-10", Jan, Sales) Budget = 5; ENDFIX`,
    );
    expect(warned.returned).toEqual({ message: "nothing to do", level: "WARNING" });
    expect(read("Sales", "Jan", "New York", "100-10", "Budget")).toBe(before);
  });

  it("@XWRITE writes to another cube by member names; an unknown location alias is an error", () => {
    const source = createSampleBasicCube();
    const target = createSampleBasicCube();
    const run = runCalcScript(
      source,
      `FIX ("New York", "100-10", Jan, Actual)
         Sales ( @XWRITE(Sales * 2, _Copy_, Budget); )
       ENDFIX`,
      { locations: { _Copy_: target } },
    );
    expect(run.remoteCellsWritten).toBe(1);
    expect(reader(target)("Sales", "Jan", "New York", "100-10", "Budget")).toBe(
      (reader(source)("Sales", "Jan", "New York", "100-10", "Actual") as number) * 2,
    );
    // The source is untouched, and the target's totals follow the written cell.
    expect(reader(source)("Sales", "Jan", "New York", "100-10", "Budget")).not.toBe(
      reader(target)("Sales", "Jan", "New York", "100-10", "Budget"),
    );
    expect(() =>
      runCalcScript(
        source,
        `FIX ("New York", "100-10", Jan, Actual) Sales ( @XWRITE(Sales, _Nope_); ) ENDFIX`,
      ),
    ).toThrow(/Unknown location alias _Nope_/);
  });

  it("changesSince lists exactly the stored cells that differ, and setStored replays them", () => {
    const cube = createSampleBasicCube();
    const replica = createSampleBasicCube();
    const snap = cube.snapshot();
    const read = reader(cube);
    cube.write(
      ["Sales", "Jan", "New York", "100-10", "Budget"]
        .map((n) => cube.outline.member(n) as Member)
        .sort((a, b) => cube.dims.indexOf(a.dimension) - cube.dims.indexOf(b.dimension)),
      12345,
    );
    const changes: { coords: number[]; value: number; input: boolean }[] = [];
    cube.changesSince(snap, (coords, value, input) => changes.push({ coords: [...coords], value, input }));
    expect(changes.length).toBeGreaterThan(1); // the cell and the stored totals over it
    expect(changes.filter((c) => c.input)).toHaveLength(1);
    for (const c of changes) replica.setStored(c.coords, c.value, c.input);
    for (const m of ["Jan", "Qtr1", "Year"]) {
      for (const mk of ["New York", "East", "Market"]) {
        expect(reader(replica)("Sales", m, mk, "100-10", "Budget")).toBe(
          read("Sales", m, mk, "100-10", "Budget"),
        );
      }
    }
  });
});
