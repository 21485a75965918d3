import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * `nav/search`, `nav/variables` and `action/setvariable` on the demo (Sample.Basic), answers and refusals; a
 * variable set on the demo holds for the session that set it.
 */

let api: TestApi;
const sessions: Record<string, string> = {};
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

beforeAll(async () => {
  api = await startTestApi();
  for (const c of ["essbase", "ssas", "essbase-stndln", "planning"]) sessions[c] = await api.login(c);
});
afterAll(async () => api.close());

const call = async (path: string, body: Record<string, unknown>, connector = "essbase") => {
  const res = await api.post(path, { loginid: sessions[connector], ...body }, { connector });
  return { status: res.statusCode, body: res.json() };
};

type Hit = { dimension: string; name: string; alias: string | null };
const search = (
  action: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  connector = "essbase",
) => call("nav/search", { ...cube, ...extra, action }, connector);
const names = (r: { body: { members: Hit[] } }) => r.body.members.map((m) => m.name);

describe("nav/search on Sample.Basic", () => {
  it("finds members by part of their alias, in one dimension, with the total", async () => {
    const r = await search({ keyword: "COLA" }, { dimension: "Product" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ keyword: "COLA", matchWholeWord: false, searchIn: "BOTH", total: 4 });
    expect(r.body.members).toEqual([
      { dimension: "Product", name: "100", alias: "Colas", generation: 2, level: 1 },
      { dimension: "Product", name: "100-10", alias: "Cola", generation: 3, level: 0 },
      { dimension: "Product", name: "100-20", alias: "Diet Cola", generation: 3, level: 0 },
      { dimension: "Product", name: "100-30", alias: "Caffeine Free Cola", generation: 3, level: 0 },
    ]);
  });

  it("matches the whole name or alias when asked", async () => {
    const r = await search({ keyword: "cola", matchWholeWord: true });
    expect(names(r)).toEqual(["100-10"]);
  });

  it("searches names only or aliases only", async () => {
    expect(names(await search({ keyword: "cola", searchIn: "NAME" }))).toEqual([]);
    expect(names(await search({ keyword: "100-1", searchIn: "ALIAS" }))).toEqual([]);
    expect(names(await search({ keyword: "100-1", searchIn: "NAME" }))).toEqual(["100-10"]);
  });

  it("takes * as any run of characters, across every dimension, in outline order", async () => {
    const r = await search({ keyword: "new*", matchWholeWord: true, searchIn: "NAME" });
    expect(r.body.members.map((m: Hit) => `${m.dimension}/${m.name}`)).toEqual([
      "Market/New York",
      "Market/New Hampshire",
      "Market/New Mexico",
    ]);
    // Without matchWholeWord the pattern may match any part: "Col*a" finds Cola and Colorado.
    const part = await search({ keyword: "col*a" });
    expect(names(part)).toEqual(expect.arrayContaining(["100-10", "100-20", "Colorado"]));
    expect(names(part)).not.toContain("New York");
    // ? is exactly one character.
    expect(names(await search({ keyword: "100-?0", matchWholeWord: true }))).toEqual([
      "100-10",
      "100-20",
      "100-30",
    ]);
    expect(names(await search({ keyword: "100-?", matchWholeWord: true }))).toEqual([]);
  });

  it("pages the answer with offset and limit, the total unchanged", async () => {
    const all = names(await search({ keyword: "a", searchIn: "NAME" }, { dimension: "Market" }));
    expect(all.length).toBeGreaterThan(5);
    const page = await search(
      { keyword: "a", searchIn: "NAME", offset: 2, limit: 3 },
      { dimension: "Market" },
    );
    expect(page.body).toMatchObject({ total: all.length, offset: 2, limit: 3 });
    expect(names(page)).toEqual(all.slice(2, 5));
    const beyond = await search({ keyword: "a", searchIn: "NAME", offset: 500 }, { dimension: "Market" });
    expect(beyond.body).toMatchObject({ total: all.length, members: [] });
  });

  it("finds a shared member once, and reads aliases of the requested table", async () => {
    const r = await search({ keyword: "100-20", matchWholeWord: true });
    expect(r.body.members).toHaveLength(1);
    const long = await search({ keyword: "cola", matchWholeWord: true }, { aliastable: "Long Names" });
    expect(long.body.members).toEqual([]);
    const honey = await search({ keyword: "honey" }, { aliastable: "Long Names" });
    expect(honey.body.members).toEqual([
      { dimension: "Product", name: "100-20", alias: "Diet Cola with Honey", generation: 3, level: 0 },
    ]);
  });

  it("searches the same through the other Essbase-family connectors of the demo", async () => {
    for (const c of ["ssas", "essbase-stndln"]) {
      const r = await search({ keyword: "cola" }, { dimension: "Product" }, c);
      expect(r.status, c).toBe(200);
      expect(names(r)).toEqual(["100", "100-10", "100-20", "100-30"]);
    }
  });

  it("refuses an unknown dimension or alias table, an empty keyword and a limit out of range", async () => {
    const dim = await search({ keyword: "x" }, { dimension: "Nowhere" });
    expect([dim.status, dim.body.code]).toEqual([404, "QB_ERR_DIMENSION_UNKNOWN"]);
    const table = await search({ keyword: "x" }, { aliastable: "Klingon" });
    expect(table.body.code).toBe("QB_ERR_ALIAS_TABLE_UNKNOWN");
    for (const action of [
      { keyword: "" },
      { keyword: "**" },
      { keyword: "?*" },
      { keyword: "a", limit: 0 },
      { keyword: "a", limit: 1001 },
    ]) {
      const r = await search(action);
      expect([r.status, r.body.code], JSON.stringify(action)).toEqual([400, "QB_ERR_VALIDATION"]);
    }
  });

  it("is an Essbase-family call: a planning session is refused", async () => {
    const r = await search({ keyword: "cola" }, {}, "planning");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("QB_ERR_CONNECTOR_FAMILY");
  });
});

