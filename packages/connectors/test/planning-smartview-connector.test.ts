import type { PlanningOperations, ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanningSmartViewProvider } from "../src/planning-smartview/provider.ts";
import { parseSv, type SvElement, svChild } from "../src/smartview/client.ts";
import { workspaceUrlFor } from "../src/smartview/workspace-client.ts";
import {
  expectLoginRefused,
  type FakeUpstream,
  fakePlanningSmartView,
  type HeardSmartView,
  loginSession,
  planningSmartViewConnector,
  type SmartViewReplies,
} from "./support/fake-upstream.ts";
import { smartViewFixture, svShape } from "./support/smartview-fixtures.ts";

/**
 * The planning connector's Smart View half against a recording server: Planning REST's login (version
 * discovery, applications, plan types) as the Planning REST connector sends it, then Smart View's on-premises
 * login and calls. Replies with a capture (EnumBusinessRules: fixtures/smartview, see its NOTICE) are the
 * captured ones; the others have the shape terameta/EPMToolBox-v3's client reads (described, not copied).
 * The EnumBusinessRules request is compared in structure with the captured request.
 *
 * Then the Smart View session ends on the server (idle there while the login worked through Planning REST, or
 * the server restarted) while the QiBates session lives on: the next alias-table or prompt call opens a new
 * Smart View session through Workspace and is answered, as the Essbase 21c and SSAS connectors do; a server
 * that refuses again gives its refusal, after one new session only.
 */

const fixture = smartViewFixture;
const shape = svShape;

const APP = { server: "Planning", application: "RACE_Rpt" };

