import {
  answerGridXml,
  answers,
  answerXml,
  backgroundPovXml,
  connectAnswerXml,
  connectBody,
  dimListXml,
  enumMembersAnswerXml,
  enumMembersBody,
  enumRulesBody,
  exceptionXml,
  FILTER_CATALOGUE,
  findMemberAnswerXml,
  helloBody,
  isProtocolAnswer,
  memberFilterOf,
  namedSession,
  preferencesXml,
  promptsAnswerXml,
  promptValuesXml,
  provisionedDataSourcesBody,
  provisionedDataSourcesXml,
  queryPreferences,
  readAnswerGrid,
  readBackgroundPov,
  readCredentials,
  readDimList,
  readException,
  readFilter,
  readPreferences,
  readPrompts,
  readPromptValues,
  readProvisionedDataSources,
  readRequestGrid,
  readRule,
  readRules,
  requestGridXml,
  requestMethod,
  requestXml,
  rulesAnswerXml,
  ruleXml,
  SV_MISSING,
  SV_TYPE,
  type SvElement,
  SvException,
  sidXml,
  ssoConnectBody,
  svChild,
  svList,
  svText,
  wildcardMatcher,
} from "@qibates/protocols/smartview";
import { readXmlSync, treeBuilder } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";

const read = (text: string): SvElement => readXmlSync(text, treeBuilder) as SvElement;
/** A request as the connector writes it (session id first), read back as the endpoint reads it. */
const request = (method: string, body: string) => read(requestXml(method, `${sidXml("42")}\n${body}`));
/** An answer as the endpoint writes it, read back as the connector reads it. */
const answer = (method: string, content: string) => read(answerXml(method, content));

const odd = `A&B <"x"> 'y'`;

describe("Smart View codec: messages", () => {
  it("a request carries its method and session id; the session id is found without parsing", () => {
    const text = requestXml("Refresh", `${sidXml("123456789")}\n<grid/>`);
    expect(namedSession(text)).toBe("123456789");
    const req = read(text);
    expect(requestMethod(req)).toBe("Refresh");
    expect(svText(req, "sID")).toBe("123456789");
  });

  it("a root that is not a request is refused", () => {
    expect(() => requestMethod(read("<res_Refresh/>"))).toThrow(SvException);
  });

  it("an answer is res_<method>; the exception element carries its words", () => {
    const a = answer("ListCubes", '<cubes enc="1">Basic|Demo</cubes>');
    expect(answers(a, "ListCubes")).toBe(true);
    expect(answers(a, "ListApps")).toBe(false);
    expect(isProtocolAnswer(a)).toBe(true);
    expect(svList(a, "cubes")).toEqual(["Basic", "Demo"]);
    const e = read(exceptionXml(`Cube ${odd} does not exist.`));
    expect(isProtocolAnswer(e)).toBe(true);
    expect(readException(e)).toEqual({ errcode: "4", desc: `Cube ${odd} does not exist.` });
    expect(isProtocolAnswer(read("<html/>"))).toBe(false);
  });
});

describe("Smart View codec: login", () => {
  it("user name and password, a token, a hello", () => {
    expect(readCredentials(request("ConnectToProvider", connectBody(odd, `p|w&d<`)))).toEqual({
      username: odd,
      password: "p|w&d<",
      sso: "",
    });
    expect(readCredentials(read(requestXml("ConnectToProvider", ssoConnectBody("tok&en")))).sso).toBe(
      "tok&en",
    );
    expect(readCredentials(read(requestXml("ConnectToProvider", helloBody())))).toEqual({
      username: "",
      password: "",
      sso: "",
    });
    const sources = read(requestXml("GetProvisionedDataSources", provisionedDataSourcesBody("admin", "pw")));
    expect(readCredentials(sources)).toEqual({ username: "admin", password: "pw", sso: "" });
  });

  it("the session id and the provider; Workspace's token and Planning provider", () => {
    const a = answer("ConnectToProvider", connectAnswerXml("{AB12}", `Analytic Services (${odd})`));
    expect(svText(a, "sID")).toBe("{AB12}");
    expect(svText(a, "provider")).toBe(`Analytic Services (${odd})`);
    expect(
      svChild(answer("ConnectToProvider", connectAnswerXml(null, "Hyperion Planning")), "sID"),
    ).toBeUndefined();
    const w = answer(
      "GetProvisionedDataSources",
      provisionedDataSourcesXml("t-1", "http://h:1/HyperionPlanning/SmartView"),
    );
    expect(readProvisionedDataSources(w)).toEqual({ sso: "t-1", planning: true });
    expect(readProvisionedDataSources(answer("GetProvisionedDataSources", "<sso>t</sso>"))).toEqual({
      sso: "t",
      planning: false,
    });
  });
});

