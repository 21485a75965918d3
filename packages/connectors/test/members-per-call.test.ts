import { CallContext, ProviderError, type ProviderSession } from "@qibates/provider";
import { afterEach, describe, expect, it } from "vitest";
import { EssbaseRestProvider } from "../src/essbase-rest/provider.ts";
import { Upstreams } from "../src/net/upstream.ts";
import { parseSv, type SvElement, svChild } from "../src/smartview/client.ts";
import { SmartViewProvider } from "../src/smartview/provider.ts";
import {
  callFor,
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  loopbackUpstreams,
  smartViewAnswer,
} from "./support/fake-upstream.ts";

/**
 * A cube's members read on demand are kept with the login and read by whichever of its calls needs them, through
 * one member source over the login's one client: each read is sent within the context of the call that makes it
 * (its deadline, its signal, the client it is passed on for), with no deadline entered around the calls. Two
 * calls at once, each passed on for its own client, send their own `X-Forwarded-For`; the one whose deadline
 * passes stops waiting while the other's read goes on; and each call's member lists are counted against its own
 * budget, however many rounds it reads.
 */

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function served(answer: Parameters<typeof fakeUpstream>[0]): Promise<FakeUpstream> {
  const upstream = await fakeUpstream(answer);
  closing.push(() => upstream.close());
  return upstream;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

/** How long the server takes to name a member: longer than the early call's deadline. */
const SLOW_MS = 2000;

describe("members read on demand by two calls at once (essbase-stndln)", () => {
  it("send each call's client, and stop at each call's own deadline", async () => {
    const outline = "/essbase/rest/v1/outline/Sample/Basic";
    const upstream = await served(async ({ path }) => {
      if (path === "/essbase/rest/v1/session")
        return { status: 200, json: {}, headers: { "set-cookie": "JSESSIONID=s1; Path=/" } };
      if (path === outline)
        return json(200, {
          items: [{ name: "Market", dimension: true, numberOfChildren: 2, generationNumber: 1 }],
          hasMore: false,
        });
      if (path.endsWith("/Basic/dimensions"))
        return json(200, { items: [{ name: "Market", type: "REGULAR" }] });
      if (path.endsWith("/Basic/aliases")) return json(200, { items: ["Default"] });
      // A member and its ancestors: slow.
      await new Promise((r) => setTimeout(r, SLOW_MS));
      const name = decodeURIComponent(path.split("/").pop() ?? "");
      if (path.startsWith(`${outline}/ancestors/`))
        return json(200, {
          items: [{ name: "Market", dimension: true, numberOfChildren: 2, generationNumber: 1 }],
        });
      return json(200, {
        name,
        parentName: "Market",
        numberOfChildren: 0,
        generationNumber: 2,
        levelNumber: 0,
      });
    });
    const upstreams = loopbackUpstreams();
    const provider = new EssbaseRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 10_000 });
    closing.push(() => upstreams.close());
    closing.push(() => provider.close());
    const s = await loginSession(provider, "essbase-stndln", `${upstream.origin}/essbase/rest/v1`);
    const early = callFor("192.0.2.1", 600);
    const late = callFor("2001:db8::2", 10_000);
    // The two calls find the one set of members the login keeps, read through its one client.
    const members = await provider.members({ ...s, call: late }, "Sample", "Basic");
    expect(await provider.members({ ...s, call: early }, "Sample", "Basic")).toBe(members);
    await members.dimensions(CallContext.unbounded());
    const before = upstream.requests.length;
    const ended: string[] = [];
    const [earlyError] = await Promise.all([
      failure(members.ensureLabels(["East"], early)).then((e) => {
        ended.push("early");
        return e;
      }),
      members.ensureLabels(["West"], late).then(() => ended.push("late")),
    ]);
    early.stop();
    late.stop();
    // The early call's requests were dropped at its deadline, before the server answered; the late one's went on.
    expect(earlyError).toBeInstanceOf(ProviderError);
    expect((earlyError as ProviderError).code).toBe("UPSTREAM_UNREACHABLE");
    expect(ended).toEqual(["early", "late"]);
    const read = (await members.outline(CallContext.unbounded())).outline;
    expect(read.member("West")?.parent?.name).toBe("Market");
    expect(read.member("East")).toBeUndefined();
    const sent = upstream.requests.slice(before);
    const from = (label: string) =>
      new Set(sent.filter((r) => r.path.endsWith(`/${label}`)).map((r) => r.headers["x-forwarded-for"]));
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(from("East")).toEqual(new Set(["192.0.2.1"]));
    expect(from("West")).toEqual(new Set(["2001:db8::2"]));
  });
});

