import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * `action/submitform` with `cells` writes the cells the user changed, and those alone: two users of one shared
 * application (each with a key of their own) open the same form; B changes a cell and submits; A, whose grid
 * still shows that cell as it was when A opened the form, changes another cell and submits the whole grid with
 * its one changed cell listed. B's value stays. Without `cells`, every non-empty writable cell is written (the
 * add-in sends the cells it did not change empty), which puts back the value A's grid holds.
 */
let api: TestApi;
const users: { key: string; loginid: string }[] = [];
const form = {
  server: "Planning",
  application: "Vision",
  folder: "/Forms/Revenue",
  formName: "Revenue Plan",
};

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_PER_MINUTE: "1000000" });
  for (const subject of ["ada", "bob"]) {
    const { key } = await api.app.services.keys.create(
      { issuer: "https://accounts.google.com", subject, email: `${subject}@example.com`, provider: "google" },
      "laptop",
    );
    const res = await api.post(
      "action/login",
      { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.planning },
      { qibateskey: key, connector: "planning" },
    );
    expect(res.statusCode, res.body).toBe(200);
    users.push({ key, loginid: res.json().loginid });
  }
});
afterAll(async () => api.close());

interface OpenedForm {
  grid: string[][];
  codes: string[][];
  pov: Record<string, string>;
  cellKinds: string[][];
}

const as = async (user: number, path: string, body: Record<string, unknown>) => {
  const u = users[user] as { key: string; loginid: string };
  const res = await api.post(
    path,
    { loginid: u.loginid, ...form, ...body },
    { qibateskey: u.key, connector: "planning" },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const open = async (user: number): Promise<OpenedForm> => as(user, "nav/openform", {});

/** The first two writable data cells of the form, in reading order. */
function twoDataCells(f: OpenedForm): [{ row: number; column: number }, { row: number; column: number }] {
  const found = f.cellKinds.flatMap((kinds, row) =>
    kinds.flatMap((kind, column) => (kind === "data" ? [{ row, column }] : [])),
  );
  const [x, y] = found;
  if (!x || !y) throw new Error("the form has fewer than two writable cells");
  return [x, y];
}

const withValue = (f: OpenedForm, at: { row: number; column: number }, value: string) =>
  f.grid.map((r, i) => r.map((v, j) => (i === at.row && j === at.column ? value : v)));

const at = (f: OpenedForm, c: { row: number; column: number }) => f.grid[c.row]?.[c.column];

const submit = (user: number, f: OpenedForm, grid: string[][], cells?: { row: number; column: number }[]) =>
  as(user, "action/submitform", { pov: f.pov, grid, codes: f.codes, ...(cells ? { cells } : {}) });

describe("two users submitting one form", () => {
  it("keeps the other user's change when each submit lists its changed cells", async () => {
    const a = await open(0);
    const b = await open(1);
    const [x, y] = twoDataCells(a);
    const before = at(a, x);

    const fromB = await submit(1, b, withValue(b, x, "4242"), [x]);
    expect(fromB.submitted).toBe(1);
    const fromA = await submit(0, a, withValue(a, y, "1717"), [y]);
    expect(fromA.submitted).toBe(1);
    expect(fromA.cells).toEqual([{ row: y.row, column: y.column, status: "written", value: "1717" }]);

    const now = await open(1);
    expect([at(now, x), at(now, y)]).toEqual(["4242", "1717"]);
    expect(before).not.toBe("4242");
  });

  it("without cells writes every non-empty writable cell, and an empty cell is no edit", async () => {
    const a = await open(0);
    const b = await open(1);
    const [x, y] = twoDataCells(a);
    await submit(1, b, withValue(b, x, "5151"), [x]);

    // The add-in's convention: cells the user did not change are sent empty, and stay as the server holds them.
    const blanked = a.grid.map((r, i) =>
      r.map((v, j) => (a.cellKinds[i]?.[j] === "data" && !(i === y.row && j === y.column) ? "" : v)),
    );
    await submit(0, a, withValue({ ...a, grid: blanked }, y, "2323"));
    expect([at(await open(1), x), at(await open(1), y)]).toEqual(["5151", "2323"]);

    // A whole grid sent without cells writes what it holds: B's change is put back to what A opened.
    await submit(1, b, withValue(b, x, "6161"), [x]);
    await submit(0, a, withValue(a, y, "2424"));
    expect(at(await open(1), x)).toBe(at(a, x));
  });
});
