import {
  applicationList,
  DATA_STORAGE,
  dataManagementApplication,
  dataManagementErrorBody,
  dataSliceAnswer,
  exportDataSliceRequest,
  type FormDefinition,
  formDataQuery,
  importDataSliceAnswer,
  importDataSliceRequest,
  JOB_RUNNING,
  JOB_STATUS,
  jobStatusAnswer,
  jobTypeQuery,
  listsVersion,
  type MemberStorage,
  PLANNING_PATHS,
  PlanningAnswerError,
  PlanningRequestError,
  planningErrorBody,
  planningPath,
  planningRestRoot,
  planTypeList,
  readApplicationNames,
  readBusinessRules,
  readDataManagementDimensions,
  readDataManagementPlans,
  readDataSliceAnswer,
  readDataStorage,
  readDimensionNames,
  readExportDataSliceRequest,
  readImportDataSliceRequest,
  readJobId,
  readJobNames,
  readJobParameters,
  readJobTypeQuery,
  readNamedSegment,
  readPlanTypeNames,
  readRejectedCells,
  type SliceDefinition,
  type SliceImport,
  versionInfo,
} from "@qibates/protocols/planning-rest";
import { describe, expect, it } from "vitest";

/** What crosses the wire: the JSON text of a value, read back. */
const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe("Planning REST paths", () => {
  it("fills a resource's parameters URI-encoded, with a query when given", () => {
    expect(
      planningPath(PLANNING_PATHS.member, { app: "Vision", dim: "Entity", member: "Total Entity" }),
    ).toBe("/applications/Vision/dimensions/Entity/members/Total%20Entity");
    expect(planningPath(PLANNING_PATHS.job, { app: "Vision", id: 7 })).toBe("/applications/Vision/jobs/7");
    expect(planningPath(PLANNING_PATHS.jobDefinitions, { app: "Vision" }, jobTypeQuery("RULES"))).toBe(
      "/applications/Vision/jobdefinitions?q=%7B%22jobType%22%3A%22RULES%22%7D",
    );
    expect(() => planningPath(PLANNING_PATHS.planTypes, {})).toThrow(/:app/);
  });

  it("derives the REST root from a Smart View provider address", () => {
    expect(planningRestRoot("https://epm.example.com:443/HyperionPlanning/SmartView/")).toBe(
      "https://epm.example.com/HyperionPlanning/rest",
    );
  });
});

describe("Planning REST discovery and lists", () => {
  it("reads back the version it lists, and no other", () => {
    const list = wire({ items: [versionInfo("v3", [])], links: [] });
    expect(listsVersion(list)).toBe(true);
    expect(listsVersion(list, "v2")).toBe(false);
    expect(listsVersion({ items: "v3" })).toBe(false);
  });

  it("reads back the application names it writes; a list without items is null", () => {
    expect(readApplicationNames(wire(applicationList(["Vision", "Sample"])))).toEqual(["Vision", "Sample"]);
    expect(readApplicationNames({ type: "HP" })).toBeNull();
  });

  it("numbers plan types from 1 and writes Data Management's six validity flags", () => {
    expect(planTypeList(["Plan1", "Plan2"], []).items.map((p) => [p.planTypeName, p.planType])).toEqual([
      ["Plan1", 1],
      ["Plan2", 2],
    ]);
    const dm = dataManagementApplication("Vision", [
      { name: "Plan1", dimensions: ["Account", "Entity"] },
      { name: "Plan2", dimensions: ["Account", "Product"] },
    ]);
    expect(readPlanTypeNames(wire(planTypeList(["Plan1", "Plan2"], [])))).toEqual(["Plan1", "Plan2"]);
    const read = wire(dm) as Record<string, unknown>;
    expect(readDataManagementPlans(read)).toEqual(["Plan1", "Plan2"]);
    expect(readDataManagementDimensions(read, "plan2")).toEqual(["Account", "Product"]);
    expect(readDataManagementDimensions(read, "Plan3")).toBeNull();
    expect(
      readDimensionNames({
        items: [{ name: "Account" }, { name: "Market Size", dimType: "Attribute Dimension" }],
      }),
    ).toEqual(["Account"]);
    expect(readDimensionNames({})).toBeNull();
    expect(dm.plan1Name).toBe("Plan1");
    expect(dm.plan2Name).toBe("Plan2");
    expect(dm.appDimensions).toEqual([
      {
        dimensionName: "Account",
        validForPlan1: 1,
        validForPlan2: 1,
        validForPlan3: 0,
        validForPlan4: 0,
        validForPlan5: 0,
        validForPlan6: 0,
      },
      {
        dimensionName: "Entity",
        validForPlan1: 1,
        validForPlan2: 0,
        validForPlan3: 0,
        validForPlan4: 0,
        validForPlan5: 0,
        validForPlan6: 0,
      },
      {
        dimensionName: "Product",
        validForPlan1: 0,
        validForPlan2: 1,
        validForPlan3: 0,
        validForPlan4: 0,
        validForPlan5: 0,
        validForPlan6: 0,
      },
    ]);
  });
});

