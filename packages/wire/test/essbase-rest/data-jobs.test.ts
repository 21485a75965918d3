import { describe, expect, it } from "vitest";
import {
  BASE,
  type EssbaseClient as Client,
  EssbaseClient,
  endpointForTests,
  jobRecord,
  postJob,
} from "../support/endpoint.ts";

/**
 * The Essbase REST jobs Oracle documents beside calc (data load, clear, data export) and the Files API
 * that holds their input and output. The round trip: an export job writes a file the Files API returns, a clear
 * job empties the cube, and a data load job reads the file back into it with the same totals.
 */
const endpoint = endpointForTests();

const CUBE_FOLDER = "/files/applications/Sample/Basic";

const poll = (client: Client, id: number) => jobRecord(client, id, 500);

async function run(client: Client, jobtype: string, parameters: Record<string, unknown>) {
  const started = await postJob(client, jobtype, parameters);
  expect(started.status, started.text).toBe(200);
  return poll(client, started.json.job_ID);
}

/** Bytes to or from the Files API, with the client's session cookie. */
async function raw(client: Client, method: string, path: string, body?: Buffer, query = "") {
  const headers: Record<string, string> = { accept: "application/octet-stream" };
  if (client.cookie) headers.cookie = client.cookie;
  if (body) headers["content-type"] = "application/octet-stream";
  const res = await fetch(`${client.origin}${BASE}${path}${query}`, {
    method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Sales of every month and market total, Actual and Budget: the totals a load must give back. */
async function totals(client: Client): Promise<string[][]> {
  const r = await client.post("/applications/Sample/databases/Basic/mdx", {
    query:
      "SELECT {[Measures].[Sales], [Measures].[COGS], [Measures].[Opening Inventory]} ON COLUMNS, " +
      "CrossJoin({[Scenario].[Actual], [Scenario].[Budget]}, {[Year].Children, [Year].[Jan]}) ON ROWS " +
      "FROM Sample.Basic WHERE ([Product], [Market])",
  });
  expect(r.status, r.text).toBe(200);
  return r.json.data;
}

describe("Files API", () => {
  it("lists the catalog's folders, the served applications and their cubes", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const roots = await client.get("/files");
    expect(roots.json.items.map((i: { name: string; type: string }) => [i.name, i.type])).toEqual([
      ["applications", "folder"],
      ["shared", "folder"],
      ["users", "folder"],
    ]);
    const apps = await client.get("/files/applications");
    expect(apps.json.items.map((i: { fullPath: string }) => i.fullPath)).toContain("/applications/Sample");
    const cubes = await client.get("/files/applications/Sample");
    expect(cubes.json.items.map((i: { fullPath: string }) => i.fullPath)).toEqual([
      "/applications/Sample/Basic",
    ]);
    const home = await raw(client, "GET", "/files/homepath");
    expect([home.status, home.bytes.toString("utf8")]).toEqual([200, "/users/demo"]);
    expect((await raw(client, "GET", "/files/sharedpath")).bytes.toString("utf8")).toBe("/shared");
    const mine = await client.get("/files/users");
    expect(mine.json.items.map((i: { fullPath: string }) => i.fullPath)).toEqual(["/users/demo"]);
  });

  it("uploads, lists, downloads and deletes a file; refuses an overwrite not asked for", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const bytes = Buffer.from('"Jan"\n"100-10" "New York" "Sales" "Actual" 42\n');
    expect((await raw(client, "PUT", `${CUBE_FOLDER}/mine.txt`, bytes)).status).toBe(200);
    const listed = await client.get(CUBE_FOLDER);
    expect(listed.json.items).toContainEqual(
      expect.objectContaining({
        name: "mine.txt",
        fullPath: "/applications/Sample/Basic/mine.txt",
        type: "txt",
      }),
    );
    const back = await raw(client, "GET", `${CUBE_FOLDER}/mine.txt`);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(bytes)).toBe(true);
    expect(back.headers.get("content-disposition")).toBe('attachment; filename="mine.txt"');
    const again = await raw(client, "PUT", `${CUBE_FOLDER}/mine.txt`, Buffer.from("x"));
    expect(again.status).toBe(400);
    expect(
      (await raw(client, "PUT", `${CUBE_FOLDER}/mine.txt`, Buffer.from("x"), "?overwrite=true")).status,
    ).toBe(200);
    expect((await client.delete(`${CUBE_FOLDER}/mine.txt`)).status).toBe(204);
    expect((await raw(client, "GET", `${CUBE_FOLDER}/mine.txt`)).status).toBe(400);
  });

  it("downloads a file whose name is outside Latin-1 or has quotes, naming it as RFC 6266 says", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const bytes = Buffer.from("42\n");
    for (const [name, header] of [
      ["日.txt", `attachment; filename="_.txt"; filename*=UTF-8''%E6%97%A5.txt`],
      ['a"b é.txt', `attachment; filename="a_b _.txt"; filename*=UTF-8''a%22b%20%C3%A9.txt`],
    ] as const) {
      const path = `/files/users/demo/${encodeURIComponent(name)}`;
      expect((await raw(client, "PUT", path, bytes)).status).toBe(200);
      const back = await raw(client, "GET", path);
      expect(back.status).toBe(200);
      expect(back.bytes.equals(bytes)).toBe(true);
      expect(back.headers.get("content-disposition")).toBe(header);
    }
  });

  it("downloads a file under its name without bidirectional controls, which could disguise it", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const bytes = Buffer.from("42\n");
    for (const [name, header] of [
      // U+202E shows "invoice\u202Etxt.exe" as "invoiceexe.txt": the download is named what it is.
      ["invoice\u202etxt.exe", 'attachment; filename="invoicetxt.exe"'],
      [
        "\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061cé.txt",
        `attachment; filename="_.txt"; filename*=UTF-8''%C3%A9.txt`,
      ],
    ] as const) {
      const path = `/files/users/demo/${encodeURIComponent(name)}`;
      expect((await raw(client, "PUT", path, bytes)).status).toBe(200);
      const back = await raw(client, "GET", path);
      expect(back.status).toBe(200);
      expect(back.headers.get("content-disposition")).toBe(header);
    }
  });

  it("creates a folder from a PUT with an empty JSON body, as appliedolap's client sends it", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const res = await fetch(`${client.origin}${BASE}/files/shared/reports?overwrite=false`, {
      method: "PUT",
      headers: {
        cookie: client.cookie ?? "",
        "content-type": "application/json",
        accept: "application/json",
      },
    });
    expect(res.status).toBe(200);
    const shared = await client.get("/files/shared");
    expect(shared.json.items).toContainEqual(expect.objectContaining({ name: "reports", type: "folder" }));
  });

  it("keeps each user's files to that user, and refuses paths outside the catalog or another user's folder", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    expect((await raw(client, "PUT", "/files/users/someone/x.txt", Buffer.from("1"))).status).toBe(400);
    expect((await raw(client, "PUT", "/files/applications/Nope/Basic/x.txt", Buffer.from("1"))).status).toBe(
      400,
    );
    expect((await raw(client, "GET", "/files/applications/Sample/../../etc/passwd")).status).toBe(400);
    expect((await raw(client, "GET", "/files/etc/passwd")).status).toBe(400);
  });
});