describe("members read on demand by two calls at once (essbase, Smart View)", () => {
  it("count each call's lists against its own budget, over every round it reads", async () => {
    // Product's members always have two new children; Market has three leaves, listed a little slowly.
    let next = 0;
    const heard: { dimension: string; client: string | undefined }[] = [];
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
        '<res_EnumDims><dimList><dim id="0" name="Product" type="Regular"/><dim id="1" name="Market" type="Regular"/></dimList></res_EnumDims>',
      ],
      [
        "req_EnumMembers",
        (req) => {
          const list = (mbrs: string, atts: string) =>
            `<res_EnumMembers><overflow>0</overflow><mbrs enc="1">${mbrs}</mbrs><atts enc="1">${atts}</atts><mbrDesc enc="1"></mbrDesc></res_EnumMembers>`;
          if (svChild(req, "dim")?.text === "Market") return list("East|West|South", "0|0|0");
          return list(`m${next++}|m${next++}`, "");
        },
      ],
    ]);
    const upstream = await served(async ({ body, headers }) => {
      const root = parseSv(body) as SvElement;
      if (root.name === "req_EnumMembers") {
        const dimension = svChild(root, "dim")?.text ?? "";
        heard.push({ dimension, client: headers["x-forwarded-for"] as string | undefined });
        if (dimension === "Market") await new Promise((r) => setTimeout(r, 100));
      }
      return smartViewAnswer(replies, root);
    });
    const upstreams = new Upstreams({
      allowedHosts: ["127.0.0.1"],
      connectTimeoutMs: 5000,
      readTimeoutMs: 10_000,
      listLimits: { answers: 200 },
    });
    const provider = new SmartViewProvider({ upstreams, idleMs: 60_000 });
    closing.push(() => upstreams.close());
    closing.push(() => provider.close());
    const s: ProviderSession = await loginSession(provider, "essbase", `${upstream.origin}/aps/JAPI`);
    const ops = provider.essbase;
    if (!ops) throw new Error("no Essbase operations");
    const cube = { server: "srv", application: "App", cube: "Db" };
    // The cube opened and its dimensions read first: the two calls then only read members, side by side.
    await ops.dimensions(s, cube);
    const endless = callFor("192.0.2.1", 30_000);
    const finite = callFor("2001:db8::2", 30_000);
    const [productError, market] = await Promise.all([
      failure(ops.dimensionTree({ ...s, call: endless }, cube, { dimension: "Product" })),
      ops.dimensionTree({ ...s, call: finite }, cube, { dimension: "Market" }),
    ]);
    endless.stop();
    finite.stop();
    // Product's call read generation after generation until its own budget was spent.
    expect(productError).toBeInstanceOf(ProviderError);
    expect((productError as ProviderError).code).toBe("UPSTREAM_MALFORMED");
    expect((productError as ProviderError).message).toMatch(/needs more than 200 answers in one call/);
    // Market's call, at the same time, had a budget of its own.
    expect(JSON.stringify(market)).toContain("South");
    const product = heard.filter((h) => h.dimension === "Product");
    expect(product.length).toBeGreaterThan(150);
    expect(new Set(product.map((h) => h.client))).toEqual(new Set(["192.0.2.1"]));
    expect(new Set(heard.filter((h) => h.dimension === "Market").map((h) => h.client))).toEqual(
      new Set(["2001:db8::2"]),
    );
  });
});
