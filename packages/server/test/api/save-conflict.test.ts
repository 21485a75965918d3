import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * Optimistic concurrency of action/save on the embedded engine: two users of one shared cube (each with a key
 * of their own), A reads a grid, B changes it, A saves what it read.
 */
let api: TestApi;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const users: { key: string; loginid: string }[] = [];

const grid = (product: string, values: readonly string[] = ["", "", ""]) => [
  ["", "Sales", product, "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["New York", ...values],
];

beforeAll(async () => {
  api = await startTestApi();
  for (const subject of ["ada", "bob"]) {
    const { key } = await api.app.services.keys.create(
      { issuer: "https://accounts.google.com", subject, email: `${subject}@example.com`, provider: "google" },
      "laptop",
    );
    const res = await api.post(
      "action/login",
      { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.essbase },
      { qibateskey: key },
    );
    expect(res.statusCode, res.body).toBe(200);
    users.push({ key, loginid: res.json().loginid });
  }
});
afterAll(async () => api.close());

const as = async (user: number, path: string, body: Record<string, unknown>) => {
  const u = users[user] as { key: string; loginid: string };
  const res = await api.post(path, { loginid: u.loginid, ...cube, ...body }, { qibateskey: u.key });
  return { status: res.statusCode, body: res.json() };
};

const read = async (user: number, product: string) => {
  const r = await as(user, "action/refresh", { grid: grid(product) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.dataVersion).toMatch(/^[0-9]+$/);
  return r.body as { grid: string[][]; dataVersion: string };
};

describe("action/save with dataVersion", () => {
  it("refuses A's save of cells B changed after A read them (409 with the cells), writes nothing", async () => {
    const a = await read(0, "100-10");
    const b = await read(1, "100-10");
    const saved = await as(1, "action/save", {
      grid: grid("100-10", ["111", b.grid[2]?.[2] ?? "", "113"]),
      cells: [
        { row: 2, column: 1 },
        { row: 2, column: 3 },
      ],
      dataVersion: b.dataVersion,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Number(saved.body.dataVersion)).toBeGreaterThan(Number(b.dataVersion));

    const refused = await as(0, "action/save", {
      grid: grid("100-10", ["1", "2", "3"]),
      cells: [
        { row: 2, column: 1 },
        { row: 2, column: 2 },
        { row: 2, column: 3 },
      ],
      dataVersion: a.dataVersion,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: "QB_ERR_SAVE_CONFLICT", field: "dataVersion" });
    expect(refused.body.conflicts).toEqual([
      { row: 2, column: 1 },
      { row: 2, column: 3 },
    ]);
    expect(refused.body.message).toBe(
      `2 cells changed since the grid was read (data version ${a.dataVersion}). Nothing was saved. Refresh the grid to see the new values, then submit again.`,
    );
    // The API's way out is for the developer, not in the sentence the add-in shows.
    expect(refused.body.message).not.toMatch(/overwrite/);
    expect(refused.body.detail).toBe(
      "Send action/save again with overwrite: true to write these cells all the same; conflicts lists them.",
    );
    // Nothing written, not even the cell B left alone.
    expect((await read(0, "100-10")).grid[2]).toEqual(["New York", "111", b.grid[2]?.[2], "113"]);
  });

  it("answers the message in French", async () => {
    const a = await read(0, "100-20");
    await as(1, "action/save", { grid: grid("100-20", ["7", "", ""]), cells: [{ row: 2, column: 1 }] });
    const u = users[0] as { key: string; loginid: string };
    const res = await api.post(
      "action/save",
      { loginid: u.loginid, ...cube, grid: grid("100-20", ["8", "", ""]), dataVersion: a.dataVersion },
      { qibateskey: u.key, "accept-language": "fr" },
    );
    expect(res.statusCode, res.body).toBe(409);
    // One cell, said as what it counts: "1 cellule a changé", not "1 cellules … ont changé" nor a bare "1".
    expect(res.json().message).toBe(
      `1\u00a0cellule a changé depuis la lecture de la grille (version des données ${a.dataVersion}). Rien n'a été enregistré. Actualisez la grille pour voir les nouvelles valeurs, puis soumettez-la de nouveau.`,
    );
  });

  it("writes with overwrite: true all the same", async () => {
    const a = await read(0, "100-30");
    await as(1, "action/save", { grid: grid("100-30", ["5", "", ""]), cells: [{ row: 2, column: 1 }] });
    const r = await as(0, "action/save", {
      grid: grid("100-30", ["6", "", ""]),
      cells: [{ row: 2, column: 1 }],
      dataVersion: a.dataVersion,
      overwrite: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cells).toEqual([{ row: 2, column: 1, status: "written", value: "6" }]);
  });

  it("writes the cells B did not touch", async () => {
    const a = await read(0, "200-10");
    await as(1, "action/save", { grid: grid("200-10", ["9", "", ""]), cells: [{ row: 2, column: 1 }] });
    const r = await as(0, "action/save", {
      grid: grid("200-10", ["", "10", "11"]),
      cells: [
        { row: 2, column: 2 },
        { row: 2, column: 3 },
      ],
      dataVersion: a.dataVersion,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.submitted).toBe(2);
    expect(r.body.grid[2]).toEqual(["New York", "9", "10", "11"]);
  });

  it("refuses a save without cells that would write back a value B changed (no lost update)", async () => {
    const a = await read(0, "200-20");
    const before = a.grid[2] as string[];
    await as(1, "action/save", { grid: grid("200-20", ["21", "", ""]), cells: [{ row: 2, column: 1 }] });
    // A changed Feb; the sheet still shows the Jan value read before B's save.
    const r = await as(0, "action/save", {
      grid: grid("200-20", [before[1] ?? "", "22", before[3] ?? ""]),
      dataVersion: a.dataVersion,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.conflicts).toEqual([{ row: 2, column: 1 }]);
  });

  it("refuses every cell after a calculation by B since A's read", async () => {
    const a = await read(0, "300-10");
    const calc = await as(1, "action/calculate", { action: { script: "CalcAll" } });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    const r = await as(0, "action/save", {
      grid: grid("300-10", ["30", "", ""]),
      cells: [{ row: 2, column: 1 }],
      dataVersion: a.dataVersion,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.conflicts).toEqual([{ row: 2, column: 1 }]);
    // Read again after the calculation: the save goes through.
    const again = await read(0, "300-10");
    const ok = await as(0, "action/save", {
      grid: grid("300-10", ["30", "", ""]),
      cells: [{ row: 2, column: 1 }],
      dataVersion: again.dataVersion,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("saves as before without dataVersion (last write wins)", async () => {
    await read(0, "300-20");
    await as(1, "action/save", { grid: grid("300-20", ["40", "", ""]), cells: [{ row: 2, column: 1 }] });
    const r = await as(0, "action/save", {
      grid: grid("300-20", ["41", "", ""]),
      cells: [{ row: 2, column: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
