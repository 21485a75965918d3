import { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colaSheet as grid } from "../../../embedded/test/support/sample-basic.ts";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * Demo mode: each session of the published demo key changes a view of the demo data of its own (copy on
 * write); other sessions never see it, the shared demo stays as shipped, and the view is dropped at logout or
 * expiry. A session of an account's own key changes the shared data.
 */
let api: TestApi;
let accountKey: string;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

beforeAll(async () => {
  api = await startTestApi();
  accountKey = (
    await api.app.services.keys.create(
      { issuer: "https://accounts.google.com", subject: "ada", email: "ada@example.com", provider: "google" },
      "laptop",
    )
  ).key;
});
afterAll(async () => api.close());

async function login(key: string, connector = "essbase"): Promise<string> {
  const res = await api.post(
    connector === "planning" ? "action/login" : "action/login",
    { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS[connector] },
    { qibateskey: key, connector },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().loginid;
}

const call = async (key: string, loginid: string, path: string, body: object, connector = "essbase") => {
  const res = await api.post(path, { loginid, ...body }, { qibateskey: key, connector });
  return { status: res.statusCode, body: res.json() };
};

/** New York and East Jan (Actual, Budget) as one session reads them. */
async function read(key: string, loginid: string): Promise<string[][]> {
  const r = await call(key, loginid, "action/refresh", { ...cube, grid: grid() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.grid.slice(2).map((row: string[]) => row.slice(1, 3));
}

async function save(key: string, loginid: string, jan: string) {
  const r = await call(key, loginid, "action/save", {
    ...cube,
    grid: grid(jan),
    cells: [{ row: 2, column: 1 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.cells[0].status).toBe("written");
}

const views = () => {
  const provider = api.app.services.providers.byId("embedded");
  if (!(provider instanceof EmbeddedProvider) || !provider.views) throw new Error("no session views");
  return provider.views;
};

const journaled = async (application: string) =>
  (
    await api.app.services.db.query<{ n: string | number }>(
      "select count(*) as n from journal where application = $1",
      [application],
    )
  )[0]?.n;

describe("demo sessions change views of their own", () => {
  it("a demo session's save and calculation are seen by that session only; the shared demo stays as shipped", async () => {
    const a = await login(api.key);
    const b = await login(api.key);
    const shipped = await read(api.key, a);
    // New York Jan Cola Sales (Actual) is 36 in the demo data, East 109.
    expect(shipped.map((r) => r[0])).toEqual(["36", "109"]);

    await save(api.key, a, "700");
    const calc = await call(api.key, a, "action/calculate", { ...cube, action: { script: "BudSeed" } });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    const mine = await read(api.key, a);
    expect(mine).toEqual([
      ["700", "735"],
      ["773", (773 * 1.05).toFixed(2).replace(/\.?0+$/, "")],
    ]);

    // Another demo session, an account's session and a demo session opened later read the demo as shipped.
    expect(await read(api.key, b)).toEqual(shipped);
    const ada = await login(accountKey);
    expect(await read(accountKey, ada)).toEqual(shipped);
    expect(await read(api.key, await login(api.key))).toEqual(shipped);
    expect(Number(await journaled(`Sample@${a}`))).toBe(2);
    expect(Number(await journaled("Sample"))).toBe(0);
  });

  it("a change of the shared data by an account's session shows through a view, under the session's own changes", async () => {
    const a = await login(api.key);
    await save(api.key, a, "701");
    const ada = await login(accountKey);
    const massachusetts = (jan: string) => [
      ["", "Jan", "Cola", "Sales"],
      ["", "Actual", "Budget"],
      ["Massachusetts", jan, ""],
      ["East", "", ""],
    ];
    const before = await call(accountKey, ada, "action/refresh", { ...cube, grid: massachusetts("") });
    const shippedValue = before.body.grid[2][1] as string;
    const write = (jan: string) =>
      call(accountKey, ada, "action/save", {
        ...cube,
        grid: massachusetts(jan),
        cells: [{ row: 2, column: 1 }],
      });
    expect((await write("50")).status).toBe(200);
    const seen = await call(api.key, a, "action/refresh", { ...cube, grid: massachusetts("") });
    expect(seen.body.grid[2][1]).toBe("50");
    expect((await read(api.key, a))[0]?.[0]).toBe("701");
    // The shared demo back as shipped for the other tests.
    expect((await write(shippedValue)).status).toBe(200);
  });

  it("a demo session's form submission and rule are its own too", async () => {
    const a = await login(api.key, "planning");
    const b = await login(api.key, "planning");
    const rule = await call(
      api.key,
      a,
      "action/launchrule",
      { ...vision, ...growRevenue410("Only mine") },
      "planning",
    );
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const form = async (loginid: string) => {
      const r = await call(
        api.key,
        loginid,
        "nav/openform",
        { ...vision, folder: "/Forms/Drivers", formName: "Revenue Drivers" },
        "planning",
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const row = r.body.codes.findIndex((c: string[]) => c[0] === "410");
      return r.body.grid[row][2];
    };
    expect(await form(a)).toBe("Only mine");
    expect(await form(b)).not.toBe("Only mine");
  });

  it("a demo session's task ticks are its own, and go at logout", async () => {
    const a = await login(api.key, "planning");
    const b = await login(api.key, "planning");
    const tasks = async (loginid: string) => {
      const r = await call(api.key, loginid, "nav/listtasks", vision, "planning");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.taskLists.flatMap(
        (l: { taskListID: string; tasks: { taskID: string; complete: boolean }[] }) =>
          l.tasks.map((t) => ({ list: l.taskListID, task: t.taskID, complete: t.complete })),
      ) as { list: string; task: string; complete: boolean }[];
    };
    const first = (await tasks(a)).find((t) => !t.complete);
    if (!first) throw new Error("no open task in the demo");
    const ticked = await call(
      api.key,
      a,
      "action/taskstatus",
      { ...vision, taskListID: first.list, taskID: first.task, complete: true },
      "planning",
    );
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    const isTicked = async (loginid: string) =>
      (await tasks(loginid)).find((t) => t.list === first.list && t.task === first.task)?.complete;
    expect(await isTicked(a)).toBe(true);
    expect(await isTicked(b)).toBe(false);
    const kept = () =>
      api.app.services.db.query("select 1 from task_status where application = $1", [`Vision@${a}`]);
    expect(await kept()).toHaveLength(1);
    expect((await call(api.key, a, "action/logout", {}, "planning")).status).toBe(200);
    expect(await kept()).toEqual([]);
  });

  it("a view is dropped at logout, and with a session that expired", async () => {
    const a = await login(api.key);
    await save(api.key, a, "702");
    expect(Number(await journaled(`Sample@${a}`))).toBe(1);
    const out = await call(api.key, a, "action/logout", {});
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(Number(await journaled(`Sample@${a}`))).toBe(0);

    const c = await login(api.key);
    await save(api.key, c, "703");
    const open = views().essbase.size;
    // The session ends without a logout (as when it expires): the next sweep drops its view.
    await api.app.services.sessions.delete(c);
    await views().sweep((id) => api.app.services.sessions.alive(id), 60_000);
    expect(Number(await journaled(`Sample@${c}`))).toBe(0);
    expect(views().essbase.size).toBe(open - 1);
  });

  it("a saved view is rebuilt from the journal where it is not in memory (another node, a restart)", async () => {
    const a = await login(api.key);
    await save(api.key, a, "704");
    // Forget every view in memory, as a node that never served this session would be.
    await views().sweep(async () => true, 0);
    expect(views().essbase.size).toBe(0);
    expect((await read(api.key, a))[0]?.[0]).toBe("704");
  });
});
