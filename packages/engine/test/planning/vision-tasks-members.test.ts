import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { MemoryTaskStatusStore } from "../../src/planning/tasks.ts";
import { planError } from "../vision-plan1.ts";

describe("task lists", () => {
  test("Budget Preparation lists its tasks in order, as the API example shows", () => {
    const app = createVisionPlanning();
    const { taskLists } = app.listTaskLists();
    expect(taskLists[0]).toEqual({
      taskListID: "TL_BUDGET",
      name: "Budget Preparation",
      tasks: [
        {
          taskID: "T_ENTER_REVENUE",
          name: "Enter the revenue plan",
          type: "form",
          target: "/Forms/Revenue/Revenue Plan",
          dueDate: "2026-12-15",
          complete: false,
          completedAt: null,
        },
        {
          taskID: "T_COPY_VERSION",
          name: "Copy Working to What If",
          type: "businessRule",
          target: "CopyVersion",
          dueDate: "2026-12-18",
          complete: false,
          completedAt: null,
        },
        {
          taskID: "T_REVIEW",
          name: "Review revenue",
          type: "form",
          target: "/Forms/Revenue/Revenue Review",
          dueDate: null,
          complete: false,
          completedAt: null,
        },
      ],
    });
    expect(taskLists[1]?.tasks.map((t) => t.type)).toEqual(["form", "businessRule", "url"]);
  });

  test("task status round-trips per user", () => {
    const app = createVisionPlanning();
    const alice = new MemoryTaskStatusStore();
    const bob = new MemoryTaskStatusStore();
    const now = new Date("2026-11-21T09:31:27.456Z");
    const done = app.setTaskStatus(
      { taskListID: "TL_BUDGET", taskID: "T_ENTER_REVENUE", complete: true },
      undefined,
      now,
    );
    expect(done).toEqual({
      taskListID: "TL_BUDGET",
      taskID: "T_ENTER_REVENUE",
      complete: true,
      completedAt: "2026-11-21T09:31:27Z",
    });
    alice.set(done);
    const task = (s: MemoryTaskStatusStore) => app.listTaskLists(s.all()).taskLists[0]?.tasks[0];
    expect(task(alice)).toMatchObject({ complete: true, completedAt: "2026-11-21T09:31:27Z" });
    expect(task(bob)).toMatchObject({ complete: false, completedAt: null });
    // Setting the same status again changes nothing.
    const again = app.setTaskStatus(
      { taskListID: "TL_BUDGET", taskID: "T_ENTER_REVENUE", complete: true },
      alice.get("TL_BUDGET", "T_ENTER_REVENUE"),
      new Date("2026-11-22T10:00:00Z"),
    );
    expect(again.completedAt).toBe("2026-11-21T09:31:27Z");
    const undone = app.setTaskStatus(
      { taskListID: "TL_BUDGET", taskID: "T_ENTER_REVENUE", complete: false },
      again,
      now,
    );
    alice.set(undone);
    expect(task(alice)).toMatchObject({ complete: false, completedAt: null });
  });

  test("unknown task list or task", () => {
    const app = createVisionPlanning();
    expect(
      planError(() =>
        app.setTaskStatus({ taskListID: "TL_X", taskID: "T_REVIEW", complete: true }, undefined),
      ).code,
    ).toBe("PLANNING_TASKLIST_UNKNOWN");
    const e = planError(() =>
      app.setTaskStatus({ taskListID: "TL_BUDGET", taskID: "T_X", complete: true }, undefined),
    );
    expect(e.code).toBe("PLANNING_TASK_UNKNOWN");
  });
});

describe("alias tables", () => {
  test("listAliasTables marks the session's table; setAlias checks the name", () => {
    const app = createVisionPlanning();
    expect(app.listAliasTables()).toEqual({
      aliasTables: [{ aliasId: "Default", name: "Default", active: true }],
    });
    expect(app.setAlias("default")).toEqual({ aliasId: "Default", name: "Default", active: true });
    expect(planError(() => app.setAlias("French")).code).toBe("PLANNING_ALIAS_TABLE_UNKNOWN");
  });

  test("forms show member names when the session has no alias table", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ formName: "Revenue Plan" }, { aliasTable: "none" });
    expect(f.grid.map((r) => r[0])).toEqual(["", "Hardware Sales", "Software Sales", "Total Revenue"]);
    // "none" falls back to Default (Planning always has an active table).
  });
});

