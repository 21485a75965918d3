import { CallContext, ProviderError, type ProviderSession, type ProviderText } from "@qibates/provider";
import { afterEach, describe, expect, it } from "vitest";
import { LIST_LIMITS, type ListLimits } from "../src/net/list-budget.ts";
import { Upstreams } from "../src/net/upstream.ts";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import { parseSv, type SvElement, svChild } from "../src/smartview/client.ts";
import { SmartViewProvider } from "../src/smartview/provider.ts";
import type { XmlaClient } from "../src/xmla/client.ts";
import { xmlaMembers } from "../src/xmla/members.ts";
import {
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  smartViewAnswer,
} from "./support/fake-upstream.ts";

/**
 * What a connector reads of a server's lists is bounded across the whole call, every answer
 * together (`net/list-budget.ts`, the essbase-stndln connector's bound, shared). Each server here always has
 * "more": children without end, dimensions or plan types without end. The connector stops at the call's
 * budget (lowered here, through the network rules, so that the test sends a few hundred requests, not a
 * quarter of a million) with `UPSTREAM_MALFORMED`, after as many answers as the budget allows and no more.
 * The time bound is loose (10 s for what takes well under one): the point is that the call ends at all.
 */

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function upstreamsWith(listLimits: Partial<ListLimits>): Upstreams {
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 5000,
    readTimeoutMs: 10_000,
    listLimits,
  });
  closing.push(() => upstreams.close());
  return upstreams;
}

async function served(answer: Parameters<typeof fakeUpstream>[0]): Promise<FakeUpstream> {
  const upstream = await fakeUpstream(answer);
  closing.push(() => upstream.close());
  return upstream;
}

/** The call's error, and how long it took to come. */
async function refusal(call: () => Promise<unknown>): Promise<{ error: ProviderError; ms: number }> {
  const started = performance.now();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return { error: error as ProviderError, ms: performance.now() - started };
}

describe("the budget's defaults", () => {
  it("bound items, answers and bytes of one call", () => {
    expect(LIST_LIMITS.items).toBe(1_000_000);
    expect(LIST_LIMITS.answers).toBeGreaterThan(0);
    expect(LIST_LIMITS.answers).toBeLessThanOrEqual(LIST_LIMITS.items);
    expect(LIST_LIMITS.bytes).toBeGreaterThan(0);
    expect(upstreamsWith({}).listLimits).toEqual(LIST_LIMITS);
    expect(upstreamsWith({ answers: 7 }).listLimits).toEqual({ ...LIST_LIMITS, answers: 7 });
  });
});

describe("essbase connector (Smart View): a server whose members always have more children", () => {
  /** One dimension; every member asked for has two new children, none at level 0. */
  async function endless(limits: Partial<ListLimits>) {
    const enumMembers: string[] = [];
    let next = 0;
    const replies = new Map<string, string | ((request: SvElement) => string)>([
      ["req_ConnectToProvider", "<res_ConnectToProvider><sID>1</sID></res_ConnectToProvider>"],
      ["req_ListServers", '<res_ListServers><srvs enc="1">srv</srvs></res_ListServers>'],
      ["req_ListApplications", '<res_ListApplications><apps enc="1">App</apps></res_ListApplications>'],
      ["req_ListCubes", '<res_ListCubes><cubes enc="1">Db</cubes></res_ListCubes>'],
      ["req_OpenApplication", "<res_OpenApplication/>"],
      ["req_OpenCube", "<res_OpenCube/>"],
      [
        "req_EnumAliasTables",
        '<res_EnumAliasTables><alstbls enc="1">Default</alstbls></res_EnumAliasTables>',
      ],
      [
        "req_EnumDims",
        '<res_EnumDims><dimList><dim id="0" name="Product" type="Regular"/></dimList></res_EnumDims>',
      ],
      [
        "req_EnumMembers",
        (req) => {
          const filter = svChild(req, "filter")?.attrs.name ?? "";
          enumMembers.push(filter);
          // Level 0: nothing is a leaf; Children: two members never seen before.
          const kids = /level/i.test(filter) ? "" : `m${next++}|m${next++}`;
          return `<res_EnumMembers><overflow>0</overflow><mbrs enc="1">${kids}</mbrs><atts enc="1"></atts><mbrDesc enc="1"></mbrDesc></res_EnumMembers>`;
        },
      ],
    ]);
    const upstream = await served(({ body }) => smartViewAnswer(replies, parseSv(body) as SvElement));
    const provider = new SmartViewProvider({ upstreams: upstreamsWith(limits), idleMs: 60_000 });
    closing.push(() => provider.close());
    const s: ProviderSession = await loginSession(provider, "essbase", `${upstream.origin}/aps/JAPI`);
    const ops = provider.essbase;
    if (!ops) throw new Error("no Essbase operations");
    return { ops, s, enumMembers };
  }

  // A dimension's tree reads the whole dimension, generation after generation, all within the call's budget.
  it("stops the dimensions' read at the call's answers, as a malformed answer", async () => {
    const { ops, s, enumMembers } = await endless({ answers: 200 });
    const { error, ms } = await refusal(() =>
      ops.dimensionTree(s, { server: "srv", application: "App", cube: "Db" }, { dimension: "Product" }),
    );
    expect(error.code).toBe("UPSTREAM_MALFORMED");
    expect(error.message).toMatch(/needs more than 200 answers in one call/);
    // EnumAliasTables and EnumDims, then EnumMembers: at most the budget's answers, and a batch's worth beyond.
    expect(enumMembers.length).toBeGreaterThan(190);
    expect(enumMembers.length).toBeLessThanOrEqual(200 + 8);
    expect(ms).toBeLessThan(10_000);
  });

  it("stops it at the call's items too", async () => {
    const { ops, s, enumMembers } = await endless({ items: 300 });
    const { error } = await refusal(() =>
      ops.dimensionTree(s, { server: "srv", application: "App", cube: "Db" }, { dimension: "Product" }),
    );
    expect(error.code).toBe("UPSTREAM_MALFORMED");
    expect(error.message).toMatch(/lists more than 300 items in one call/);
    expect(enumMembers.length).toBeLessThanOrEqual(150 + 8);
  });
});

