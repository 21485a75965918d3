import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLANNING_SMARTVIEW_PATH,
  planningSmartViewEndpoint,
  SMARTVIEW_PROVIDERS_PATH,
} from "../src/smartview/planning.ts";
import { startWire } from "./support/server.ts";

/**
 * The Planning Smart View endpoint over Vision: the on-premises login (hello, Workspace's token, connect with
 * the token), then the messages terameta/EPMToolBox-v3 sends (written here from the facts its templates show,
 * not copied), and agardiner/SmartView's captured EnumBusinessRules and LaunchBusinessRule requests (fixtures/
 * smartview, see its NOTICE) with Vision's names, their answers compared in structure with the captured ones.
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(join(here, "fixtures/smartview", name), "utf8");

let app: FastifyInstance;
let origin = "";
beforeAll(async () => {
  ({ app, origin } = await startWire(planningSmartViewEndpoint, {}));
});
afterAll(() => app.close());

async function post(path: string, body: string): Promise<XmlElement> {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/xml" },
    body,
  });
  expect(res.status).toBe(200);
  return parseXml(await res.text());
}
const planning = (body: string) => post(PLANNING_SMARTVIEW_PATH, body);
const text = (e: XmlElement | undefined, name: string) => child(e, name)?.text ?? "";

function shape(e: XmlElement): unknown {
  return { name: e.name, attrs: Object.keys(e.attrs).sort(), children: e.children.map(shape) };
}

function captured(name: string, sid: string, names: Record<string, string> = {}): string {
  let body = fixture(name).replace(/<sID>[^<]*<\/sID>/, `<sID>${sid}</sID>`);
  for (const [from, to] of Object.entries(names)) body = body.split(from).join(to);
  return body;
}

const credentials = (usr: string, pwd: string) =>
  `<req_GetProvisionedDataSources><usr>${usr}</usr><pwd>${pwd}</pwd><filters></filters></req_GetProvisionedDataSources>`;

/** The on-premises login as terameta's client runs it; answers the sID with Vision's Plan1 open. */
async function login(): Promise<string> {
  const hello = await planning(
    '<req_ConnectToProvider><ClientXMLVersion>4.2.5.7.3</ClientXMLVersion><lngs enc="0">en_US</lngs><usr></usr><pwd></pwd><sharedServices>1</sharedServices></req_ConnectToProvider>',
  );
  expect(hello.name).toBe("res_ConnectToProvider");
  expect(child(hello, "sID")).toBeUndefined();
  const sources = await post(SMARTVIEW_PROVIDERS_PATH, credentials("demo", "demo"));
  expect(sources.name).toBe("res_GetProvisionedDataSources");
  const sso = text(sources, "sso");
  expect(sso).not.toBe("");
  const hp = sources.children.find((c) => c.name === "Product" && c.attrs.id === "HP");
  expect(new URL(child(hp, "Server")?.attrs.context ?? "").pathname).toBe(PLANNING_SMARTVIEW_PATH);
  const connected = await planning(
    `<req_ConnectToProvider><ClientXMLVersion>4.2.5.6.0</ClientXMLVersion><lngs enc="0">en_US</lngs><sso>${sso}</sso></req_ConnectToProvider>`,
  );
  const sid = text(connected, "sID");
  expect(sid).not.toBe("");
  const servers = await planning(`<req_ListServers><sID>${sid}</sID></req_ListServers>`);
  const srv = text(servers, "srvs").split("|")[0] ?? "";
  const apps = await planning(
    `<req_ListApplications><sID>${sid}</sID><srv>${srv}</srv><type></type><url></url></req_ListApplications>`,
  );
  expect(text(apps, "apps").split("|")).toContain("Vision");
  const where = `<sID>${sid}</sID><srv>${srv}</srv><app>Vision</app><type></type><url></url>`;
  expect((await planning(`<req_OpenApplication>${where}</req_OpenApplication>`)).name).toBe(
    "res_OpenApplication",
  );
  const cubes = await planning(`<req_ListCubes>${where}</req_ListCubes>`);
  expect(shape(cubes)).toEqual(shape(parseXml(fixture("ess_calc.02.res_ListCubes.xml"))));
  expect(text(cubes, "cubes").split("|")).toContain("Plan1");
  const open = await planning(`<req_OpenCube>${where}<cube>Plan1</cube><form></form></req_OpenCube>`);
  expect(open.name).toBe("res_OpenCube");
  return sid;
}

