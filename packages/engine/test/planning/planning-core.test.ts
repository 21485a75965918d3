import { describe, expect, test } from "vitest";
import { Cube } from "../../src/cube/cube.ts";
import { Outline } from "../../src/outline.ts";
import { PlanningApplication } from "../../src/planning/application.ts";
import { ChangeSet, TextStore } from "../../src/planning/changes.ts";
import { planningWriteBlocker } from "../../src/planning/forms.ts";
import { selectAll } from "../../src/planning/selection.ts";

/** A tiny application: Account (Profit = Sales − Costs, Note text, Ratio label only), Period, Scenario. */
function tiny() {
  const outline = new Outline({
    name: "Tiny",
    dimensions: [
      {
        name: "Account",
        type: "accounts",
        members: [
          {
            name: "Profit",
            aliases: { Default: "Net Profit" },
            children: [
              { name: "Sales" },
              { name: "Costs", consolidation: "-" },
              { name: "Note", consolidation: "~" },
            ],
          },
          { name: "Ratios", storage: "label-only", children: [{ name: "Margin" }, { name: "Growth" }] },
        ],
      },
      {
        name: "Period",
        type: "time",
        members: [{ name: "H1", storage: "dynamic-calc", children: [{ name: "Jan" }, { name: "Feb" }] }],
      },
      { name: "Scenario", members: [{ name: "Actual" }, { name: "Budget" }] },
    ],
  });
  const data = new Cube(outline);
  const put = (a: string, p: string, s: string, v: number) => data.loadByNames([a, p, s], v);
  put("Sales", "Jan", "Actual", 100);
  put("Costs", "Jan", "Actual", 30);
  put("Sales", "Feb", "Actual", 120);
  put("Margin", "Jan", "Actual", 0.7);
  data.calcAll();
  const app = new PlanningApplication({
    name: "Tiny",
    planTypes: [{ name: "Main", data, textMembers: ["Note"] }],
    forms: [
      {
        type: "regular",
        name: "Grid",
        folder: "/Forms",
        cube: "Main",
        description: "",
        pov: { Scenario: "Actual" },
        rows: {
          dimensions: ["Account"],
          segments: [
            { members: { Account: ["IChildren(Profit)"] } },
            { members: { Account: ["Growth"] }, hidden: true },
            { members: { Account: ["Ratios"] } },
          ],
        },
        columns: { dimensions: ["Period"], segments: [{ members: { Period: ["IDescendants(H1)"] } }] },
        memberDisplay: "name",
        suppressMissingColumns: true,
      },
    ],
    rules: [],
    taskLists: [],
  });
  return { outline, data, app };
}

describe("plan type cube", () => {
  test("consolidates with operators, skips ~, label only shows its first child; planners enter level 0 only", () => {
    const { outline, data } = tiny();
    const t = (...names: string[]) =>
      names.map((n) => outline.member(n) as NonNullable<ReturnType<Outline["member"]>>);
    expect(data.read(t("Profit", "Jan", "Actual"))).toBe(70);
    expect(data.read(t("Profit", "H1", "Actual"))).toBe(190);
    expect(data.read(t("Ratios", "Jan", "Actual"))).toBe(0.7);
    expect(data.read(t("Profit", "Jan", "Budget"))).toBeNull();
    expect(planningWriteBlocker(data, t("Profit", "Jan", "Actual"))).toMatch(/upper-level/);
    expect(planningWriteBlocker(data, t("Sales", "H1", "Actual"))).toMatch(/Dynamic Calc/);
    expect(planningWriteBlocker(data, t("Ratios", "Jan", "Actual"))).toMatch(/label only/);
    expect(planningWriteBlocker(data, t("Sales", "Jan", "Budget"))).toBeNull();
  });
});

describe("selections", () => {
  test("functions expand in outline order, I-functions include the member", () => {
    const { outline } = tiny();
    const names = (...s: string[]) => selectAll(outline, s).map((m) => m.name);
    expect(names("IChildren(Profit)")).toEqual(["Profit", "Sales", "Costs", "Note"]);
    expect(names("Children(Profit)", "Profit")).toEqual(["Sales", "Costs", "Note", "Profit"]);
    expect(names("Lvl0Descendants(Account)")).toEqual(["Sales", "Costs", "Note", "Margin", "Growth"]);
    expect(names("IAncestors(Jan)")).toEqual(["Jan", "H1", "Period"]);
    expect(names("Siblings(Costs)")).toEqual(["Sales", "Note"]);
    expect(names("Parent(Jan)", "Jan")).toEqual(["H1", "Jan"]);
  });
});

