import { readFileSync } from "node:fs";
import { CAPABILITIES, type Capability, CONNECTORS, familyOf } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * The "Features and compatibility" page (en, fr) and the Ad hoc page read as a user reads them, then tried on
 * the demo: member search, substitution variables (list, set, typed in a grid) and Dynamic Time Series
 * members. A cell that says Yes must work with that connector; one that says No must be refused as the API
 * promises (`QB_ERR_OPERATION_UNSUPPORTED` for a capability, an unknown member for a variable typed in a grid).
 */
const DOCS = new URL("../../../../site/", import.meta.url);
const PAGES = {
  en: {
    features: new URL("docs/develop/capability-table.md", DOCS),
    matrix: new URL("docs/QiBates/features-compatibility.md", DOCS),
    adhoc: new URL("docs/QiBates/features/actions/AdHoc.md", DOCS),
    works: "**Works**",
    yes: "Yes",
    no: "No",
    demoOnly: "Demo only",
    variablesRow: "Substitution variables",
  },
  fr: {
    features: new URL("i18n/fr/docusaurus-plugin-content-docs/current/develop/capability-table.md", DOCS),
    matrix: new URL("i18n/fr/docusaurus-plugin-content-docs/current/QiBates/features-compatibility.md", DOCS),
    works: "**Oui**",
    adhoc: new URL("i18n/fr/docusaurus-plugin-content-docs/current/QiBates/features/actions/AdHoc.md", DOCS),
    yes: "Oui",
    no: "Non",
    demoOnly: "Démo seulement",
    variablesRow: "Variables de substitution",
  },
} as const;
type Lang = keyof typeof PAGES;
/** The Essbase-family connectors, in the order of their descriptions (the page's columns). */
const ESSBASE_FAMILY = CONNECTORS.filter((c) => familyOf(c) === "essbase");
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

/** The rows of every Markdown table of a page: cells trimmed, header and separator rows included. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .map((l) =>
      l
        .slice(1, l.endsWith("|") ? -1 : undefined)
        .split("|")
        .map((c) => c.trim()),
    );
}

/** Yes or No, as a cell of the page says it (its note marks and qualifiers left out); "Demo only" is yes here. */
function verdict(lang: Lang, text: string): "yes" | "no" {
  if (text.startsWith(PAGES[lang].yes) || text.startsWith(PAGES[lang].demoOnly)) return "yes";
  if (text.startsWith(PAGES[lang].no)) return "no";
  throw new Error(`neither yes nor no: ${text}`);
}

/** What the API table of the page says of a capability, per Essbase-family connector. */
function capabilityClaims(lang: Lang, id: Capability): Record<string, "yes" | "no"> {
  const label = CAPABILITIES.find((c) => c.id === id)?.label[lang];
  const row = tableRows(readFileSync(PAGES[lang].features, "utf8")).find((r) => r[0] === label);
  if (!row) throw new Error(`no row for ${id} (${label}) on the ${lang} page`);
  // Columns: capability, calls, then one per Essbase-family connector.
  return Object.fromEntries(ESSBASE_FAMILY.map((c, i) => [c, verdict(lang, row[2 + i] ?? "")]));
}

let api: TestApi;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const c of [...ESSBASE_FAMILY, "planning"]) sessions[c] = await api.login(c);
});
afterAll(async () => api.close());

const call = async (connector: string, path: string, body: Record<string, unknown>) => {
  const res = await api.post(path, { loginid: sessions[connector], ...body }, { connector });
  return { status: res.statusCode, body: res.json() };
};
const refresh = (connector: string, grid: string[][]) => call(connector, "action/refresh", { ...cube, grid });
const POV = ["", "Actual", "Cola", "East"];

