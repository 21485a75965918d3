import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Upstreams } from "../src/net/upstream.ts";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import { PlanningSmartViewProvider } from "../src/planning-smartview/provider.ts";
import { parseSv, type SvElement, svChild } from "../src/smartview/client.ts";
import { planningSmartViewClient } from "../src/smartview/workspace-client.ts";
import {
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  loopbackUpstreams,
  type SmartViewReplies,
  smartViewAnswer,
} from "./support/fake-upstream.ts";

/**
 * The planning connector's Smart View session ends on the server (idle there while the login worked through
 * Planning REST, or the server restarted) while the QiBates session lives on: the next alias-table or prompt
 * call opens a new Smart View session through Workspace and is answered, as the Essbase 21c and SSAS
 * connectors do; a server that refuses again gives its refusal, after one new session only.
 */

const APP = { server: "Planning", application: "RACE_Rpt" };

describe("planning connector: a Smart View session the server ended", () => {
  const requests: { path: string; root: SvElement | null }[] = [];
  const replies: SmartViewReplies = new Map();
  /** Session ids the server knows; `forget` empties it (a restart, or its idle timeout). */
  const live = new Set<string>();
  let issued = 0;
  let refuseAll = false;
  let upstream: FakeUpstream;
  let upstreams: Upstreams;
  let rest: PlanningRestProvider;
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
    upstream = await fakeUpstream(({ path, body }) => {
      if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3" }] });
      if (path.startsWith("/HyperionPlanning/rest"))
        return json(200, {
          items: [path.endsWith("/applications") ? { name: "RACE_Rpt" } : { planTypeName: "RACE_Rpt" }],
        });
      const root = parseSv(body);
      requests.push({ path, root });
      return smartViewAnswer(replies, root);
    });
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
    upstreams = loopbackUpstreams();
    rest = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 10_000 });
    provider = new PlanningSmartViewProvider(rest, {
      upstreams,
      idleMs: 60_000,
      smartView: planningSmartViewClient,
    });
    s = await loginSession(provider, "planning", `${upstream.origin}/HyperionPlanning/SmartView`);
  });
  afterAll(async () => {
    await provider.close();
    await rest.close();
    await upstreams.close();
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
