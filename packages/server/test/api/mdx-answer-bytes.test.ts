import type { EssbaseOperations, Provider } from "@qibates/provider";
import { answerValue, jsonAnswer } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_BASIC, startWrappedDemoApi, type TestApi } from "../support/api.ts";

/**
 * `action/mdx` sends the grid a grid worker wrote (a `json` answer) as it is, as the grid calls do. It
 * was parsed and written again by Fastify on the event loop: for about 383,000 cells, `/health` waited 656 ms.
 * The demo's engine is wrapped so that its MDX answer is JSON laid out with line breaks, which a parse and a
 * new serialisation would not keep: the bytes the caller gets show which way the answer went.
 */
let api: TestApi;
let sent: string | null = null;

function spacedMdx(inner: Provider): Provider {
  const essbase = inner.essbase as EssbaseOperations;
  const wrapped: EssbaseOperations = Object.create(essbase);
  wrapped.mdx = async (...args) => {
    const value = answerValue(await essbase.mdx(...args));
    sent = JSON.stringify(value, null, 1);
    const rows = value.grid.length;
    return jsonAnswer(
      new TextEncoder().encode(sent),
      { rows, columns: value.grid[0]?.length ?? 0 },
      Object.keys(value),
    );
  };
  return Object.assign(Object.create(inner) as Provider, { essbase: wrapped });
}

beforeAll(async () => {
  api = await startWrappedDemoApi(spacedMdx);
});
afterAll(async () => api.close());

describe("action/mdx's answer", () => {
  it("is the grid worker's JSON, byte for byte, not parsed and written again on the event loop", async () => {
    const loginid = await api.login("essbase");
    const query = "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [West]} ON ROWS FROM Sample.Basic";
    const res = await api.post("action/mdx", { loginid, ...SAMPLE_BASIC, query }, { connector: "essbase" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent).not.toBeNull();
    expect(res.body).toBe(sent);
    expect(res.json().grid.flat()).toEqual(expect.arrayContaining(["Jan", "Feb", "Mar", "East", "West"]));
  });
});