describe("Planning REST jobs", () => {
  it("reads back the job type a client filters definitions on", () => {
    const q = decodeURIComponent(jobTypeQuery("Rules").slice("q=".length));
    expect(readJobTypeQuery(q)).toBe("RULES");
    expect(readJobTypeQuery(undefined)).toBeNull();
    expect(() => readJobTypeQuery("{")).toThrow(PlanningRequestError);
    expect(
      readJobNames(
        wire({
          items: [
            { jobType: "RULES", jobName: "Agg" },
            { jobType: "RULESET", jobName: "All" },
          ],
        }),
        "RULES",
      ),
    ).toEqual(["Agg"]);
    expect(readJobNames({}, "RULES")).toBeNull();
  });

  it("reads the id and status of the job record it writes, in either spelling of the id", () => {
    const answer = wire(
      jobStatusAnswer({ jobId: 12, jobName: "Agg", status: JOB_STATUS.inProgress, details: null }, []),
    );
    expect(answer).toMatchObject({ jobId: 12, status: -1, descriptiveStatus: "In Progress", details: null });
    expect(readJobId(answer as object)).toBe(12);
    expect(readJobId({ jobID: 5 })).toBe(5);
    expect(readJobId({})).toBeNull();
    expect([...JOB_RUNNING].sort()).toEqual([JOB_STATUS.inProgress, JOB_STATUS.cancelPending].sort());
    expect(jobStatusAnswer({ jobId: 1, jobName: "x", status: 3, details: null }, []).descriptiveStatus).toBe(
      "Unknown",
    );
  });

  it("reads a job's parameters as strings and refuses other values", () => {
    expect(readJobParameters(wire({ Scenario: "Plan", Year: 2026, Flag: true }))).toEqual({
      Scenario: "Plan",
      Year: "2026",
      Flag: "true",
    });
    expect(readJobParameters(undefined)).toEqual({});
    expect(() => readJobParameters([])).toThrow("parameters must be an object.");
    expect(() => readJobParameters({ a: {} })).toThrow("Parameter a must be a string.");
  });
});

describe("Planning REST members", () => {
  it("reads back every data storage it writes, Oracle's spelling too, stored when unknown", () => {
    for (const storage of Object.keys(DATA_STORAGE) as MemberStorage[]) {
      expect(readDataStorage(DATA_STORAGE[storage])).toBe(storage);
    }
    expect(readDataStorage("STOREDATA")).toBe("store");
    expect(readDataStorage("DYNAMIC_CALC")).toBe("dynamic-calc");
    expect(readDataStorage(undefined)).toBe("store");
  });
});

