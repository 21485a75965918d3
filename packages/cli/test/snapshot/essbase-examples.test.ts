import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../../server/test/support/api.ts";
import {
  contractExampleCases,
  ESSBASE_EXAMPLE_LOGIN,
} from "../../../server/test/support/contract-examples.ts";
import type { ReplayConnector } from "../../src/answer-key.ts";
import { expectDifferences } from "../support/differences.ts";
import { COPIES, sharedSampleSnapshots } from "../support/essbase-snapshots.ts";

/**
 * Your own cube, offline, for Essbase: Sample.Basic copied through `essbase-stndln` (Essbase REST),
 * `ssas` (XMLA) and `essbase` (Smart View) from the local wire endpoints, each copy served by the API server
 * (`QIBATES_SNAPSHOTS`, demo on) under its own name. Every documented example of the Essbase-family operations
 * that names an application (metadata, member queries, variables, scripts, alias tables, ad hoc grids, MDX,
 * calculation, save) is sent with that connector at the demo provider address, once against Sample and once
 * against the connector's copy, and answers the same (the copy's name put back as Sample's), except what the
 * connector's protocol cannot carry: DIFFERENCES, each tied to a line of the copy's manifest (`notCarried`).
 */

const root = mkdtempSync(join(tmpdir(), "qibates-essbase-examples-"));
let api: TestApi;

beforeAll(async () => {
  await sharedSampleSnapshots(root);
  api = await startTestApi({ QIBATES_SNAPSHOTS: root, RATE_LIMIT_PER_MINUTE: "1000000" });
}, 300_000);

