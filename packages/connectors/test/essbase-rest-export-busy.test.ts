import { ProviderError, type ProviderSession } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { EssbaseRestClient } from "../src/essbase-rest/client.ts";
import { EssbaseRestExport } from "../src/essbase-rest/export.ts";

/**
 * A snapshot through Essbase 21c's export stopped at once when the server refused a request of the export job for
 * now (429: "Too many requests; retry in … s."), while reading the outline and the data waited such refusals out.
 * The job's launch and each reading of its status are now made again after the server's Retry-After, within the
 * job's wait: the launch it refused started nothing, and a status it will not give yet is no end of the job.
 */

const busy = () => new ProviderError("BUSY", "Too many requests", { seconds: 1 });
const session = { id: "s", username: "demo" } as unknown as ProviderSession;
const ref = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

/** A fake Essbase REST client: `refusals` lists which requests are refused once each (429), in order. */
function fakeServer(refusals: string[], jobTimeoutMs = 60_000) {
  const requests: string[] = [];
  let polls = 0;
  const refuse = (request: string) => {
    requests.push(request);
    if (refusals[0] === request) {
      refusals.shift();
      throw busy();
    }
  };
  const client = {
    post: async (path: string) => {
      refuse(`POST ${path}`);
      return { job_ID: 7, statusCode: 100 };
    },
    getIfFound: async (path: string) => {
      refuse(`GET ${path}`);
      return { job_ID: 7, statusCode: 100 };
    },
    get: async (path: string) => {
      refuse(`GET ${path}`);
      if (path.startsWith("/jobs/")) return { job_ID: 7, statusCode: ++polls < 2 ? 100 : 200 };
      return { items: [] };
    },
  } as unknown as EssbaseRestClient;
  const port = new EssbaseRestExport({
    upstream: () => ({ client }),
    cubeNames: async () => {
      refuse("GET /applications");
      return { app: "Sample", cubes: ["Basic"] };
    },
    jobTimeoutMs,
  });
  return { port, requests };
}

describe("Essbase 21c's export, refused for now (429)", () => {
  it("looks the cube up and launches the job once after the server's waits, and reads its status again until it ends", async () => {
    const { port, requests } = fakeServer(["GET /applications", "POST /jobs", "GET /jobs/7"]);
    const started: number[] = [];
    const { file } = await port.exportLevel0(session, ref, "copy.txt", { started: (id) => started.push(id) });
    expect(file).toBe("/applications/Sample/Basic/copy.txt");
    expect(started).toEqual([7]);
    // The launch refused, then taken; the job's status refused once, then read until the job ended.
    expect(requests.filter((r) => r === "POST /jobs")).toHaveLength(2);
    expect(requests.filter((r) => r === "GET /jobs/7").length).toBeGreaterThanOrEqual(3);
  }, 20_000);

  it("a run resumed waits out a refusal of its kept job's first reading, and starts no second job", async () => {
    const { port, requests } = fakeServer(["GET /jobs/7"]);
    const { file } = await port.exportLevel0(session, ref, "copy.txt", { resume: 7 });
    expect(file).toBe("/applications/Sample/Basic/copy.txt");
    expect(requests.filter((r) => r === "POST /jobs")).toEqual([]);
  }, 20_000);

  it("past the job's wait, says the job is still running instead of passing the refusal on", async () => {
    const { port } = fakeServer(["GET /jobs/7"], 500);
    await expect(port.exportLevel0(session, ref, "copy.txt")).rejects.toMatchObject({ why: "still-running" });
  }, 20_000);
});