describe("Smart View codec: grids", () => {
  it("a request grid written by the connector is read by the endpoint", () => {
    const vals = ["", "Jan", "Feb", odd, "", "", "Cola", "", ""];
    const types = [7, 0, 0, 0, 2, 2, 0, 2, 2];
    const grid = requestGridXml(
      [
        { name: "Year", col: 0 },
        { name: "Product", row: 0 },
        { name: "Market", pov: "East & West" },
      ],
      { rows: 3, cols: 3, vals, types },
    );
    const req = request("Refresh", grid);
    const g = readRequestGrid(svChild(req, "grid"), undefined, 100);
    expect(g).toEqual({
      rows: 3,
      cols: 3,
      vals,
      types: types.map(String),
      rowDims: ["Product"],
      colDims: ["Year"],
      pov: new Map([["Market", "East & West"]]),
    });
    expect(() => readRequestGrid(svChild(req, "grid"), undefined, 8)).toThrow(SvException);
  });

  it("an answer grid written by the endpoint is read by the connector", () => {
    const vals = ["", "Sales", "Cola", "#MISSING", odd, "12.5"];
    const types = [SV_TYPE.blank, SV_TYPE.member, SV_TYPE.member, SV_TYPE.data, SV_TYPE.member, SV_TYPE.data];
    const status = [0, 0, 0, SV_MISSING, 0, 0];
    const grid = answerGridXml(
      [
        { name: "Measures", col: 0 },
        { name: "Product", row: 0 },
        { name: "Market", pov: odd },
      ],
      preferencesXml(readPreferences(undefined)),
      { rows: 3, cols: 2, vals, types, status },
    );
    const g = readAnswerGrid(answer("ExecuteQuery", `${sidXml("42")}\n${grid}`));
    expect(g).toEqual({
      columns: ["Measures"],
      rows: ["Product"],
      pov: [{ dimension: "Market", member: odd }],
      height: 3,
      width: 2,
      vals,
      types,
      status,
    });
  });

  it("the background POV", () => {
    const pov = [
      { dimension: "Year", member: "Qtr1" },
      { dimension: odd, member: "M&M" },
    ];
    const req = request("GetDefaultGrid", `${queryPreferences(null, 0)}\n${backgroundPovXml(pov)}`);
    expect(readBackgroundPov(req)).toEqual(
      new Map([
        ["Year", "Qtr1"],
        [odd, "M&M"],
      ]),
    );
    expect(readBackgroundPov(request("GetDefaultGrid", backgroundPovXml([])))).toEqual(new Map());
  });

  it("preferences: the connector's are read by the endpoint; the endpoint's echo reads back the same", () => {
    const sent = readPreferences(svChild(request("ExecuteQuery", queryPreferences(odd, 2)), "preferences"));
    expect(sent.aliasTableName).toBe(odd);
    expect(sent.essIndent).toBe("2");
    expect(sent.zoomin).toEqual({ ancestor: "bottom", mode: "base" });
    expect(
      readPreferences(svChild(request("ExecuteQuery", queryPreferences(null)), "preferences")).aliasTableName,
    ).toBe("none");
    const echoed = readPreferences(svChild(answer("Refresh", preferencesXml(sent)), "preferences"));
    // The echo is the capture's shape: no essIndent, and zoomin split in two elements, of which a request's
    // reader takes the first (ancestor): mode and indentation read back as the reader's defaults.
    expect(echoed).toEqual({ ...sent, zoomin: { ancestor: "bottom", mode: "children" }, essIndent: "0" });
  });
});

