import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EssbaseClient, sheet, startEndpoint } from "../support/endpoint.ts";

/**
 * Substitution variables through the Essbase REST endpoint: create (POST) and change (PUT) at the server, an
 * application and a cube, every request and 200 answer checked against Oracle's description (Ajv). The demo
 * keeps a variable for the endpoint session that set it: another session still reads Sample.Basic's own.
 */
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let client: EssbaseClient;
let other: EssbaseClient;
const cube = "/applications/Sample/databases/Basic";

beforeAll(async () => {
  endpoint = await startEndpoint();
  client = new EssbaseClient(endpoint.origin);
  other = new EssbaseClient(endpoint.origin);
});
afterAll(async () => {
  await endpoint.app.close();
});

const refresh = async (c: EssbaseClient, label: string) => {
  const r = await c.post(`${cube}/grid`, {
    action: "refresh",
    grid: {
      slice: {
        rows: 3,
        columns: 4,
        data: {
          ranges: [
            {
              start: 0,
              end: 11,
              values: ["", "Actual", "Cola", "East", "", "Sales", "", "", label, "", "", ""],
            },
          ],
        },
      },
    },
  });
  expect(r.status, r.text).toBe(200);
  return sheet(r.json)[2]?.slice(0, 2);
};

describe("setting substitution variables", () => {
  it("changes a cube's variable with PUT: this session's grids read it, another session's do not", async () => {
    const r = await client.put(`${cube}/variables/CurrMonth`, { name: "CurrMonth", value: "Aug" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ name: "CurrMonth", value: "Aug" });
    const listed = await client.get(`${cube}/variables`);
    expect(listed.json.items[0]).toEqual({ name: "CurrMonth", value: "Aug" });
    expect((await refresh(client, "&CurrMonth"))?.[0]).toBe("Aug");
    expect(await refresh(client, "&CurrMonth")).toEqual(await refresh(client, "Aug"));
    expect(await refresh(other, "&CurrMonth")).toEqual(["Jul", "2248.0"]);
    expect((await other.get(`${cube}/variables`)).json.items[0]).toEqual({ name: "CurrMonth", value: "Jul" });
  });

  it("creates with POST at each level, and refuses a POST of an existing name and a PUT of a missing one", async () => {
    const server = await client.post("/variables", { name: "Month", value: "Feb" });
    expect([server.status, server.json]).toEqual([200, { name: "Month", value: "Feb" }]);
    const app = await client.post("/applications/Sample/variables", { name: "Month", value: "Mar" });
    expect(app.status).toBe(200);
    expect((await client.get("/variables")).json.items).toEqual([{ name: "Month", value: "Feb" }]);
    expect((await client.get("/applications/Sample/variables")).json.items).toEqual([
      { name: "Month", value: "Mar" },
    ]);
    expect((await refresh(client, "&Month"))?.[0]).toBe("Mar");

    const again = await client.post("/variables", { name: "month", value: "Apr" });
    expect([again.status, again.error]).toEqual([400, "Variable month already exists in the server."]);
    const missing = await client.put(`${cube}/variables/NoSuch`, { name: "NoSuch", value: "Apr" });
    expect([missing.status, missing.error]).toEqual([
      400,
      "Variable NoSuch does not exist in database Sample.Basic.",
    ]);
    const changed = await client.put("/variables/Month", { name: "Month", value: "Apr" });
    expect(changed.json).toEqual({ name: "Month", value: "Apr" });
  });

  it("refuses what Essbase refuses: a name outside its rules, a value starting with &, an unknown application", async () => {
    const bad = await client.post("/variables", { name: "Curr-Month", value: "Aug" });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/letters, digits and underscores/);
    const amp = await client.put(`${cube}/variables/CurrMonth`, { name: "CurrMonth", value: "&PriorMonth" });
    expect(amp.status).toBe(400);
    const app = await client.post("/applications/Nope/variables", { name: "M", value: "Jan" });
    expect(app.status).toBe(400);
    expect(app.error).toMatch(/Nope/);
  });
});
