// What Open Form costs through `pbcs`
// (and `planning`, which opens forms through the same Planning REST code) as Vision's Entity dimension grows,
// the form showing one entity. The repo's Planning REST endpoint serves Vision with `extra` generated entities
// (parents of 100 children each under a new "Generated" member of Total Entity) behind the server's answer
// compression (@fastify/compress, as `packages/server/src/app.ts` registers it); the connector reaches it through a
// proxy that counts the requests, the bytes of their answers as sent (compressed or not), the round trips waited
// one after the other, and holds each request DELAY ms. Per size, one session: Revenue Plan opened for entity 410
// (the session's first Open Form), then for 420 (the second). One JSON line per size and delay on stdout.
//   npx tsx bench/planning-open-form.ts [extra entities, comma-separated: 0,10000,100000] [delays: 0,200]
// CONNECTORS_SRC=<folder>: the connector of another commit (`git archive <rev> packages/connectors/src`, extracted
// under the work tree so that its imports resolve), to measure before and after in one run.

import "../scripts/command-line.mjs";
import { spawn } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import { EmbeddedProvider, EssbaseApplication, PlanningDemoApplication } from "@qibates/embedded";
import { Cube, type MemberSpec, Outline } from "@qibates/engine";
import { createSampleBasicCube, DEMO_SERVERS, sampleBasicScripts } from "@qibates/engine/demo";
import {
  loadVisionPlan1,
  VISION_FORMS,
  VISION_PLAN2_RULES,
  VISION_RULES,
  VISION_VARIABLES,
  visionPlan1Spec,
  visionPlan2Outline,
} from "@qibates/engine/demo/planning";
import { PlanningApplication } from "@qibates/engine/planning";
import { CallContext, DEFAULT_SLICES, type ProviderSession, SliceScheduler } from "@qibates/provider";
import Fastify from "fastify";
import { planningRestEndpoint } from "../packages/wire/src/planning-rest/index.ts";
import { memoryStore } from "../packages/wire/test/support/memory-store.ts";
import { endToEndHeaders } from "../scripts/end-to-end-headers.mjs";
import { listenPort } from "./ports.mjs";

const sizes = (process.argv[2] === "--serve" ? "0" : (process.argv[2] ?? "0,10000,100000"))
  .split(",")
  .map(Number);
const delays = (process.argv[3] ?? "0,200").split(",").map(Number);

/** Vision with `extra` more entities: parents of 100 children under "Generated", a child of Total Entity. */
function vision(extra: number): { app: () => PlanningApplication; entities: number } {
  const spec = visionPlan1Spec();
  const entity = spec.dimensions.find((d) => d.name === "Entity");
  const total = entity?.members.find((m) => m.name === "Total Entity");
  if (!entity || !total) throw new Error("Vision has an Entity dimension with Total Entity");
  if (extra > 0) {
    const parents: MemberSpec[] = [];
    for (let p = 0; p * 100 < extra; p++) {
      const children: MemberSpec[] = [];
      for (let c = 0; c < 100 && p * 100 + c < extra; c++) {
        children.push({ name: `G${p}_${c}`, aliases: { Default: `Generated entity ${p}.${c}` } });
      }
      parents.push({ name: `G${p}`, aliases: { Default: `Generated group ${p}` }, children });
    }
    total.children = [...(total.children ?? []), { name: "Generated", children: parents }];
  }
  const outline = new Outline(spec);
  const entities = outline.dimensions.find((d) => d.name === "Entity")?.members.length ?? 0;
  return {
    entities,
    app: () => {
      const data = new Cube(new Outline(spec), { expectedBlocks: 512 });
      loadVisionPlan1(data);
      return new PlanningApplication({
        name: "Vision",
        planTypes: [
          {
            name: "Plan1",
            data,
            textMembers: ["4190"],
            defaults: { HSP_Metric: "No Metric" },
            variableNames: VISION_VARIABLES,
          },
          { name: "Plan2", data: new Cube(visionPlan2Outline()), variableNames: VISION_VARIABLES },
        ],
        forms: VISION_FORMS,
        rules: [...VISION_RULES, ...VISION_PLAN2_RULES],
        taskLists: [],
      });
    },
  };
}

/** The longest chain of requests each sent after the one before it was answered. */
function roundTrips(spans: [number, number][]): number {
  const s = [...spans].sort((a, b) => a[0] - b[0]);
  const depth = s.map(() => 1);
  for (let i = 0; i < s.length; i++)
    for (let j = 0; j < i; j++)
      if ((s[j] as [number, number])[1] <= (s[i] as [number, number])[0])
        depth[i] = Math.max(depth[i] as number, (depth[j] as number) + 1);
  return Math.max(0, ...depth);
}