describe("planning connector: Smart View for alias tables and prompts", () => {
  const requests: HeardSmartView[] = [];
  const replies: SmartViewReplies = new Map();
  let upstream: FakeUpstream;
  let origin = "";
  let connector: ReturnType<typeof planningSmartViewConnector>;
  let provider: PlanningSmartViewProvider;
  let s: ProviderSession;
  const ops = (): PlanningOperations => provider.planning;

  beforeAll(async () => {
    upstream = await fakePlanningSmartView(replies, (r) => requests.push(r));
    origin = upstream.origin;
    replies.set("req_ConnectToProvider", (req) =>
      svChild(req, "sso")?.text === "tok-1"
        ? "<res_ConnectToProvider><sID>{A1}</sID><provider>Hyperion Planning</provider></res_ConnectToProvider>"
        : "<res_ConnectToProvider><provider>Hyperion Planning</provider></res_ConnectToProvider>",
    );
    replies.set("req_GetProvisionedDataSources", (req) =>
      svChild(req, "pwd")?.text === "p"
        ? `<res_GetProvisionedDataSources><sso>tok-1</sso><Product id="HP"><Server context="${origin}/HyperionPlanning/SmartView"/></Product></res_GetProvisionedDataSources>`
        : '<exception errcode="4" type="error"><desc>Invalid login</desc></exception>',
    );
    replies.set("req_ListServers", '<res_ListServers><srvs enc="1">wscrunad0035</srvs></res_ListServers>');
    replies.set("req_OpenApplication", "<res_OpenApplication/>");
    replies.set("req_OpenCube", "<res_OpenCube/>");
    replies.set(
      "req_EnumAliasTables",
      '<res_EnumAliasTables><alstbls enc="1">Default|French</alstbls></res_EnumAliasTables>',
    );
    replies.set("req_EnumBusinessRules", fixture("ess_calc.04.res_EnumBusinessRules.xml"));
    replies.set("req_EnumRunTimePrompts", (req) =>
      svChild(req, "rule")?.text === "AggAct"
        ? "<res_EnumRunTimePrompts><prompts/></res_EnumRunTimePrompts>"
        : '<res_EnumRunTimePrompts><prompts><rtp><name>Ent</name><description>Entity</description><member dim="Entity" mbrselect="1"><default>E1</default><cube>RACE_Rpt</cube></member><allowMissing>0</allowMissing></rtp></prompts></res_EnumRunTimePrompts>',
    );
    connector = planningSmartViewConnector();
    provider = connector.provider;
    const address = `${origin}/HyperionPlanning/SmartView`;
    s = await loginSession(provider, "planning", address);
  });
  afterAll(async () => {
    await connector.close();
    await upstream.close();
  });

  const sent = (name: string) => requests.filter((r) => r.root?.name === name);

  it("logs in as the described client: hello, Workspace's token with the password, then the token", () => {
    expect(String(workspaceUrlFor(`${origin}/HyperionPlanning/SmartView`))).toBe(
      `${origin}/workspace/SmartViewProviders`,
    );
    const order = requests.slice(0, 3).map((r) => [r.path, r.root?.name]);
    expect(order).toEqual([
      ["/HyperionPlanning/SmartView", "req_ConnectToProvider"],
      ["/workspace/SmartViewProviders", "req_GetProvisionedDataSources"],
      ["/HyperionPlanning/SmartView", "req_ConnectToProvider"],
    ]);
    expect(svChild(requests[0]?.root ?? undefined, "usr")?.text).toBe("");
    expect(svChild(requests[1]?.root ?? undefined, "usr")?.text).toBe("u");
    expect(requests[2]?.root?.children.map((c) => c.name)).toEqual(["ClientXMLVersion", "lngs", "sso"]);
    expect(requests[2]?.body).not.toContain(">p<");
  });

  it("refuses a password Workspace refuses with LOGIN_FAILED", () =>
    expectLoginRefused(provider, "planning", `${origin}/HyperionPlanning/SmartView`, "u", "nope"));

  it("lists alias tables with EnumAliasTables after opening the application with the token", async () => {
    const list = await ops().listAliasTables(s, APP);
    expect(list.aliasTables).toEqual([
      { aliasId: "Default", name: "Default", active: true },
      { aliasId: "French", name: "French", active: false },
    ]);
    const open = sent("req_OpenApplication").at(-1)?.root;
    expect(open?.children.map((c) => c.name)).toEqual(["sID", "sso", "srv", "app"]);
    expect(svChild(open ?? undefined, "srv")?.text).toBe("wscrunad0035");
    expect(await ops().setAlias(s, APP, "default")).toEqual({
      aliasId: "Default",
      name: "Default",
      active: true,
    });
    await expect(ops().setAlias(s, APP, "French")).rejects.toMatchObject({ code: "UNSUPPORTED" });
    await expect(ops().setAlias(s, APP, "Klingon")).rejects.toMatchObject({ code: "ALIAS_TABLE_UNKNOWN" });
  });

  it("answers a rule without prompts; refuses a rule with prompts it cannot type, and an unknown rule", async () => {
    const none = await ops().rulePrompts(s, APP, { cube: "race_rpt", ruleName: "aggact" });
    expect(none).toEqual({ ruleName: "AggAct", cube: "RACE_Rpt", ruleType: "type", prompts: [] });
    const listed = sent("req_EnumBusinessRules").at(-1)?.root as SvElement;
    expect(shape(listed)).toEqual(
      shape(parseSv(fixture("ess_calc.03.req_EnumBusinessRules.xml")) as SvElement),
    );
    const asked = sent("req_EnumRunTimePrompts").at(-1)?.root;
    expect(asked?.children.map((c) => [c.name, c.attrs.type ?? null, c.text])).toEqual([
      ["sID", null, "{A1}"],
      ["cube", null, "RACE_Rpt"],
      ["rule", "type", "AggAct"],
    ]);
    await expect(ops().rulePrompts(s, APP, { cube: "RACE_Rpt", ruleName: "ClrAct" })).rejects.toMatchObject({
      code: "UNSUPPORTED",
      message: expect.stringContaining("(Ent)"),
    });
    await expect(ops().rulePrompts(s, APP, { cube: "RACE_Rpt", ruleName: "Nope" })).rejects.toMatchObject({
      code: "RULE_UNKNOWN",
    });
  });
});

