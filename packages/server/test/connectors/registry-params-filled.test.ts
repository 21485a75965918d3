import { EmbeddedProvider } from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import {
  DEFAULT_SLICES,
  ERROR_CODES,
  formatErrorMessage,
  ProviderError,
  registryCodeOf,
  SliceScheduler,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { essbase } from "../../../embedded/test/embedded-calls.ts";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * A provider error names the parameters its registry message needs, so that no answer says `{name}`. An unknown
 * dimension through the planning and pbcs connectors answered 'The dimension "{dimension}" does not exist in
 * cube "{cube}".' (the connector passed `dim`), and the demo answered it in English even in French (no
 * parameters: the engine's own words); the demo's refusals of a session variable or a data version too.
 */

const PLACEHOLDER = /\{[A-Za-z]+\}/;

/** The `{name}`s of the error's registry message, in either language, that its parameters leave unfilled. */
function unfilled(e: ProviderError): string[] {
  const code = registryCodeOf(e.code);
  if (e.params === null && /\{/.test(ERROR_CODES[code].en)) return ["(no parameters)"];
  return (["en", "fr"] as const).flatMap((locale) =>
    [...formatErrorMessage(code, e.params ?? {}, locale).matchAll(/\{([A-Za-z]+)\}/g)].map(
      (m) => m[1] as string,
    ),
  );
}

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

describe("an unknown dimension of Vision, through each planning connector", () => {
  server.eachVision("named with its plan type, in English and in French", async (vision, connector) => {
    const members = { ...vision, cube: "Plan1", dim: "Nope", filter: "Children", arg: "Q1" };
    const en = await server.post("nav/enummembers", members, { connector, language: "en" });
    expectError(en, 404, "QB_ERR_DIMENSION_UNKNOWN", "dim");
    expect(en.json.message).toBe('The dimension "Nope" does not exist in cube "Plan1".');
    const fr = await server.post("nav/enummembers", members, { connector, language: "fr" });
    expect(fr.json.message).toBe("La dimension « Nope » n'existe pas dans le cube « Plan1 ».");
    const filters = await server.post(
      "nav/enumfilters",
      { ...vision, dim: "Nope" },
      { connector, language: "fr" },
    );
    expect([filters.status, filters.json.code]).toEqual([404, "QB_ERR_DIMENSION_UNKNOWN"]);
    // No plan type named: those looked in (the demo's two; the ones the Planning server lists).
    expect(filters.json.message).toMatch(
      /^La dimension «\u00a0Nope\u00a0» n'existe pas dans le cube «\u00a0Plan1(, Plan2)?\u00a0»\.$/,
    );
  });
});

describe("the demo's refusals of a session variable and a data version", () => {
  const session = essbase;
  const level = { server: "EssbaseCluster-1", application: null, cube: null };
  const refusal = async (call: (p: EmbeddedProvider) => Promise<unknown>): Promise<ProviderError> => {
    const p = await EmbeddedProvider.open({
      scheduler: new SliceScheduler(DEFAULT_SLICES),
      store: memoryStore(),
      credentialsValid: () => true,
    });
    try {
      await call(p);
    } catch (e) {
      if (e instanceof ProviderError) return e;
      throw e;
    } finally {
      await p.close();
    }
    throw new Error("no refusal");
  };

  it.each([
    [
      "a variable name Essbase refuses",
      (p: EmbeddedProvider) => p.essbase.setVariable(session, level, { name: "Cur-Month", value: "Jan" }),
    ],
    [
      "a variable value starting with &",
      (p: EmbeddedProvider) => p.essbase.setVariable(session, level, { name: "CurMonth", value: "&Jan" }),
    ],
    [
      "a 65th variable of the session",
      (p: EmbeddedProvider) => {
        const variables = Array.from({ length: 64 }, (_, i) => ({ ...level, name: `V${i}`, value: "Jan" }));
        return p.essbase.setVariable({ ...session, variables }, level, { name: "CurMonth", value: "Jan" });
      },
    ],
    [
      "a data version this server never answered",
      (p: EmbeddedProvider) =>
        p.essbase.save(
          session,
          { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" },
          {
            grid: [
              ["", "Jan", "Cola", "Sales", "Actual"],
              ["New York", "1"],
            ],
            cells: [{ row: 1, column: 1 }],
            dataVersion: "v1",
          },
        ),
    ],
  ])("%s", async (_name, call) => {
    const e = await refusal(call);
    expect(e.code).toBe("INVALID_INPUT");
    expect(unfilled(e)).toEqual([]);
    const fr = formatErrorMessage(registryCodeOf(e.code), e.params ?? {}, "fr");
    expect(fr).toMatch(/^Valeur invalide pour (name|value|dataVersion)\u00a0: /);
    expect(fr).not.toMatch(PLACEHOLDER);
  });

  it("the 65th variable, through the API, in French", async () => {
    const login = await server.post(
      "action/login",
      { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
      { connector: "essbase" },
    );
    const set = (name: string) =>
      server.post(
        "action/setvariable",
        { loginid: login.json.loginid, server: "EssbaseCluster-1", name, value: "Jan" },
        { connector: "essbase", language: "fr" },
      );
    for (let i = 0; i < 64; i++) expect((await set(`V${i}`)).status).toBe(200);
    const refused = await set("V64");
    expectError(refused, 400, "QB_ERR_VALIDATION", "name");
    expect(refused.json.message).toBe(
      "Valeur invalide pour name\u00a0: une session garde au plus 64\u00a0variables de substitution qui lui sont propres\u202f; modifiez l'une de celles qu'elle a définies, ou reconnectez-vous.",
    );
  });
});
