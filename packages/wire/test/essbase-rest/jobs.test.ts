import { javaDouble } from "@qibates/protocols/essbase-rest";
import { describe, expect, it } from "vitest";
import { EssbaseClient, endpointForTests, jobRecord, postJob } from "../support/endpoint.ts";

const endpoint = endpointForTests();

describe("calc jobs", () => {
  it("starts a calc job in progress, which the client polls to completed", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const before = endpoint.store.entries.length;
    const started = await postJob(client, "calc", { file: "CalcAll.csc" });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({
      appName: "Sample",
      dbName: "Basic",
      jobType: "Calc Execution",
      jobfileName: "CalcAll",
      userName: "demo",
      statusCode: 100,
    });
    const done = await jobRecord(client, started.json.job_ID);
    expect(done).toMatchObject({ statusCode: 200, statusMessage: "Completed" });
    expect(done.endTime).toBeGreaterThanOrEqual(done.startTime);
    expect(endpoint.store.entries.slice(before).map((e) => e.entry.kind)).toEqual(["calc"]);
  });

  it("fails a job whose script does not exist, with the error as statusMessage", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const started = await postJob(client, "calc", { file: "NoSuchScript" });
    const done = await jobRecord(client, started.json.job_ID);
    expect(done.statusCode).toBe(400);
    expect(done.statusMessage).toMatch(/NoSuchScript/);
    expect(done.jobOutputInfo.errorMessage).toBe(done.statusMessage);
  });

  it("refuses a job type it cannot run, an unknown cube, a missing script and an unknown job id", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const build = await postJob(client, "dimbuild");
    expect(build.status).toBe(400);
    expect(build.error).toMatch(/dimbuild is not supported/);
    const cube = await client.post("/jobs", {
      application: "Sample",
      db: "Nope",
      jobtype: "calc",
      parameters: { file: "CalcAll" },
    });
    expect(cube.status).toBe(400);
    const noFile = await postJob(client, "calc");
    expect(noFile.status).toBe(400);
    expect((await client.get("/jobs/999999")).status).toBe(400);
  });
});

describe("data values as Java's Double.toString", () => {
  it("writes whole numbers with .0, decimals as they are, and scientific form outside 10^-3..10^7", () => {
    expect(javaDouble(105522)).toBe("105522.0");
    expect(javaDouble(-20396)).toBe("-20396.0");
    expect(javaDouble(7.4)).toBe("7.4");
    expect(javaDouble(9999999)).toBe("9999999.0");
    expect(javaDouble(1e7)).toBe("1.0E7");
    expect(javaDouble(12345678.5)).toBe("1.23456785E7");
    expect(javaDouble(0.001)).toBe("0.001");
    expect(javaDouble(0.0001)).toBe("1.0E-4");
    expect(javaDouble(-1.5e-5)).toBe("-1.5E-5");
    expect(javaDouble(0)).toBe("0.0");
  });
});