describe("Planning REST data slices", () => {
  const definition: SliceDefinition = {
    pov: { dimensions: ["Year", "Scenario"], members: [["FY15"], ["Plan"]] },
    columns: [{ members: [["Jan", "Feb"]] }],
    rows: [{ dimensions: ["Account"], members: [["4110"]] }],
    suppressMissingBlocks: false,
    suppressMissingRows: true,
    suppressMissingColumns: false,
  };

  it("reads back the export request it writes", () => {
    expect(readExportDataSliceRequest(wire(exportDataSliceRequest(definition)))).toEqual(definition);
    expect(exportDataSliceRequest({ ...definition, pov: null }).gridDefinition.pov).toEqual({ members: [] });
    expect(() => readExportDataSliceRequest({})).toThrow("gridDefinition is required.");
  });

  it("reads the flags beside gridDefinition too", () => {
    const body = wire(exportDataSliceRequest(definition)) as Record<string, Record<string, unknown>>;
    delete body.gridDefinition?.suppressMissingColumns;
    expect(readExportDataSliceRequest({ ...body, suppressMissingColumns: true }).suppressMissingColumns).toBe(
      true,
    );
  });

  it("reads back the answer it writes: numbers as numbers, missing as null, text as text", () => {
    const grid = {
      pov: ["FY15", "Plan"],
      columns: [["Jan", "Feb", "Mar"]],
      rows: [{ headers: ["4110"], data: [12000, null, "Approved"] }],
    };
    const answer = wire(dataSliceAnswer(grid));
    expect(answer).toEqual({ ...grid, rows: [{ headers: ["4110"], data: ["12000", "", "Approved"] }] });
    expect(readDataSliceAnswer(answer)).toEqual(grid);
    expect(() => readDataSliceAnswer({ rows: [] })).toThrow(PlanningAnswerError);
  });

  it("reads back the import request it writes", () => {
    const sent: SliceImport = {
      grid: {
        pov: ["FY15", "Plan"],
        columns: [["Jan"]],
        rows: [{ headers: ["4110"], data: ["12", null, 3] }],
      },
      aggregateEssbaseData: false,
      includeRejectedCells: true,
      includeDetails: true,
    };
    expect(readImportDataSliceRequest(wire(importDataSliceRequest(sent)))).toEqual(sent);
    expect(readImportDataSliceRequest({ dataGrid: { columns: [["Jan"]], rows: [] } })).toMatchObject({
      includeRejectedCells: true,
      includeDetails: false,
    });
    expect(() => readImportDataSliceRequest({})).toThrow("dataGrid is required.");
  });

  it("writes both spellings of the updated count and reads back the rejected cells", () => {
    const rejected = [{ memberNames: ["Jan", "4110"], readOnlyReasons: ["upper level"], otherReasons: [] }];
    const answer = wire(
      importDataSliceAnswer(
        { numAcceptedCells: 2, numUpdateCells: 2, numRejectedCells: 1, rejectedCells: rejected },
        { includeRejectedCells: true, includeDetails: true },
      ),
    );
    expect(answer).toMatchObject({ numUpdateCells: 2, numUpdatedCells: 2, rejectedCells: ["[Jan, 4110]"] });
    expect(readRejectedCells(answer)).toEqual(rejected);
    const bare = importDataSliceAnswer(
      { numAcceptedCells: 0, numUpdateCells: 0, numRejectedCells: 1, rejectedCells: rejected },
      { includeRejectedCells: false, includeDetails: false },
    );
    expect(bare).not.toHaveProperty("rejectedCells");
    expect(readRejectedCells(bare)).toEqual([]);
  });
});

describe("Planning REST forms", () => {
  it("asks Export Form Data for the fields and page members wanted", () => {
    expect(formDataQuery({ fields: ["gridInfo", "pov"], displayMemberAs: "MEMBER_NAME" })).toBe(
      "fields=gridInfo,pov&displayMemberAs=MEMBER_NAME",
    );
    expect(formDataQuery({ displayMemberAs: "MEMBER_NAME", pageMembers: ["E01", "Total Product"] })).toBe(
      "displayMemberAs=MEMBER_NAME&pageMbrList=E01%2CTotal%20Product",
    );
  });

  it("reads back the grid segments and rules on save of the (inferred) definition it writes", () => {
    const definition: FormDefinition = {
      name: "Plan Revenue",
      id: "0",
      folder: "/Forms/Revenue",
      description: "",
      instructions: "",
      hidden: false,
      businessRules: ["Aggregate"],
      smartPushes: [],
      customMenus: [],
      gridDefinition: {
        pov: { dimensions: ["Year"], members: [["FY15"]] },
        page: { dimensions: [], members: [] },
        columns: [{ dimensions: ["Period"], members: [["Jan"]] }],
        rows: [{ dimensions: ["Account"], members: [["4110"]] }],
      },
    };
    const read = wire(definition) as FormDefinition;
    expect(readNamedSegment(read.gridDefinition.pov)).toEqual(definition.gridDefinition.pov);
    expect(read.gridDefinition.columns.map(readNamedSegment)).toEqual(definition.gridDefinition.columns);
    expect(readNamedSegment({ dimensions: ["Year"], members: [] })).toBeNull();
    expect(readBusinessRules(read)).toEqual(["Aggregate"]);
    expect(readBusinessRules({ businessRules: [{ name: "Agg" }, 3] })).toEqual(["Agg"]);
  });
});

describe("Planning REST error bodies", () => {
  it("writes the message in every field a client reads", () => {
    expect(wire(planningErrorBody(400, "No."))).toEqual({
      status: 400,
      detail: "No.",
      message: "No.",
      localizedMessage: "No.",
    });
    expect(dataManagementErrorBody("No.")).toEqual({ status: 1, details: "No." });
  });
});
