import { engineError } from "@qibates/embedded";
import { CubeError } from "@qibates/engine";
import {
  CAPABILITIES,
  CONNECTORS,
  ERROR_CODES,
  ProviderError,
  type ProviderErrorCode,
} from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api-error.ts";
import { providerError } from "../../src/provider-errors.ts";
import { startTestApi, type TestApi } from "../support/api.ts";

/** The capability table, as an API user meets it: on `/health`, and as the typed error of a missing one. */

const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const GRID = [
  ["", "Sales", "Actual"],
  ["", "Jan", "Feb"],
  ["Market", "", ""],
];

let api: TestApi;
const logins: Record<string, string> = {};
beforeAll(async () => {
  api = await startTestApi();
  logins.essbase = await api.login("essbase");
  logins.ssas = await api.login("ssas");
});
afterAll(async () => api.close());

const call = (connector: string, path: string, body: Record<string, unknown>, language = "en") =>
  api.post(
    path,
    { ...CUBE, ...body, loginid: logins[connector] },
    { connector, "accept-language": language },
  );

describe("an operation the connector lacks answers the typed error before any provider is called", () => {
  const zoomFormulas = {
    grid: GRID,
    cells: [{ row: 2, column: 0 }],
    settings: { zoomInMode: "CALC_LEVEL" },
  };

  it("Zoom In to formulas on SSAS: 422, connector and operation named, in English and French", async () => {
    const en = await call("ssas", "action/zoomin", zoomFormulas);
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      code: "QB_ERR_OPERATION_UNSUPPORTED",
      field: "settings.zoomInMode",
      // The user's words; the developer's reason follows the operation and the connector in the detail.
      message: "QiBates cannot do this on your server: SSAS has no outline formulas.",
      detail:
        "action/zoomin (CALC_LEVEL) is not supported by connector ssas. SSAS calculations are MDX expressions, not outline formulas: there is no formula level to zoom to.",
    });
    const fr = await call("ssas", "action/zoomin", {
      ...zoomFormulas,
      settings: { ...zoomFormulas.settings, locale: "fr_FR" },
    });
    expect(fr.json().message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur\u00a0: SSAS n'a pas de formules d'outline.",
    );
  });

  it("the same zoom works on Essbase, and other zoom modes work on SSAS", async () => {
    expect((await call("essbase", "action/zoomin", zoomFormulas)).statusCode).toBe(200);
    const next = await call("ssas", "action/zoomin", {
      ...zoomFormulas,
      settings: { zoomInMode: "NEXT_LEVEL" },
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().grid.map((r: string[]) => r[0]?.trim())).toContain("East");
  });

  it("calc scripts on SSAS: listing and running them are refused; on Essbase they work", async () => {
    for (const [path, body] of [
      ["nav/scripts", {}],
      ["action/calculate", { action: { script: "CalcAll" } }],
    ] as const) {
      const res = await call("ssas", path, body);
      expect([res.statusCode, res.json().code], path).toEqual([422, "QB_ERR_OPERATION_UNSUPPORTED"]);
    }
    expect((await call("essbase", "nav/scripts", {})).json().scripts.length).toBeGreaterThan(0);
  });

  it("the UDA member filter on SSAS is refused; other filters work", async () => {
    const uda = await call("ssas", "nav/filter", {
      dimension: "Market",
      action: { filter: "UDA", arg1: "Major Market" },
    });
    expect([uda.statusCode, uda.json().code, uda.json().field]).toEqual([
      422,
      "QB_ERR_OPERATION_UNSUPPORTED",
      "action.filter",
    ]);
    const children = await call("ssas", "nav/filter", {
      dimension: "Market",
      action: { filter: "CHILDREN", arg1: null },
    });
    expect(children.statusCode).toBe(200);
    const essbaseUda = await call("essbase", "nav/filter", {
      dimension: "Market",
      action: { filter: "UDA", arg1: "Major Market" },
    });
    expect(essbaseUda.json().members.length).toBeGreaterThan(0);
  });
});

