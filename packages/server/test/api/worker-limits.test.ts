import { EmbeddedProvider } from "@qibates/embedded";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heavySheet } from "../../../embedded/test/support/sample-basic.ts";
import { demoCredentialsValid } from "../../src/demo.ts";
import { databaseStore } from "../../src/embedded-store.ts";
import { providerRegistry } from "../../src/providers.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/**
 * A grid worker ended for its memory is replaced, and the next request on the same server
 * answers normally — through the API and through a wire endpoint (Essbase REST). The embedded provider's grid
 * worker here may hold 24 MB of heap: it starts and calculates Sample.Basic in less than 16, while a refresh of
 * a sheet of about 450,000 cells needs more than 32 (measured), so the refresh, sent to the worker because its
 * sheet is large, ends it whatever the machine's speed. Nothing here depends on time.
 */

const MEMORY_MB = 24;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

/** Products × states × months down, `copies` times; measures × Actual and Budget across, `across` times. */
const hugeSheet = heavySheet;
/** 7,778 rows of 63 cells, about 490,000: within the API's grid limits, over the worker's memory. */
const HUGE = hugeSheet(9, 6);

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

let app: FastifyInstance;
const providers: EmbeddedProvider[] = [];

beforeAll(async () => {
  app = await buildTestApp({
    config: testConfig({
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      RATE_LIMIT_PER_MINUTE: "1000000",
      BODY_LIMIT_BYTES: String(64 * 1024 * 1024),
    }),
    logger: false,
    providers: async (db, scheduler) => {
      const embedded = await EmbeddedProvider.open({
        scheduler,
        store: databaseStore(db),
        credentialsValid: demoCredentialsValid,
        gridWorkers: 1,
        gridWorkerLimits: { memoryMb: MEMORY_MB },
      });
      providers.push(embedded);
      return { ...providerRegistry({ demo: embedded }), close: () => embedded.close() };
    },
  });
});
afterAll(async () => {
  await app.close();
});

/** Workers ended for time or memory since the start. */
const stopped = () => (providers[0] as unknown as { workers: { stopped: number } }).workers.stopped;

describe("a grid worker ended for its memory, through the API", () => {
  const post = (path: string, body: object) =>
    app.inject({
      method: "POST",
      url: `/qibates/api/v2/${path}`,
      headers: {
        "content-type": "application/json",
        qibateskey: app.services.demoKey ?? "",
        connector: "essbase",
      },
      payload: JSON.stringify(body),
    });

  it("answers the provider's error, then the next calls answer normally in a new worker", async () => {
    const login = await post("action/login", {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
    });
    expect(login.statusCode, login.body).toBe(200);
    const loginid = login.json().loginid as string;
    const before = stopped();

    const huge = await post("action/refresh", { loginid, ...cube, grid: HUGE });
    expect(huge.statusCode, huge.body.slice(0, 300)).toBe(502);
    expect(huge.json().code).toBe("QB_ERR_PROVIDER_ERROR");
    expect(huge.body).toContain(`it needed more memory than ${MEMORY_MB} MB`);
    expect(stopped()).toBe(before + 1);

    // A calculation always runs in a worker: a new one takes it.
    const calc = await post("action/calculate", { loginid, ...cube, action: { script: "CalcAll" } });
    expect(calc.statusCode, calc.body).toBe(200);
    const small = await post("action/refresh", {
      loginid,
      ...cube,
      grid: [...hugeSheet(0), ["100-10", "New York", "Jan", ...Array<string>(10).fill("")]],
    });
    expect(small.statusCode, small.body).toBe(200);
    const row = small.json().grid[2] as string[];
    expect(row.slice(1, 3)).toEqual(["New York", "Jan"]);
    expect(Number(row[3])).toBeGreaterThan(0);
    expect(stopped()).toBe(before + 1);
  });
});

describe("a grid worker ended for its memory, through the Essbase REST endpoint", () => {
  const call = (method: "GET" | "POST", url: string, cookie: string | null, payload?: object) =>
    app.inject({
      method,
      url: `/essbase/rest/v1${url}`,
      headers: {
        ...(cookie ? { cookie } : { authorization: basic }),
        ...(payload ? { "content-type": "application/json" } : {}),
      },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  const grid = (rows: string[][]) => {
    const values = rows.flat();
    return {
      alias: "Default",
      slice: {
        rows: rows.length,
        columns: rows[0]?.length ?? 0,
        data: { ranges: [{ start: 0, end: values.length - 1, values }] },
      },
    };
  };
  const GRID = "/applications/Sample/databases/Basic/grid";

  it("answers Essbase's error body, then the next calls answer normally in a new worker", async () => {
    const session = await call("GET", "/session", null);
    expect(session.statusCode, session.body).toBe(200);
    const cookie = String(session.headers["set-cookie"]).split(";")[0] ?? "";
    const before = stopped();

    const huge = await call("POST", GRID, cookie, { action: "refresh", grid: grid(HUGE) });
    expect(huge.statusCode, huge.body.slice(0, 300)).toBe(400);
    expect(huge.json()).toEqual({
      errorMessage: `The work was stopped: it needed more memory than ${MEMORY_MB} MB.`,
    });
    expect(stopped()).toBe(before + 1);

    // The session still works, and a calculation job runs in a new worker.
    const job = await call("POST", "/jobs", cookie, {
      application: "Sample",
      db: "Basic",
      jobtype: "calc",
      parameters: { file: "CalcAll" },
    });
    expect(job.statusCode, job.body).toBe(200);
    const id = job.json().job_ID as number;
    let status = job.json().statusMessage as string;
    for (let i = 0; i < 200 && status === "In Progress"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await call("GET", `/jobs/${id}`, cookie)).json().statusMessage as string;
    }
    expect(status).toBe("Completed");
    const small = await call("POST", GRID, cookie, {
      action: "refresh",
      grid: grid([...hugeSheet(0), ["100-10", "New York", "Jan", ...Array<string>(10).fill("")]]),
    });
    expect(small.statusCode, small.body).toBe(200);
    const values = small.json().slice.data.ranges[0].values as string[];
    // The product by its alias (the session's alias table is Default).
    expect(values.slice(27, 29)).toEqual(["New York", "Jan"]);
    expect(Number(values[29])).toBeGreaterThan(0);
    expect(stopped()).toBe(before + 1);
  });
});