describe("planning connector: a Smart View session the server ended", () => {
  const requests: HeardSmartView[] = [];
  const replies: SmartViewReplies = new Map();
  /** Session ids the server knows; `forget` empties it (a restart, or its idle timeout). */
  const live = new Set<string>();
  let issued = 0;
  let refuseAll = false;
  let upstream: FakeUpstream;
  let connector: ReturnType<typeof planningSmartViewConnector>;
  let provider: PlanningSmartViewProvider;
  let s: ProviderSession;

  const invalid = (sid: string) =>
    `<exception errcode="4" type="error"><desc>Invalid session ${sid}: log in again.</desc></exception>`;
  /** A reply that needs a session the server knows. */
  const inSession =
    (text: string) =>
    (req: SvElement): string => {
      const sid = svChild(req, "sID")?.text ?? "";
      return live.has(sid) && !refuseAll ? text : invalid(sid);
    };

  beforeAll(async () => {
    upstream = await fakePlanningSmartView(replies, (r) => requests.push(r));
    replies.set("req_ConnectToProvider", (req) => {
      if (svChild(req, "sso")?.text !== "tok-1")
        return "<res_ConnectToProvider><provider>Hyperion Planning</provider></res_ConnectToProvider>";
      issued += 1;
      const sid = `{S${issued}}`;
      live.add(sid);
      return `<res_ConnectToProvider><sID>${sid}</sID><provider>Hyperion Planning</provider></res_ConnectToProvider>`;
    });
    replies.set(
      "req_GetProvisionedDataSources",
      `<res_GetProvisionedDataSources><sso>tok-1</sso><Product id="HP"><Server context="${upstream.origin}/HyperionPlanning/SmartView"/></Product></res_GetProvisionedDataSources>`,
    );
    replies.set("req_Logout", (req) => {
      const sid = svChild(req, "sID")?.text ?? "";
      return live.delete(sid) ? "<res_Logout/>" : invalid(sid);
    });
    replies.set(
      "req_ListServers",
      inSession('<res_ListServers><srvs enc="1">plan01</srvs></res_ListServers>'),
    );
    replies.set("req_OpenApplication", inSession("<res_OpenApplication/>"));
    replies.set("req_OpenCube", inSession("<res_OpenCube/>"));
    replies.set(
      "req_EnumAliasTables",
      inSession('<res_EnumAliasTables><alstbls enc="1">Default|French</alstbls></res_EnumAliasTables>'),
    );
    connector = planningSmartViewConnector();
    provider = connector.provider;
    s = await loginSession(provider, "planning", `${upstream.origin}/HyperionPlanning/SmartView`);
  });
  afterAll(async () => {
    await connector.close();
    await upstream.close();
  });

  const sent = (name: string) => requests.filter((r) => r.root?.name === name);

  it("opens a new Smart View session and answers, when the server forgot the login's", async () => {
    const before = await provider.planning.listAliasTables(s, APP);
    expect(before.aliasTables.map((t) => t.name)).toEqual(["Default", "French"]);
    const workspaceLogins = sent("req_GetProvisionedDataSources").length;
    live.clear();
    const after = await provider.planning.listAliasTables(s, APP);
    expect(after.aliasTables.map((t) => t.name)).toEqual(["Default", "French"]);
    expect(sent("req_GetProvisionedDataSources")).toHaveLength(workspaceLogins + 1);
    const reopened = sent("req_OpenApplication").at(-1)?.root;
    expect(svChild(reopened ?? undefined, "sID")?.text).toBe(`{S${issued}}`);
  });

  it("gives the server's refusal when the new session is refused too, after one new session", async () => {
    const workspaceLogins = sent("req_GetProvisionedDataSources").length;
    refuseAll = true;
    try {
      await expect(provider.planning.listAliasTables(s, APP)).rejects.toMatchObject({
        code: "PROVIDER_FAILED",
        message: expect.stringContaining("Invalid session"),
      });
    } finally {
      refuseAll = false;
    }
    expect(sent("req_GetProvisionedDataSources")).toHaveLength(workspaceLogins + 1);
  });
});