describe.each(Object.keys(PAGES) as Lang[])("the %s pages' claims, tried on the demo", (lang) => {
  it("member search: where the table says Yes, nav/search finds Cola's members; where No, it is refused", async () => {
    const claims = capabilityClaims(lang, "memberSearch");
    for (const connector of ESSBASE_FAMILY) {
      const r = await call(connector, "nav/search", { ...cube, action: { keyword: "cola" } });
      if (claims[connector] === "yes")
        expect([connector, r.status, r.body.total]).toEqual([connector, 200, 4]);
      else expect([connector, r.body.code]).toEqual([connector, "QB_ERR_OPERATION_UNSUPPORTED"]);
    }
  });

  it("substitution variables listed: Yes lists Sample.Basic's CurrMonth, No is refused", async () => {
    const claims = capabilityClaims(lang, "variables");
    for (const connector of ESSBASE_FAMILY) {
      const r = await call(connector, "nav/variables", cube);
      if (claims[connector] === "yes") {
        const currMonth = r.body.variables?.find((v: { name: string }) => v.name === "CurrMonth");
        expect([connector, r.status, currMonth]).toEqual([
          connector,
          200,
          { name: "CurrMonth", value: "Jul" },
        ]);
      } else expect([connector, r.body.code]).toEqual([connector, "QB_ERR_OPERATION_UNSUPPORTED"]);
    }
  });

  it("substitution variables set: Yes sets one that the session's grid then reads, No is refused", async () => {
    const claims = capabilityClaims(lang, "variablesSet");
    for (const connector of ESSBASE_FAMILY) {
      const name = `Claim_${lang}`;
      const r = await call(connector, "action/setvariable", { ...cube, name, value: "Feb" });
      if (claims[connector] === "yes") {
        expect([connector, r.status]).toEqual([connector, 200]);
        const grid = await refresh(connector, [POV, ["", "Sales"], [`&${name}`, ""]]);
        expect([connector, grid.body.grid?.[2]?.slice(0, 2)]).toEqual([connector, ["Feb", "85"]]);
      } else expect([connector, r.body.code]).toEqual([connector, "QB_ERR_OPERATION_UNSUPPORTED"]);
    }
  });

  it("the matrix's Substitution variables row: typed with & in a grid where it works, refused where No, the Substitution filter on Planning", async () => {
    const page = readFileSync(PAGES[lang].matrix, "utf8");
    const rows = tableRows(page);
    // The matrix: a feature, its five servers, then the reasons (Why).
    const header = rows.find((r) => r[1] === "Essbase 11.x") ?? [];
    const row = rows.find((r) => r[0] === PAGES[lang].variablesRow && r.length === header.length);
    expect(row, "the Substitution variables row").toBeDefined();
    const column = (name: string) => row?.[header.indexOf(name)] ?? "";
    // Works and Demo only are what the demo server does: a variable typed in its grid is read.
    const works = (cell: string) =>
      cell.startsWith(PAGES[lang].works) || cell.startsWith(`**${PAGES[lang].demoOnly}**`);
    for (const [connector, title] of [
      ["essbase", "Essbase 11.x"],
      ["ssas", "SSAS"],
      ["essbase-stndln", "Essbase 21c"],
    ] as const) {
      const cell = column(title);
      const r = await refresh(connector, [POV, ["", "Sales"], ["&CurrMonth", ""]]);
      if (works(cell))
        expect([connector, r.body.grid?.[2]?.slice(0, 2)]).toEqual([connector, ["Jul", "2248"]]);
      else expect([connector, r.status, r.body.code]).toEqual([connector, 422, "QB_ERR_MEMBER_UNKNOWN"]);
    }
    // Planning: the Substitution filter of member selection offers them.
    expect(column("Planning").startsWith(PAGES[lang].works)).toBe(true);
    const filter = await call("planning", "nav/enummembers", {
      server: "Planning",
      application: "Vision",
      cube: "Plan1",
      dim: "Period",
      filter: "Substitution",
    });
    expect(filter.status, JSON.stringify(filter.body)).toBe(200);
    expect(filter.body.members.length).toBeGreaterThan(0);
    for (const m of filter.body.members) expect(m.name).toMatch(/^&/);
  });

  it("the Ad hoc page's Dynamic Time Series claims: typed with a variable, shown as the page says, to-date value", async () => {
    const text = readFileSync(PAGES[lang].adhoc, "utf8");
    // "`Q-T-D(&CurrMonth)` shows `Q-T-D(Jul)`" (en) / « `Q-T-D(&CurrMonth)` affiche `Q-T-D(Jul)` » (fr).
    const claim = /`(Q-T-D\(&CurrMonth\))`[^`]*`(Q-T-D\(Jul\))`/.exec(text);
    expect(claim, "the Dynamic Time Series example of the page").not.toBeNull();
    const [, typed, shown] = claim as unknown as [string, string, string];
    for (const connector of ["essbase", "essbase-stndln"]) {
      const r = await refresh(connector, [POV, ["", "Sales"], [typed, ""], ["Q-T-D(Feb)", ""]]);
      // East, Cola, Sales, Actual: Jul 2248 (the quarter's first month), Jan 109 + Feb 85 = 194.
      expect([connector, r.body.grid?.[2]?.slice(0, 2), r.body.grid?.[3]?.slice(0, 2)]).toEqual([
        connector,
        [shown, "2248"],
        ["Q-T-D(Feb)", "194"],
      ]);
      expect(r.body.cellKinds[3][1]).toBe("read-only");
    }
  });
});