describe("data jobs", () => {
  it("exports level-0 data to a file, clears the cube, and loads the file back with the same totals", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const before = await totals(client);
    expect(before[1]?.[1]).not.toBe("#Missing");

    const exported = await run(client, "exportData", {
      dataLevel: "LEVEL_ZERO_BLOCKS",
      columnFormat: "false",
    });
    expect(exported).toMatchObject({ statusCode: 200, jobType: "Export Data", jobfileName: "Basic.txt" });
    expect(exported.jobOutputInfo.exportedFile).toBe("/applications/Sample/Basic/Basic.txt");
    const file = await raw(client, "GET", `${CUBE_FOLDER}/Basic.txt`);
    expect(file.status).toBe(200);
    const text = file.bytes.toString("utf8");
    // A column line of one dense dimension's members, then quoted names and unquoted values.
    expect(text.split("\n")[0]).toMatch(/^"[^"]+"( "[^"]+")+$/);
    expect(exported.jobOutputInfo.cellsExported).toBeGreaterThan(1000);

    const cleared = await run(client, "clear", { option: "ALL_DATA" });
    expect(cleared).toMatchObject({ statusCode: 200, jobType: "Clear Data" });
    const empty = await totals(client);
    // Two label columns (Scenario, Year), then the values.
    expect(empty.slice(1).flatMap((row) => row.slice(2))).toEqual(new Array(30).fill("#Missing"));

    const loaded = await run(client, "dataload", { file: "Basic.txt", abortOnError: "true" });
    expect(loaded, JSON.stringify(loaded)).toMatchObject({ statusCode: 200, jobType: "Data Load" });
    expect(loaded.jobOutputInfo.recordsLoaded).toBe(exported.jobOutputInfo.cellsExported);
    expect(await totals(client)).toEqual(before);
  });

  it("writes the column format when asked, which loads back the same", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const before = await totals(client);
    const exported = await run(client, "exportData", {
      dataLevel: "ALL_DATA",
      columnFormat: "true",
      file: "columns.txt",
    });
    expect(exported.statusCode).toBe(200);
    const text = (await raw(client, "GET", `${CUBE_FOLDER}/columns.txt`)).bytes.toString("utf8");
    const lines = text.trim().split("\n");
    // Every data line names a member of every dimension but the columns' (Sample.Basic has five).
    const names = (line: string) => (line.match(/"[^"]*"/g) ?? []).length;
    expect(new Set(lines.slice(1).map(names))).toEqual(new Set([4]));
    await run(client, "clear", {});
    const loaded = await run(client, "dataload", { file: "/applications/Sample/Basic/columns.txt" });
    expect(loaded.statusCode).toBe(200);
    expect(await totals(client)).toEqual(before);
  });

  it("rejects the lines it cannot load: all of them with abortOnError, else only those, as warnings", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/files");
    const file = [
      '"Jan" "Feb"',
      '"100-10" "New York" "Sales" "Actual" 1 2',
      '"100-10" "Atlantis" "Sales" "Actual" 3 4',
      "",
    ].join("\n");
    expect(
      (await raw(client, "PUT", `${CUBE_FOLDER}/bad.txt`, Buffer.from(file), "?overwrite=true")).status,
    ).toBe(200);
    const before = await totals(client);
    const aborted = await run(client, "dataload", { file: "bad.txt", abortOnError: "true" });
    expect(aborted.statusCode).toBe(400);
    expect(aborted.statusMessage).toMatch(/Line 3: "Atlantis" is not a member/);
    expect(await totals(client)).toEqual(before);

    const partly = await run(client, "dataload", { file: "bad.txt", abortOnError: "false" });
    expect(partly).toMatchObject({ statusCode: 300, statusMessage: "Completed with Warnings" });
    expect(partly.jobOutputInfo).toMatchObject({ recordsLoaded: 2, recordsRejected: 1 });
    expect(partly.jobOutputInfo.rejected[0]).toMatchObject({ line: 3 });
  });

  it("refuses job types and options it cannot run, in Essbase's error shape, naming why", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const post = (jobtype: string, parameters: Record<string, unknown> = {}) =>
      postJob(client, jobtype, parameters);
    const dim = await post("dimbuild", { rule: "Dim.rul", file: "dims.txt" });
    expect(dim.status).toBe(400);
    expect(dim.error).toMatch(/^Job type dimbuild is not supported by this endpoint: /);
    expect((await post("teleport")).error).toBe("Job type teleport does not exist.");
    expect((await post("clear", { option: "PARTIAL_DATA" })).error).toMatch(/block storage/);
    expect((await post("exportData", { compress: "true" })).error).toMatch(
      /^Compressed exports are not supported/,
    );
    expect((await post("exportData", { dataLevel: "LEVEL2" })).error).toMatch(
      /^dataLevel LEVEL2 is not supported/,
    );
    expect((await post("dataload", { file: "x.txt", rule: "Data.rul" })).error).toMatch(
      /^Rules files are not supported/,
    );
    expect((await post("dataload", {})).error).toMatch(/parameters\.file/);
  });

  it("a load names its missing file in the job's status", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const job = await run(client, "dataload", { file: "nowhere.txt" });
    expect(job.statusCode).toBe(400);
    expect(job.statusMessage).toBe("File /applications/Sample/Basic/nowhere.txt does not exist.");
  });
});