describe("Planning Smart View endpoint", () => {
  it("logs in through Workspace's token; refuses missing and wrong credentials and an unknown token", async () => {
    await login();
    const none = await post(SMARTVIEW_PROVIDERS_PATH, credentials("", ""));
    expect([none.name, text(none, "desc")]).toEqual(["exception", "User authentication needed."]);
    const wrong = await post(SMARTVIEW_PROVIDERS_PATH, credentials("demo", "nope"));
    expect([wrong.name, text(wrong, "desc")]).toEqual(["exception", "Invalid login."]);
    expect(shape(wrong)).toEqual(shape(parseXml(fixture("ess_maxl_query.02.exception.xml"))));
    const forged = await planning(
      "<req_ConnectToProvider><ClientXMLVersion>4.2.5.6.0</ClientXMLVersion><sso>forged</sso></req_ConnectToProvider>",
    );
    expect(forged.name).toBe("exception");
  });

  it("lists alias tables and Vision's rules in the captured shape, with rtp set on rules that prompt", async () => {
    const sid = await login();
    const tables = await planning(
      `<req_EnumAliasTables><sID>${sid}</sID><ODL_ECID>0000</ODL_ECID></req_EnumAliasTables>`,
    );
    expect(text(tables, "alstbls").split("|")).toContain("Default");
    expect(child(tables, "alstbls")?.attrs.enc).toBe("1");
    const rules = await planning(
      captured("ess_calc.03.req_EnumBusinessRules.xml", sid, { RACE_Rpt: "Plan1" }),
    );
    const want = parseXml(fixture("ess_calc.04.res_EnumBusinessRules.xml"));
    expect(rules.children.map((c) => c.name)).toEqual(want.children.map((c) => c.name));
    const list = child(rules, "rules")?.children ?? [];
    for (const r of list) expect(shape(r)).toEqual(shape(child(want, "rules")?.children[0] as XmlElement));
    const copy = list.find((r) => r.text === "CopyVersion");
    expect(copy?.attrs).toEqual({ type: "graphical", rtp: "1" });
    const onSave = await planning(
      captured("ess_calc.03.req_EnumBusinessRules.xml", sid, { RACE_Rpt: "Plan1", ">0<": ">1<" }),
    );
    expect(onSave.name).toBe("exception");
  });

  it("EnumRunTimePrompts answers each prompt; LaunchBusinessRule runs with prompt values and answers a bid", async () => {
    const sid = await login();
    const prompts = await planning(
      `<req_EnumRunTimePrompts><sID>${sid}</sID><cube>Plan1</cube><rule type="graphical">CopyVersion</rule><ODL_ECID>0000</ODL_ECID></req_EnumRunTimePrompts>`,
    );
    const rtps = child(prompts, "prompts")?.children ?? [];
    expect(rtps.map((r) => text(r, "name"))).toEqual(["SrcVersion", "TgtVersion"]);
    const src = rtps[0] as XmlElement;
    expect(child(src, "member")?.attrs).toEqual({ dim: "Version", mbrselect: "1" });
    expect(text(child(src, "member"), "default")).toBe("Working");
    expect(text(child(src, "member"), "cube")).toBe("Plan1");
    expect(text(src, "allowMissing")).toBe("0");
    expect(text(src, "description")).toBe("Version to copy from");
    const launch = (prompt: string) =>
      planning(
        captured("ess_calc.05.req_LaunchBusinessRule.xml", sid, {
          RACE_Rpt: "Plan1",
          'type="type"': 'type="graphical"',
          ClrRstmt: "CopyVersion",
          "<prompts/>": `<prompts>${prompt}</prompts>`,
        }),
      );
    const ran = await launch(
      "<rtp><name>SrcVersion</name><val>Working</val></rtp><rtp><name>TgtVersion</name><val>What If</val></rtp>",
    );
    expect(shape(ran)).toEqual(shape(parseXml(fixture("ess_calc.06.res_LaunchBusinessRule.xml"))));
    expect(text(ran, "bid")).toMatch(/^\d+$/);
    const refused = await launch("<rtp><name>SrcVersion</name><val>Nope</val></rtp>");
    expect(refused.name).toBe("exception");
  });

  it("answers the exception element to messages no public source shows, and to a request without a session", async () => {
    const sid = await login();
    const form = await planning(
      `<req_ListDocuments><sID>${sid}</sID><type>all</type><folder>/</folder></req_ListDocuments>`,
    );
    expect(form.name).toBe("exception");
    const gone = await planning(`<req_EnumAliasTables><sID>{nope}</sID></req_EnumAliasTables>`);
    expect(gone.name).toBe("exception");
    expect((await planning(`<req_Logout><sID>${sid}</sID></req_Logout>`)).name).toBe("res_Logout");
    expect((await planning(`<req_ListServers><sID>${sid}</sID></req_ListServers>`)).name).toBe("exception");
  });
});