describe("substitution variables", () => {
  it("lists the cube's variables as the outline spells them, sorted by name", async () => {
    const r = await call("nav/variables", cube);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      ...cube,
      variables: [
        { name: "CurrMonth", value: "Jul" },
        { name: "CurrQtr", value: "Qtr3" },
        { name: "PriorMonth", value: "Jun" },
      ],
    });
  });

  it("lists none at the server and application levels of the demo", async () => {
    const server = await call("nav/variables", { server: cube.server });
    expect(server.body).toEqual({ server: cube.server, application: null, cube: null, variables: [] });
    const app = await call("nav/variables", { server: cube.server, application: "Sample" });
    expect(app.body).toEqual({ server: cube.server, application: "Sample", cube: null, variables: [] });
  });

  it("refuses unknown levels and a cube without its application", async () => {
    const server = await call("nav/variables", { server: "Elsewhere" });
    expect(server.body.code).toBe("QB_ERR_SERVER_UNKNOWN");
    const app = await call("nav/variables", { server: cube.server, application: "Nope" });
    expect(app.body.code).toBe("QB_ERR_APPLICATION_UNKNOWN");
    const c = await call("nav/variables", { ...cube, cube: "Nope" });
    expect(c.body.code).toBe("QB_ERR_CUBE_UNKNOWN");
    const orphan = await call("nav/variables", { server: cube.server, cube: "Basic" });
    expect([orphan.status, orphan.body.code, orphan.body.field]).toEqual([400, "QB_ERR_VALIDATION", "cube"]);
  });

  it("lists them through essbase-stndln too; SSAS, which has none, answers the typed unsupported error", async () => {
    const stndln = await call("nav/variables", cube, "essbase-stndln");
    expect(stndln.status).toBe(200);
    expect(stndln.body.variables.map((v: { name: string }) => v.name)).toEqual([
      "CurrMonth",
      "CurrQtr",
      "PriorMonth",
    ]);
    const r = await call("nav/variables", cube, "ssas");
    expect([r.status, r.body.code]).toEqual([422, "QB_ERR_OPERATION_UNSUPPORTED"]);
    expect(r.body.message).toMatch(/^QiBates cannot do this on your server: \S/);
    expect(r.body.detail).toBe(
      "nav/variables is not supported by connector ssas. SSAS has no substitution variables.",
    );
  });

  it("refuses to set a variable with SSAS, which has none", async () => {
    const r = await call("action/setvariable", { ...cube, name: "CurrMonth", value: "Aug" }, "ssas");
    expect([r.status, r.body.code]).toEqual([422, "QB_ERR_OPERATION_UNSUPPORTED"]);
    expect(r.body.message).toMatch(/^QiBates cannot do this on your server: \S/);
    expect(r.body.detail).toBe(
      "action/setvariable is not supported by connector ssas. SSAS has no substitution variables.",
    );
  });

  it("validates a variable before anything else, with Essbase's naming rules", async () => {
    for (const [name, value, field] of [
      ["&CurrMonth", "Aug", "name"],
      ["Curr Month", "Aug", "name"],
      ["Curr-Month", "Aug", "name"],
      ["CurrMonth", "", "value"],
      ["CurrMonth", "&PriorMonth", "value"],
      ["CurrMonth", "x".repeat(257), "value"],
    ]) {
      const r = await call("action/setvariable", { ...cube, name, value });
      expect([r.status, r.body.code, r.body.field], `${name}=${value}`).toEqual([
        400,
        "QB_ERR_VALIDATION",
        field,
      ]);
    }
    const after = await call("nav/variables", cube);
    expect(after.body.variables[0]).toEqual({ name: "CurrMonth", value: "Jul" });
  });
});