describe("forms", () => {
  test("hidden segments, member names, column suppression, label-only rows", () => {
    const { app } = tiny();
    const f = app.openForm({ formName: "Grid" });
    // Feb has data (Sales 120) so no column is suppressed; Growth is hidden.
    expect(f.grid).toEqual([
      ["", "H1", "Jan", "Feb"],
      ["Profit", "190", "70", "120"],
      ["Sales", "220", "100", "120"],
      ["Costs", "30", "30", "#Missing"],
      ["Note", "#Missing", "#Missing", "#Missing"],
      ["Ratios", "0.7", "0.7", "#Missing"],
    ]);
    expect(f.cellStates[4]).toEqual(["member", "read-only", "text", "text"]);
    // Label only: read-only, even where it has no value (Feb).
    expect(f.cellKinds[5]).toEqual(["row-header", "read-only", "read-only", "read-only"]);
  });

  test("a text cell and a number cleared in one submit", () => {
    const { app } = tiny();
    const f = app.openForm({ formName: "Grid" });
    const grid = f.grid.map((r) => [...r]);
    (grid[4] as string[])[2] = "Jan note";
    (grid[3] as string[])[2] = "#Missing";
    (grid[2] as string[])[3] = ""; // an empty cell is not an edit
    const res = app.submitForm({ formName: "Grid", grid, codes: f.codes });
    // The cleared cell and the stored total over it (Profit), then the text.
    expect(res.changes).toEqual(
      expect.arrayContaining([
        { cube: "Main", members: ["Profit", "Jan", "Actual"], value: 100, stored: true, input: false },
        { cube: "Main", members: ["Costs", "Jan", "Actual"], value: null, stored: true, input: false },
        { cube: "Main", members: ["Note", "Jan", "Actual"], value: null, text: "Jan note" },
      ]),
    );
    // Besides, only the stored totals over Jan Costs changed (the Account and Scenario roots).
    expect(res.changes).toHaveLength(7);
    expect(res.changes.every((c) => c.members[1] === "Jan")).toBe(true);
    expect(res.grid[1]).toEqual(["Profit", "220", "100", "120"]);
    expect(res.grid[4]?.[2]).toBe("Jan note");
  });
});

describe("ChangeSet", () => {
  test("rollback restores values and texts; writes list each cell once with its final value", () => {
    const { outline, data } = tiny();
    const texts = new TextStore();
    const store = { name: "Main", data, texts };
    const t = ["Sales", "Jan", "Actual"].map(
      (n) => outline.member(n) as NonNullable<ReturnType<Outline["member"]>>,
    );
    const changes = new ChangeSet();
    expect(changes.writeValue(store, t, 100)).toBe(false);
    changes.writeValue(store, t, 1);
    changes.writeValue(store, t, 2);
    changes.writeText(store, t, "x");
    expect(changes.writes()).toEqual(
      expect.arrayContaining([
        { cube: "Main", members: ["Profit", "Jan", "Actual"], value: -28, stored: true, input: false },
        { cube: "Main", members: ["Sales", "Jan", "Actual"], value: 2, stored: true, input: true },
        { cube: "Main", members: ["Sales", "Jan", "Actual"], value: null, text: "x" },
      ]),
    );
    expect(changes.writes().filter((c) => c.members.join() === "Sales,Jan,Actual")).toHaveLength(2);
    // Replayed on a fresh copy, the journal gives the same state.
    const replica = tiny();
    replica.app.applyCellWrites(changes.writes());
    expect(
      replica.data.read(
        ["Sales", "Jan", "Actual"].map(
          (n) => replica.outline.member(n) as NonNullable<ReturnType<Outline["member"]>>,
        ),
      ),
    ).toBe(2);
    expect(replica.app.readText("Main", ["Sales", "Jan", "Actual"])).toBe("x");
    changes.rollback();
    expect(data.read(t)).toBe(100);
    expect(
      data.read(
        ["Profit", "Jan", "Actual"].map(
          (n) => outline.member(n) as NonNullable<ReturnType<Outline["member"]>>,
        ),
      ),
    ).toBe(70);
    expect(texts.get(t)).toBeNull();
    expect(changes.writes()).toEqual([]);
  });
});