describe("GET /health lists each connector with its capabilities", () => {
  it("one entry per connector, every capability of its family, reasons for what it lacks", async () => {
    const res = await api.app.inject({ method: "GET", url: "/qibates/api/v2/health" });
    const table = res.json().capabilities as {
      connector: string;
      family: string;
      realServers: boolean;
      capabilities: {
        name: string;
        supported: boolean;
        reason?: string;
        onRealServers?: "no" | "partly";
        realServersReason?: string;
      }[];
    }[];
    expect(table.map((c) => c.connector)).toEqual([...CONNECTORS]);
    for (const entry of table) {
      // Every connector has a protocol client that reaches real servers.
      expect(entry.realServers, entry.connector).toBe(true);
      expect(entry.capabilities.map((c) => c.name)).toEqual(
        CAPABILITIES.filter((c) => c.family === entry.family).map((c) => c.id),
      );
      for (const c of entry.capabilities) expect(c.supported || (c.reason ?? "").length > 10).toBe(true);
    }
    const ssas = table.find((c) => c.connector === "ssas");
    expect(ssas?.capabilities.filter((c) => !c.supported).map((c) => c.name)).toEqual([
      "udaFilter",
      "variables",
      "variablesSet",
      "calcScripts",
      "zoomIn:CALC_LEVEL",
    ]);
    // Essbase 11.x through Smart View: the demo does everything; a real server lacks what no capture shows.
    const essbase = table.find((c) => c.connector === "essbase");
    expect(essbase?.capabilities.every((c) => c.supported)).toBe(true);
    expect(
      essbase?.capabilities.filter((c) => c.onRealServers).map((c) => [c.name, c.onRealServers]),
    ).toEqual([
      ["metadata", "partly"],
      ["variables", "no"],
      ["variablesSet", "no"],
      ["zoomIn:CALC_LEVEL", "no"],
      ["writeBack", "no"],
    ]);
    // The demo does every planning operation; Planning REST lacks some on real servers, each with its reason;
    // simple forms open and submit through Planning REST (form data, importdataslice), composite ones do not;
    // for planning (on premises), Smart View's XML protocol gives part of the prompts; alias tables are
    // checked through dimension details on both.
    for (const connector of ["pbcs", "planning"]) {
      const entry = table.find((c) => c.connector === connector);
      expect(entry?.capabilities.every((c) => c.supported)).toBe(true);
      const real = entry?.capabilities.filter((c) => c.onRealServers).map((c) => [c.name, c.onRealServers]);
      const smartView = connector === "planning" ? "partly" : "no";
      expect(real).toEqual([
        ["forms", "partly"],
        ["compositeForms", "no"],
        ["formSubmit", "partly"],
        ["taskLists", "no"],
        ["businessRules", "partly"],
        ["runtimePrompts", smartView],
        ["planningAliasTables", "partly"],
      ]);
      for (const c of entry?.capabilities ?? []) {
        if (c.onRealServers) expect((c.realServersReason ?? "").length).toBeGreaterThan(10);
      }
    }
  });
});

describe("provider errors, mapped in one place", () => {
  const codes: ProviderErrorCode[] = [
    "INVALID_INPUT",
    "LOGIN_FAILED",
    "NO_CONNECTOR",
    "UNSUPPORTED",
    "SERVER_UNKNOWN",
    "MEMBER_UNKNOWN",
    "PROMPT_UNKNOWN",
    "PROVIDER_FAILED",
  ];

  it("an operation a connector cannot do says why, when the connector gives a reason", () => {
    const mapped = (error: ProviderError): ApiError => {
      try {
        providerError(error);
      } catch (e) {
        return e as ApiError;
      }
      throw new Error("not rethrown");
    };
    const why = mapped(
      new ProviderError("UNSUPPORTED", "…", {
        operation: "nav/listtasks",
        connector: "pbcs",
        reason: "Planning REST has no documented call for task lists.",
      }),
    );
    expect(why.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
    expect(why.localizedMessage("en")).toBe(
      "QiBates cannot do this on your server: Planning REST has no documented call for task lists.",
    );
    expect(why.localizedMessage("fr")).toBe(
      "QiBates ne peut pas faire cela sur votre serveur : Planning REST has no documented call for task lists.",
    );
    const bare = mapped(
      new ProviderError("UNSUPPORTED", "…", { operation: "nav/listtasks", connector: "pbcs" }),
    );
    expect(bare.localizedMessage("en")).toBe("QiBates cannot do this on your server.");
  });

  it.each(codes)("%s becomes a registered code with the registry's status", (code) => {
    let mapped: unknown;
    try {
      providerError(new ProviderError(code, "words of the provider"));
    } catch (e) {
      mapped = e;
    }
    expect(mapped).toBeInstanceOf(ApiError);
    const api = mapped as ApiError;
    expect(api.status).toBe(ERROR_CODES[api.code].status);
    // A registry message with nothing to fill in is always the registry's, in the caller's language; any other
    // stands in the provider's words when the provider gave no parameters.
    const plain = !ERROR_CODES[api.code].en.includes("{");
    expect(api.localizedMessage("en")).toBe(plain ? ERROR_CODES[api.code].en : "words of the provider");
    if (plain) expect(api.localizedMessage("fr")).toBe(ERROR_CODES[api.code].fr);
  });

  it("an engine failure on valid input (a too-deep dynamic calculation) is a provider error, not a 500", () => {
    let mapped: unknown;
    try {
      engineError(new CubeError("Dynamic calculation is too deep (circular formula?)"));
    } catch (e) {
      try {
        providerError(e);
      } catch (api) {
        mapped = api;
      }
    }
    expect(mapped).toMatchObject({ code: "QB_ERR_PROVIDER_ERROR", status: 502 });
    expect((mapped as ApiError).localizedMessage("fr")).toBe(
      "Le fournisseur a renvoyé une erreur : Dynamic calculation is too deep (circular formula?)",
    );
  });

  it("anything else stays an internal error", () => {
    expect(() => providerError(new TypeError("bug"))).toThrow(TypeError);
  });
});