describe("member filters", () => {
  test("enumFilters lists the ten filters", () => {
    const app = createVisionPlanning();
    expect(app.enumFilters("Period", "Default")).toEqual({
      dimension: "Period",
      filters: [
        { name: "Hierarchy", needsMember: false },
        { name: "Substitution", needsMember: false },
        { name: "Descendants", needsMember: true },
        { name: "Children", needsMember: true },
        { name: "Children Inclusive", needsMember: true },
        { name: "Siblings", needsMember: true },
        { name: "Siblings Inclusive", needsMember: true },
        { name: "Parents", needsMember: true },
        { name: "Ancestors Inclusive", needsMember: true },
        { name: "Level 0 Descendants", needsMember: true },
      ],
    });
    expect(planError(() => app.enumFilters("Market")).code).toBe("PLANNING_DIMENSION_UNKNOWN");
  });

  test("each filter answers its members in outline order", () => {
    const app = createVisionPlanning();
    const names = (filter: string, arg: string | null, dim = "Period") =>
      app.enumMembers({ cube: "Plan1", dim, filter, arg, aliastable: "Default" }).members.map((m) => m.name);
    expect(
      app.enumMembers({ cube: "Plan1", aliastable: "Default", dim: "Period", filter: "Children", arg: "Q1" }),
    ).toEqual({
      dimension: "Period",
      filter: "Children",
      arg: "Q1",
      members: [
        { name: "Jan", alias: null, generation: 4, level: 0 },
        { name: "Feb", alias: null, generation: 4, level: 0 },
        { name: "Mar", alias: null, generation: 4, level: 0 },
      ],
    });
    expect(names("Children Inclusive", "Q2")).toEqual(["Q2", "Apr", "May", "Jun"]);
    expect(names("Descendants", "YearTotal").slice(0, 5)).toEqual(["Q1", "Jan", "Feb", "Mar", "Q2"]);
    expect(names("Level 0 Descendants", "YearTotal")).toHaveLength(12);
    expect(names("Siblings", "Q3")).toEqual(["Q1", "Q2", "Q4"]);
    expect(names("Siblings Inclusive", "Q3")).toEqual(["Q1", "Q2", "Q3", "Q4"]);
    expect(names("Parents", "Feb")).toEqual(["Q1"]);
    expect(names("Ancestors Inclusive", "Feb")).toEqual(["Period", "YearTotal", "Q1", "Feb"]);
    expect(names("Hierarchy", null, "HSP_View")).toEqual([
      "HSP_View",
      "BaseData",
      "SandboxData",
      "ConsolidatedData",
    ]);
    // 410 is stored under Sales Director 2 and shared under 403 (Total Entity rollup).
    expect(names("Parents", "410", "Entity")).toEqual(["Sales Director 2", "403"]);
    expect(app.enumMembers({ dim: "Year", filter: "Substitution" }).members).toEqual([
      { name: "&CurYr", alias: null, generation: null, level: null },
      { name: "&PriorYr", alias: null, generation: null, level: null },
    ]);
    const aliases = app
      .enumMembers({ dim: "Account", filter: "Children", arg: "4100" })
      .members.map((m) => m.alias);
    expect(aliases).toEqual(["Hardware Sales", "Software Sales"]);
  });

  test("bad filter, missing arg, member of another dimension", () => {
    const app = createVisionPlanning();
    expect(planError(() => app.enumMembers({ dim: "Period", filter: "Cousins", arg: "Q1" })).code).toBe(
      "PLANNING_FILTER_UNKNOWN",
    );
    expect(planError(() => app.enumMembers({ dim: "Period", filter: "Children", arg: null })).code).toBe(
      "PLANNING_REQUEST_INVALID",
    );
    expect(planError(() => app.enumMembers({ dim: "Period", filter: "Children", arg: "410" })).code).toBe(
      "PLANNING_MEMBER_UNKNOWN",
    );
  });
});
