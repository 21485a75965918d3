import { describe, expect, it } from "vitest";
import { MONTHS, SHEET_PRODUCTS, SHEET_STATES } from "../../../embedded/test/support/sample-basic.ts";
import { BASE, EssbaseClient, endpointForTests, postJob } from "../support/endpoint.ts";

/**
 * An Essbase REST data load of a 16 MB file (340,000 lines) read the whole file in one go on
 * the event loop: nothing else was answered for 2 to 5 seconds. The file is now read in slices, then written in
 * batches: other calls are answered while the load runs, and the load gives the same cells as before.
 */
const endpoint = endpointForTests();

/** About 15 MB of free-form lines (280,000), each one value (the same cells again and again; the last value wins). */
function bigFile(): { text: string; lines: number } {
  const out: string[] = [];
  let v = 0;
  while (out.length < 280_000) {
    for (const p of SHEET_PRODUCTS)
      for (const s of SHEET_STATES)
        for (const m of MONTHS) out.push(`"${p}" "${s}" "${m}" "Budget" "Marketing" ${(v++ % 997) + 0.5}`);
  }
  return { text: `${out.join("\n")}\n`, lines: out.length };
}

describe("a 16 MB data load", () => {
  it("answers other calls while it runs, and loads every line", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const { text, lines } = bigFile();
    expect(text.length).toBeGreaterThan(14 * 1024 * 1024);
    const put = await fetch(`${client.origin}${BASE}/files/applications/Sample/Basic/big.txt`, {
      method: "PUT",
      headers: { cookie: client.cookie ?? "", "content-type": "application/octet-stream" },
      body: text,
    });
    expect(put.status).toBe(200);
    const started = await postJob(client, "dataload", { file: "big.txt", abortOnError: "true" });
    expect(started.status, started.text).toBe(200);
    const id = started.json.job_ID as number;
    // A call sent once the load has begun is answered before the load ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await client.get("/about")).status).toBe(200);
    expect((await client.get(`/jobs/${id}`)).json.statusCode).toBe(100);
    let done = (await client.get(`/jobs/${id}`)).json;
    for (let i = 0; done.statusCode === 100 && i < 3000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = (await client.get(`/jobs/${id}`)).json;
    }
    expect(done.statusCode, JSON.stringify(done)).toBe(200);
    expect(done.jobOutputInfo.recordsLoaded).toBe(lines);
    expect(done.jobOutputInfo.recordsRejected).toBe(0);
  });
});

describe("a data load's writes", () => {
  it("are journaled 1,000 cells at most an entry (each stored by one short query), every loaded cell once, the same lines rejected", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    // 5,000 lines, every 700th naming a market the outline lacks.
    const out: string[] = [];
    const bad: number[] = [];
    let v = 0;
    while (out.length < 5_000)
      for (const p of SHEET_PRODUCTS)
        for (const s of SHEET_STATES)
          for (const m of MONTHS) {
            if (out.length >= 5_000) break;
            const market = (out.length + 1) % 700 === 0 ? "Atlantis" : s;
            if (market === "Atlantis") bad.push(out.length + 1);
            out.push(`"${p}" "${market}" "${m}" "Actual" "Marketing" ${(v++ % 997) + 0.25}`);
          }
    const put = await fetch(`${client.origin}${BASE}/files/applications/Sample/Basic/small.txt`, {
      method: "PUT",
      headers: { cookie: client.cookie ?? "", "content-type": "application/octet-stream" },
      body: `${out.join("\n")}\n`,
    });
    expect(put.status).toBe(200);
    const journaled = endpoint.store.entries.length;
    const started = await postJob(client, "dataload", { file: "small.txt", abortOnError: "false" });
    expect(started.status, started.text).toBe(200);
    let done = (await client.get(`/jobs/${started.json.job_ID}`)).json;
    for (let i = 0; done.statusCode === 100 && i < 3000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = (await client.get(`/jobs/${started.json.job_ID}`)).json;
    }
    // Completed with warnings: the rejected lines.
    expect(done.statusCode, JSON.stringify(done)).toBe(300);
    expect(done.jobOutputInfo.recordsLoaded).toBe(5_000 - bad.length);
    expect(done.jobOutputInfo.recordsRejected).toBe(bad.length);
    expect(done.jobOutputInfo.rejected.map((r: { line: number }) => r.line)).toEqual(bad);
    expect(done.jobOutputInfo.rejected[0].reason).toMatch(/Atlantis/);
    const sizes = endpoint.store.entries
      .slice(journaled)
      .filter((e) => e.entry.kind === "cells")
      .map((e) => (e.entry.payload as { writes: unknown[] }).writes.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5_000 - bad.length);
  });
});