/** An XMLA client within `limits` whose `discover` answers `rows(type)`, `bytes` more read with each answer. */
function fakeXmlaClient(
  limits: Partial<ListLimits>,
  bytes: number,
  rows: (type: string) => unknown[],
): XmlaClient {
  let bytesRead = 0;
  const client = {
    listLimits: { ...LIST_LIMITS, ...limits },
    where: "http://127.0.0.1:9/olap/msmdpump.dll",
    // A view of the fake for a call: the fake itself, which knows no deadline.
    within: () => client,
    get bytesRead() {
      return bytesRead;
    },
    discover: async (type: string) => {
      bytesRead += bytes;
      return rows(type);
    },
    malformed: (reason: ProviderText) => new ProviderError("UPSTREAM_MALFORMED", `malformed: ${reason.en}`),
  };
  return client as unknown as XmlaClient;
}

describe("ssas connector (XMLA): a server that names dimensions without end", () => {
  it("stops the dimensions' read at the call's answers, as a malformed answer", async () => {
    const asked: string[] = [];
    const client = fakeXmlaClient({ answers: 50 }, 1000, (type) => {
      asked.push(type);
      if (type === "MDSCHEMA_DIMENSIONS") {
        return Array.from({ length: 10_000 }, (_, i) => ({
          DIMENSION_NAME: `D${i}`,
          DIMENSION_UNIQUE_NAME: `[D${i}]`,
        }));
      }
      return [{ MEMBER_NAME: "m", MEMBER_UNIQUE_NAME: "[m]" }];
    });
    const { error, ms } = await refusal(() =>
      xmlaMembers(client, {}, "Cat", "Cube").dimensions(CallContext.unbounded()),
    );
    expect(error.code).toBe("UPSTREAM_MALFORMED");
    expect(error.message).toMatch(/needs more than 50 answers in one call/);
    expect(asked.filter((t) => t === "MDSCHEMA_MEMBERS").length).toBeLessThanOrEqual(50 + 4);
    expect(ms).toBeLessThan(10_000);
  });

  it("counts the bytes the client read during the call", async () => {
    const client = fakeXmlaClient({ bytes: 100_000 }, 30_000, (type) =>
      type === "MDSCHEMA_DIMENSIONS"
        ? Array.from({ length: 100 }, (_, i) => ({
            DIMENSION_NAME: `D${i}`,
            DIMENSION_UNIQUE_NAME: `[D${i}]`,
          }))
        : [],
    );
    const { error } = await refusal(() =>
      xmlaMembers(client, {}, "Cat", "Cube").dimensions(CallContext.unbounded()),
    );
    expect(error.message).toMatch(/answers more than 100,000 bytes in one call/);
  });
});

describe("pbcs connector (Planning REST): a server that lists plan types without end", () => {
  it("stops asking plan type after plan type for a dimension at the call's answers", async () => {
    let dimensionCalls = 0;
    const v3 = "/HyperionPlanning/rest/v3/applications";
    const upstream = await served(({ path }) => {
      if (path === "/HyperionPlanning/rest/")
        return json(200, { items: [{ version: "v3", isLatest: true }] });
      if (path === v3) return json(200, { items: [{ name: "Vision", type: "HP" }] });
      if (path === `${v3}/Vision/plantypes`) {
        return json(200, { items: Array.from({ length: 5000 }, (_, i) => ({ planTypeName: `P${i}` })) });
      }
      if (/\/plantypes\/[^/]+\/dimensions\//.test(path)) {
        dimensionCalls++;
        return json(500, { status: 500, detail: "Busy, try another plan type" });
      }
      return json(404, { status: 404, detail: "Not found" });
    });
    const provider = new PlanningRestProvider({
      upstreams: upstreamsWith({ answers: 100 }),
      idleMs: 60_000,
      jobTimeoutMs: 10_000,
    });
    closing.push(() => provider.close());
    const s = await loginSession(provider, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);
    const { error, ms } = await refusal(() =>
      provider.planning.memberFilters(s, { server: "Planning", application: "Vision" }, { dim: "Account" }),
    );
    expect(error.code).toBe("UPSTREAM_MALFORMED");
    expect(error.message).toMatch(/needs more than 100 answers in one call/);
    // The plan type list is one answer, each plan type asked another.
    expect(dimensionCalls).toBe(100);
    expect(ms).toBeLessThan(10_000);
  });
});