afterAll(async () => {
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/**
 * The documented examples of the Essbase-family operations that name Sample (so not the key, session and
 * server-wide calls, nor Planning's), read-only calls first, then the changes (calculation, save), as
 * `contractExampleCases` orders them. The original and the copy are different applications: a change to one
 * is never seen by the other.
 */
const cases = contractExampleCases().filter(
  ({ op, ex }) =>
    op.method === "POST" &&
    (op.connectors ?? []).includes("essbase-stndln") &&
    (ex.value as Json | null)?.application === "Sample",
);

/** The request sent to the copy: the application, and the cube an MDX query names, swapped. */
const toCopy = (text: string, copy: string) =>
  text
    .replaceAll('"application":"Sample"', `"application":"${copy}"`)
    .replace(/\bSample\.Basic\b/g, `${copy}.Basic`);

/** An answer with the copy's name put back as the original's (names aside). */
const namesAside = (text: string, copy: string) => text.replaceAll(copy, "Sample");

/**
 * Run-dependent fields: the request's id, a calculation's duration, and the data version (one counter of the
 * server's changes, whichever application they were made to: the copy's save is counted after the original's).
 */
function normalise(body: Json): Json {
  const r = structuredClone(body);
  delete r.requestId;
  if (typeof r.durationMs === "number") r.durationMs = 0;
  if (typeof r.dataVersion === "string") r.dataVersion = "(version)";
  return r;
}

/**
 * How a copy answers a documented example differently from Sample, and why: something the connector's
 * protocol cannot carry, named by a line of the copy's manifest (`notCarried`). `copy.body` is matched as a
 * part of the copy's answer (`toMatchObject`).
 */
interface Difference {
  why: string;
  /** The line of the copy's manifest that says so. */
  notCarried: RegExp;
  copy: { status: number; code?: string; body?: Json };
}

/** Sample's base dimensions, as a copy lists them, with their types and the density given or chosen. */
const baseDimensions = (types: string[], densities: string[]) =>
  ["Year", "Measures", "Product", "Market", "Scenario"].map((name, i) => ({
    name,
    alias: null,
    type: types[i],
    storage: densities[i],
  }));
const TAGGED = ["time", "accounts", "regular", "regular", "regular"];
const ATTRIBUTES =
  "attribute dimensions: the provider contract lists attribute members but not which base members carry them, so the copy has none";
const TAGGED_DENSE = `${ATTRIBUTES}; and the dimensions' density, which the protocol does not give: QiBates chose Year and Measures (time and accounts) dense, the others sparse (Scenario is dense in Sample)`;
const NO_SCRIPTS = {
  why: "calculation scripts: the provider contract lists them but does not give their content, so the copy has none",
  notCarried: /^calculation scripts \(Basic: BudSeed, CalcAll, ClearBud, MktCut\)/,
};
/** The dimension tree of Year when the protocol gives no storage or consolidation: every member stored, none added up. */
const STORED_YEAR = {
  root: {
    name: "Year",
    storage: "store",
    children: ["Qtr1", "Qtr2", "Qtr3", "Qtr4"].map((name) =>
      expect.objectContaining({ name, storage: "store", consolidation: "~" }),
    ),
  },
};
const STORED = /^storage and consolidation operators \(the server does not give them/;
const WRITABLE_TOTAL = {
  why: "member storage: the values the server computed are copied as stored values at every level, so the initial grid's Year total (dynamic in Sample, read-only) is a stored, writable cell of the copy",
  notCarried: STORED,
  copy: {
    status: 200,
    body: {
      grid: [
        ["", "Product", "Market", "Scenario"],
        ["", "Measures", "", ""],
        ["Year", "112121", "", ""],
      ],
      cellKinds: [
        ["corner", "pov", "pov", "pov"],
        ["corner", "column-header", "blank", "blank"],
        ["row-header", "data", "blank", "blank"],
      ],
    },
  },
};

/** Sample.Basic's dimension list through a connector that tags dimension types (dense and sparse as QiBates chose). */
const TAGGED_DIMENSIONS: Difference = {
  why: TAGGED_DENSE,
  notCarried: /^attribute dimensions \(Caffeinated, .*\) and their associations/,
  copy: {
    status: 200,
    body: { dimensions: baseDimensions(TAGGED, ["dense", "dense", "sparse", "sparse", "sparse"]) },
  },
};

const DIFFERENCES: Record<ReplayConnector, Record<string, Difference>> = {
  "essbase-stndln": {
    "listDimensions (sampleBasic)": TAGGED_DIMENSIONS,
    "listScripts (sampleBasic)": {
      ...NO_SCRIPTS,
      copy: { status: 200, body: { cube: "Basic", scripts: [] } },
    },
    "calculate (calcAll)": { ...NO_SCRIPTS, copy: { status: 404, code: "QB_ERR_SCRIPT_UNKNOWN" } },
  },
  ssas: {
    "listDimensions (sampleBasic)": TAGGED_DIMENSIONS,
    "getDimensionTree (year)": {
      why: "member storage and consolidation operators: XMLA gives neither, so every member of the copy is stored and added up by no operator (~), its values the server's own",
      notCarried: STORED,
      copy: { status: 200, body: STORED_YEAR },
    },
    "listAliasTables (sampleBasic)": {
      why: "alias tables other than Default: XMLA gives one caption per member, so the copy has the Default table alone (no Long Names)",
      notCarried: /^alias tables other than Default \(the server gives one caption per member/,
      copy: { status: 200, body: { cube: "Basic", aliasTables: [{ name: "Default" }] } },
    },
    "initGrid (sampleBasic)": WRITABLE_TOTAL,
  },
  essbase: {
    "listDimensions (sampleBasic)": {
      why: `${ATTRIBUTES}; and dimension types and density: Smart View's messages give every base dimension as regular and none as dense or sparse, so Year and Measures are regular in the copy and QiBates chose the two dimensions with the fewest level-0 members (Measures and Scenario) dense`,
      notCarried: /^dimension types \(the server gave every base dimension as regular/,
      copy: {
        status: 200,
        body: {
          dimensions: baseDimensions(
            ["regular", "regular", "regular", "regular", "regular"],
            ["sparse", "dense", "sparse", "sparse", "dense"],
          ),
        },
      },
    },
    "getDimensionTree (year)": {
      why: "member storage and consolidation operators: Smart View's messages give neither, so every member of the copy is stored and added up by no operator (~), its values the server's own",
      notCarried: STORED,
      copy: { status: 200, body: STORED_YEAR },
    },
    "filterMembers (uda)": {
      why: "UDAs: Smart View's messages do not give them, so no member of the copy has Major Market",
      notCarried: /^UDAs \(the server does not give them/,
      copy: { status: 200, body: { filter: "UDA", arg1: "Major Market", members: [] } },
    },
    "listVariables (sampleBasic)": {
      why: "substitution variables: no Smart View message gives them, so the copy has none",
      notCarried: /^substitution variables \(the server does not give them/,
      copy: { status: 200, body: { variables: [] } },
    },
    "listScripts (sampleBasic)": {
      ...NO_SCRIPTS,
      copy: { status: 200, body: { cube: "Basic", scripts: [] } },
    },
    "initGrid (sampleBasic)": WRITABLE_TOTAL,
    "calculate (calcAll)": { ...NO_SCRIPTS, copy: { status: 404, code: "QB_ERR_SCRIPT_UNKNOWN" } },
  },
};

describe("a copy of Sample.Basic served by the API", () => {
  it("is taken for every documented example of the Essbase operations that names an application", () => {
    const operations = new Set(cases.map((c) => c.op.operationId));
    expect([...operations].sort()).toEqual(
      [
        "calculate",
        "filterMembers",
        "getDimensionTree",
        "initGrid",
        "keepOnly",
        "listAliasTables",
        "listCubes",
        "listDimensions",
        "listScripts",
        "listVariables",
        "mdxQuery",
        "pivot",
        "pivotToPov",
        "refreshGrid",
        "removeOnly",
        "saveGrid",
        "searchMembers",
        "zoomIn",
        "zoomOut",
      ].sort(),
    );
    // the changes come after every read
    const firstChange = cases.findIndex((c) => ["calculate", "saveGrid"].includes(c.op.operationId));
    expect(
      cases
        .slice(firstChange)
        .map((c) => c.op.operationId)
        .sort(),
    ).toEqual(["calculate", "saveGrid"]);
  });

  for (const [connector, copy] of Object.entries(COPIES) as [ReplayConnector, string][]) {
    it(`answers every documented Essbase example as Sample does, except what ${connector} cannot carry (${copy})`, async () => {
      const notCarried = (
        JSON.parse(readFileSync(join(root, copy, "manifest.json"), "utf8")) as { notCarried: string[] }
      ).notCarried;
      const loginid = await api.login(connector);
      const post = async (path: string, payload: string) => {
        const res = await api.app.inject({
          method: "POST",
          url: path,
          headers: { "content-type": "application/json", qibateskey: api.key, connector },
          payload,
        });
        return { status: res.statusCode, text: res.body };
      };
      const differing: Record<string, { status: number; code?: string; body: Json }> = {};
      let answered = 0;
      for (const { op, ex } of cases) {
        const key = `${op.operationId} (${ex.name})`;
        const request = JSON.stringify(ex.value).replaceAll(ESSBASE_EXAMPLE_LOGIN, loginid);
        const original = await post(op.routePath, request);
        // a refusal the connector gives on Sample as well (ssas: no UDAs, variables or scripts) is compared too
        expect([200, 422], `${key}: ${original.text.slice(0, 200)}`).toContain(original.status);
        if (original.status === 200) answered++;
        const got = await post(op.routePath, toCopy(request, copy));
        const body = JSON.parse(namesAside(got.text, copy)) as Json;
        const same =
          got.status === original.status &&
          JSON.stringify(normalise(body)) === JSON.stringify(normalise(JSON.parse(original.text) as Json));
        if (!same) {
          differing[key] = {
            status: got.status,
            ...(typeof body.code === "string" ? { code: body.code } : {}),
            body,
          };
        }
      }
      expect(answered).toBeGreaterThan(15);
      expectDifferences(differing, DIFFERENCES[connector], true);
      for (const [key, d] of Object.entries(DIFFERENCES[connector])) {
        expect(
          notCarried.some((line) => d.notCarried.test(line)),
          `${key}: ${d.notCarried}`,
        ).toBe(true);
      }
    }, 120_000);
  }
});