describe("action/setvariable on the demo: a variable for the session that sets it", () => {
  const pov = ["", "Actual", "Cola", "East"];
  const sales = ["", "Sales"];
  const grid = [pov, sales, ["&CurrMonth", ""]];
  const refresh = (loginid: string, sheet: unknown[][] = grid) =>
    api
      .post("action/refresh", { loginid, ...cube, grid: sheet }, { connector: "essbase" })
      .then((r) => r.json());
  const set = (loginid: string, body: Record<string, unknown>, connector = "essbase") =>
    api.post("action/setvariable", { loginid, ...body }, { connector });

  it("sets &CurrMonth on Sample.Basic: that session's grids show the new member, another session's do not", async () => {
    const mine = await api.login("essbase");
    const other = await api.login("essbase");
    const r = await set(mine, { ...cube, name: "CurrMonth", value: "Aug" });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ name: "CurrMonth", value: "Aug" });

    const aug = await refresh(mine, [pov, sales, ["Aug", ""]]);
    const seen = await refresh(mine);
    expect(seen.grid[2]).toEqual(aug.grid[2]);
    expect(seen.grid[2][0]).toBe("Aug");
    const shared = await refresh(other);
    expect(shared.grid[2].slice(0, 2)).toEqual(["Jul", "2248"]);

    const listed = await api.post("nav/variables", { loginid: mine, ...cube }, { connector: "essbase" });
    expect(listed.json().variables).toEqual([
      { name: "CurrMonth", value: "Aug" },
      { name: "CurrQtr", value: "Qtr3" },
      { name: "PriorMonth", value: "Jun" },
    ]);
    const theirs = await api.post("nav/variables", { loginid: other, ...cube }, { connector: "essbase" });
    expect(theirs.json().variables[0]).toEqual({ name: "CurrMonth", value: "Jul" });

    // Gone with the session: after logout, the same user's next session reads the demo's value.
    await api.post("action/logout", { loginid: mine }, { connector: "essbase" });
    expect((await refresh(mine)).code).toBe("QB_ERR_SESSION_UNKNOWN");
    expect((await refresh(await api.login("essbase"))).grid[2][0]).toBe("Jul");
  });

  it("changes a variable it set, and keeps each level apart: a cube's variable hides the application's and the server's", async () => {
    const id = await api.login("essbase");
    expect((await set(id, { server: cube.server, name: "Month", value: "Feb" })).statusCode).toBe(200);
    expect(
      (await set(id, { server: cube.server, application: "Sample", name: "Month", value: "Mar" })).statusCode,
    ).toBe(200);
    const sheet = [pov, sales, ["&Month", ""]];
    expect((await refresh(id, sheet)).grid[2][0]).toBe("Mar");
    await set(id, { ...cube, name: "month", value: "Apr" });
    expect((await refresh(id, sheet)).grid[2][0]).toBe("Apr");
    await set(id, { ...cube, name: "Month", value: "May" });
    expect((await refresh(id, sheet)).grid[2][0]).toBe("May");
    // The server's CurrMonth is hidden by the cube's own.
    await set(id, { server: cube.server, name: "CurrMonth", value: "Dec" });
    expect((await refresh(id)).grid[2][0]).toBe("Jul");
    const levels = await Promise.all(
      [{ server: cube.server }, { server: cube.server, application: "Sample" }, cube].map((level) =>
        api
          .post("nav/variables", { loginid: id, ...level }, { connector: "essbase" })
          .then((r) => r.json().variables),
      ),
    );
    expect(levels).toEqual([
      [
        { name: "CurrMonth", value: "Dec" },
        { name: "Month", value: "Feb" },
      ],
      [{ name: "Month", value: "Mar" }],
      [
        { name: "CurrMonth", value: "Jul" },
        { name: "CurrQtr", value: "Qtr3" },
        { name: "Month", value: "May" },
        { name: "PriorMonth", value: "Jun" },
      ],
    ]);
  });

  it("sets only where the session can reach: unknown server, application or cube", async () => {
    const id = await api.login("essbase");
    const codes = await Promise.all(
      [{ server: "Elsewhere" }, { server: cube.server, application: "Nope" }, { ...cube, cube: "Nope" }].map(
        (level) => set(id, { ...level, name: "M", value: "Jan" }).then((r) => [r.statusCode, r.json().code]),
      ),
    );
    expect(codes).toEqual([
      [404, "QB_ERR_SERVER_UNKNOWN"],
      [404, "QB_ERR_APPLICATION_UNKNOWN"],
      [404, "QB_ERR_CUBE_UNKNOWN"],
    ]);
  });

  it("keeps at most 64 variables of a session's own; changing one it set is still allowed", async () => {
    const id = await api.login("essbase");
    for (let i = 0; i < 64; i++) {
      expect((await set(id, { ...cube, name: `V${i}`, value: "Jan" })).statusCode).toBe(200);
    }
    const over = await set(id, { ...cube, name: "V64", value: "Jan" });
    expect([over.statusCode, over.json().code, over.json().field]).toEqual([
      400,
      "QB_ERR_VALIDATION",
      "name",
    ]);
    expect((await set(id, { ...cube, name: "v0", value: "Feb" })).statusCode).toBe(200);
    const listed = await api.post("nav/variables", { loginid: id, ...cube }, { connector: "essbase" });
    expect(listed.json().variables).toHaveLength(64 + 3);
  });

  it("a variable whose value is no member is kept, and a grid naming it answers the unknown member", async () => {
    const id = await api.login("essbase");
    expect((await set(id, { ...cube, name: "CurrMonth", value: "FY2026" })).statusCode).toBe(200);
    const r = await refresh(id);
    expect([r.code, r.field]).toEqual(["QB_ERR_MEMBER_UNKNOWN", "grid[2][0]"]);
  });
});
