import type { EssbaseOperations, Provider } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_BASIC, startWrappedDemoApi, type TestApi } from "../support/api.ts";

/**
 * An internal fault (here the demo's engine failing on a calculation with an error no code stands for) answers
 * 500 QB_ERR_INTERNAL with the message the product specification fixes, "Internal server error", whatever the
 * caller's language, and never the fault's own words.
 */

const FAULT = "the engine's own words, for the log only";

function failingCalculations(inner: Provider): Provider {
  const essbase = inner.essbase as EssbaseOperations;
  const failing: EssbaseOperations = Object.create(essbase);
  failing.calculate = async () => {
    throw new Error(FAULT);
  };
  return Object.assign(Object.create(inner) as Provider, { essbase: failing });
}

let api: TestApi;
beforeAll(async () => {
  api = await startWrappedDemoApi(failingCalculations);
});
afterAll(async () => api.close());

describe("an internal fault", () => {
  it.each([
    ["en", "Internal server error"],
    ["fr", "Internal server error"],
  ])(
    "is answered with the specification's message (%s), without the fault's words",
    async (language, message) => {
      const loginid = await api.login("essbase");
      const r = await api.post(
        "action/calculate",
        { loginid, ...SAMPLE_BASIC, action: { script: "CalcAll" } },
        { "accept-language": language },
      );
      expect(r.statusCode).toBe(500);
      const body = r.json();
      expect(body).toMatchObject({ code: "QB_ERR_INTERNAL", message, field: null });
      expect(r.body).not.toContain(FAULT);
    },
  );
});
