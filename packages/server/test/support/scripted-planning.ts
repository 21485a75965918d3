import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Job {
  started: number;
  rule: string;
}

/**
 * A Planning server (Planning REST, as the pbcs connector reaches it) that knows two business rules: Slow runs
 * `ruleMs` then completes ("Done."), Broken fails after `ruleMs` ("Cannot copy to a locked version.").
 */
export async function scriptedPlanning(
  ruleMs: number,
): Promise<{ origin: string; server: Server; jobs: Job[] }> {
  const jobs: Job[] = [];
  const v3 = "/HyperionPlanning/rest/v3/applications";
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (path === "/HyperionPlanning/rest/") return send(200, { items: [{ version: "v3" }] });
      if (path === v3) return send(200, { items: [{ name: "Vision" }] });
      if (path === `${v3}/Vision/jobdefinitions`) {
        const q = new URL(req.url ?? "/", "http://x").searchParams.get("q") ?? "";
        return send(200, {
          items: q.includes("RULESET")
            ? []
            : [
                { jobType: "RULES", jobName: "Slow" },
                { jobType: "RULES", jobName: "Broken" },
              ],
        });
      }
      if (path === `${v3}/Vision/jobs` && req.method === "POST") {
        jobs.push({ started: Date.now(), rule: JSON.parse(body).jobName });
        return send(200, { jobId: jobs.length, status: -1, details: null });
      }
      const m = /\/Vision\/jobs\/(\d+)$/.exec(path);
      const job = m ? jobs[Number(m[1]) - 1] : undefined;
      if (job) {
        const id = Number(m?.[1]);
        if (Date.now() - job.started < ruleMs) return send(200, { jobId: id, status: -1, details: null });
        if (job.rule === "Broken")
          return send(200, { jobId: id, status: 1, details: "Cannot copy to a locked version." });
        return send(200, { jobId: id, status: 0, details: "Done." });
      }
      return send(404, { status: 404, detail: "not found", message: "not found" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, jobs };
}