/** The endpoint in a process of its own, as a real server is: prints its port, stops when its standard input ends. */
async function serve(extra: number): Promise<void> {
  const { app } = vision(extra);
  const store = memoryStore();
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const essbase = new EssbaseApplication("Sample", "Basic", store, createSampleBasicCube, sampleBasicScripts);
  const planning = new PlanningDemoApplication("Vision", store, app);
  await Promise.all([essbase.load(), planning.load()]);
  const embedded = await EmbeddedProvider.open({
    scheduler,
    store,
    credentialsValid: (u, p) => u === "demo" && p === "demo",
    catalogue: { applications: { essbase, planning }, servers: DEMO_SERVERS },
  });
  const endpoint = Fastify({ logger: false });
  await endpoint.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip", "deflate"],
    threshold: 1024,
  });
  await endpoint.register(planningRestEndpoint, { provider: embedded, connector: "pbcs" });
  await endpoint.listen({ port: await listenPort(), host: "127.0.0.1" });
  process.stdout.write(`${(endpoint.server.address() as AddressInfo).port}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => {
    void endpoint
      .close()
      .then(() => embedded.close())
      .then(() => process.exit(0));
  });
}

if (process.argv[2] === "--serve") {
  await serve(Number(process.argv[3]));
} else {
  for (const extra of sizes) await measure(extra);
}

async function measure(extra: number): Promise<void> {
  // CONNECTORS_SRC: another build's packages/connectors/src (a commit's, extracted under this folder) to compare.
  const src = process.env.CONNECTORS_SRC;
  const { Upstreams } = (await import(
    src ? `${src}/net/index.ts` : "@qibates/connectors/net"
  )) as typeof import("@qibates/connectors/net");
  const { PlanningRestProvider } = (await import(
    src ? `${src}/planning-rest/index.ts` : "@qibates/connectors/planning-rest"
  )) as typeof import("@qibates/connectors/planning-rest");
  const { entities } = vision(extra);
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), "--serve", String(extra)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const target = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once("exit", (code) => reject(new Error(`the endpoint ended (${code})`)));
  });
  const seen = { requests: 0, bytes: 0, spans: [] as [number, number][], delay: 0 };
  const proxy = createServer((req, res) => {
    seen.requests++;
    const t0 = performance.now();
    const spans = seen.spans;
    res.on("finish", () => {
      spans.push([t0, performance.now()]);
      if (process.env.TRACE)
        process.stderr.write(`${t0.toFixed(0)} ${performance.now().toFixed(0)} ${req.url}\n`);
    });
    setTimeout(() => {
      const up = httpRequest(
        {
          host: "127.0.0.1",
          port: target,
          method: req.method,
          path: req.url,
          headers: endToEndHeaders(req.headers),
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          answer.on("data", (c: Buffer) => {
            seen.bytes += c.length;
          });
          answer.pipe(res);
        },
      );
      up.on("error", () => res.destroy());
      req.pipe(up);
    }, seen.delay);
  });
  const proxyPort = await listenPort();
  await new Promise<void>((r) => proxy.listen(proxyPort, "127.0.0.1", () => r()));
  const address = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/HyperionPlanning/SmartView`;
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 5000,
    readTimeoutMs: 120_000,
  });
  const provider = new PlanningRestProvider({ upstreams, idleMs: 600_000, jobTimeoutMs: 20_000 });
  const forms = provider.planning;
  for (const delay of delays) {
    seen.delay = delay;
    const { handle } = await provider.login({
      connector: "pbcs",
      username: "demo",
      password: "demo",
      address: new URL(address),
      call: CallContext.unbounded(),
    });
    const session: ProviderSession = {
      id: `s${extra}-${delay}`,
      ownerId: "bench",
      connector: "pbcs",
      username: "demo",
      providerAddress: address,
      aliasTable: null,
      call: CallContext.unbounded(),
      handle: handle ?? null,
    };
    const calls: Record<string, unknown> = {};
    for (const [name, entity] of [
      ["first", "410"],
      ["second", "420"],
    ] as const) {
      seen.requests = 0;
      seen.bytes = 0;
      seen.spans = [];
      const t = performance.now();
      const form = await forms.openForm(
        session,
        { server: "Planning", application: "Vision" },
        {
          folder: "/Forms/Revenue",
          formName: "Revenue Plan",
          pov: { Entity: entity },
        },
      );
      const ms = performance.now() - t;
      if (form.pov.Entity !== entity) throw new Error(`opened for ${form.pov.Entity}`);
      calls[name] = {
        requests: seen.requests,
        roundTrips: roundTrips(seen.spans),
        bytes: seen.bytes,
        ms: +ms.toFixed(1),
      };
    }
    await provider.logout?.(session).catch(() => undefined);
    console.log(JSON.stringify({ entityMembers: entities, delay, calls }));
  }
  await provider.close();
  await upstreams.close();
  proxy.close();
  child.stdin.end();
  await new Promise((r) => child.once("exit", r));
}