describe("Smart View codec: members, dimensions, rules", () => {
  it("a member filter and its members", () => {
    const req = request("EnumMembers", enumMembersBody("Product", "Level", [odd, "0"]));
    expect(svText(req, "dim")).toBe("Product");
    const f = readFilter(memberFilterOf(req));
    expect(f.name).toBe("Level");
    expect([f.arg("0"), f.arg("1"), f.arg("2")]).toEqual([odd, "0", ""]);
    expect(readFilter(undefined).name).toBe("Hierarchy");
    const a = answer("EnumMembers", enumMembersAnswerXml(["Cola", odd], [2, 0]));
    expect(svList(a, "mbrs")).toEqual(["Cola", odd]);
    expect(svList(a, "atts")).toEqual(["2", "0"]);
    expect(svList(a, "mbrDesc")).toEqual(["", ""]);
  });

  it("the filter catalogue: eight filters by id, each with its arguments", () => {
    const list = svChild(answer("EnumFilters", FILTER_CATALOGUE), "filterList");
    const filters = list?.children ?? [];
    expect(filters.map((f) => Number(f.attrs.id))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const f of filters) expect(readFilter(f).name).toBe(f.attrs.name);
    expect(filters.find((f) => f.attrs.name === "UDA")?.children.map((a) => a.attrs.name)).toEqual([
      "top",
      "uda",
    ]);
  });

  it("dimensions and found paths", () => {
    const dims = [
      { name: "Year", type: "regular" as const, alias: "Year" },
      { name: odd, type: "attribute" as const, alias: "Ounces" },
    ];
    expect(readDimList(answer("EnumDims", dimListXml(dims)))).toEqual(dims);
    const found = answer("FindMember", findMemberAnswerXml([["Product", "Colas", odd]]));
    const paths = svChild(found, "pathList")?.children ?? [];
    expect(paths.map((p) => svList(p, "mbrs"))).toEqual([["Product", "Colas", odd]]);
    expect(svChild(answer("FindMember", findMemberAnswerXml([])), "pathList")?.children).toEqual([]);
  });

  it("business rules, their prompts and a run", () => {
    const a = answer("EnumBusinessRules", rulesAnswerXml("42", [{ type: "Calc", prompts: true, name: odd }]));
    expect(svText(a, "sID")).toBe("42");
    const rules = svChild(a, "rules")?.children ?? [];
    expect(rules.map((r) => [r.attrs.type, r.attrs.rtp, r.text])).toEqual([["Calc", "1", odd]]);
    const p = answer(
      "EnumRunTimePrompts",
      promptsAnswerXml([
        {
          name: "Scenario",
          description: odd,
          dimension: "Scenario",
          defaultValue: "Plan",
          cube: "Plan1",
          required: true,
        },
      ]),
    );
    const rtp = svChild(svChild(p, "prompts"), "rtp");
    expect(svText(rtp, "description")).toBe(odd);
    expect(svChild(rtp, "member")?.attrs).toEqual({ dim: "Scenario", mbrselect: "1" });
    expect(svText(svChild(rtp, "member"), "default")).toBe("Plan");
    expect(svText(rtp, "allowMissing")).toBe("0");
  });

  it("rules and prompts: the connector's requests read by the endpoint, the endpoint's answers by the connector", () => {
    const list = request("EnumBusinessRules", enumRulesBody("Plan1"));
    expect([svText(list, "cube"), svText(list, "runOnSave")]).toEqual(["Plan1", "0"]);
    const rules = [
      { type: "Calc", prompts: true, name: odd },
      { type: "", prompts: false, name: "AggregateData" },
    ];
    expect(readRules(answer("EnumBusinessRules", rulesAnswerXml("42", rules)))).toEqual(rules);
    const prompts = [
      {
        name: "Entity",
        description: odd,
        dimension: "Entity",
        defaultValue: "",
        cube: "Plan1",
        required: false,
      },
      { name: "Amount", description: "", dimension: "", defaultValue: "1", cube: "Plan1", required: true },
    ];
    expect(readPrompts(answer("EnumRunTimePrompts", promptsAnswerXml(prompts)))).toEqual(prompts);
    const values = [
      { name: "Entity", value: odd },
      { name: "Amount", value: "" },
    ];
    const launch = request("LaunchBusinessRule", `${ruleXml(odd, "Calc")}\n${promptValuesXml(values)}`);
    expect(readRule(launch)).toEqual({ name: odd, type: "Calc" });
    expect(readPromptValues(launch)).toEqual(values);
    expect(readRule(request("LaunchBusinessRule", ruleXml("R", "")))).toEqual({ name: "R" });
    expect(readPromptValues(request("LaunchBusinessRule", promptValuesXml([])))).toEqual([]);
  });
});

describe("Smart View codec: FindMember's wildcards", () => {
  /** What a RegExp of the pattern says (the endpoint's former matcher), for patterns of few stars. */
  const byRegExp = (pattern: string, name: string) =>
    new RegExp(
      `^${pattern
        .trim()
        .split("")
        .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
        .join("")}$`,
      "i",
    ).test(name);

  it("matches as a RegExp of the pattern does: * any run, ? one character, case ignored, the whole name", () => {
    const names = ["", "Cola", "100-10", "Diet Root Beer", "aaa", "a*b", "New York", "Qtr1", "Éte", "été"];
    const patterns = [
      "",
      "*",
      "?",
      "c*",
      "*A",
      "*oo*",
      "d*t*r*er",
      "??",
      "1??-?0",
      "*-*",
      "a*a*a",
      "a*a*a*a",
    ];
    patterns.push("*?*", "ÉTÉ", "a\\*b", "*t r*", "new*", " New* ", "a.a", "(a)");
    let checked = 0;
    for (const p of patterns)
      for (const n of names) {
        expect(wildcardMatcher(p)(n), `${JSON.stringify(p)} ~ ${JSON.stringify(n)}`).toBe(byRegExp(p, n));
        checked++;
      }
    // Random patterns over a small alphabet, against random names.
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const pick = (chars: string, length: number) =>
      Array.from({ length }, () => chars[Math.floor(next() * chars.length)]).join("");
    for (let i = 0; i < 3000; i++) {
      const p = pick("ab*?", 1 + Math.floor(next() * 7));
      const n = pick("abA", Math.floor(next() * 9));
      expect(wildcardMatcher(p)(n), `${JSON.stringify(p)} ~ ${JSON.stringify(n)}`).toBe(byRegExp(p, n));
      checked++;
    }
    expect(checked).toBe(3200);
  });

  // A RegExp of this pattern tries every way of placing its stars in the name: about 3 s for `*?` fourteen times
  // against 28 characters, far longer here, the event loop held meanwhile. Placed left to right, at once.
  it("takes no longer on a pattern of many stars against a long name", () => {
    const matches = wildcardMatcher(`${"*?".repeat(20)}*!`);
    expect(matches("a".repeat(48))).toBe(false);
    expect(matches(`${"a".repeat(48)}!`)).toBe(true);
  });
});
