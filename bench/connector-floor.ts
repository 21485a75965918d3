/**
 * The floor of the essbase-stndln zoom to 10,100 rows: what the connector path must cost above the demo
 * path whatever the code, from each of its pieces timed alone on the same answer, in the same run as the two
 * whole calls (`bench/connector-path.ts`'s zoom, the Essbase REST endpoint in this process):
 *
 *   D    the demo call, whole (API → engine → the API's JSON), before and after the pieces
 *   E    the engine's zoom and its cells' kinds (the demo's engine part, which the endpoint does too)
 *   W    the API writing the answer's JSON (on both paths)
 *   R, S the endpoint's REST grid and its JSON.stringify
 *   T    the REST grid's text over HTTP (127.0.0.1, the connector's HTTP client), from a server in this
 *        process and from one in a process of its own
 *   P    the connector's JSON.parse of it (`readJson`)
 *   Q    the connector reading it against its own layout: slice read, compared, values filled in
 *   L    the connector's own layout of the zoom (over the outline, no data)
 *   G    the connector's contract answer (the cells' kinds), as the demo's provider makes it
 *
 * Floors, as ratios to D: one process with the local layout (D + R + S + T + P + Q + G + L, the endpoint's engine
 * work on the same thread as the demo's); one process with a reading that cost nothing beyond Q (no layout);
 * the endpoint in its own process with the local layout hidden while it works (D + R + S + T + P + Q + G: the
 * endpoint's answer time stands for the demo's less W, plus R and S); and that answer streamed, written,
 * carried and read row by row so that only the slowest of those stages counts (D + max(R + S, T, P + Q) + G).
 * Each piece's wall time (median) and CPU time (mean, this process, all threads: its garbage collection too).
 *
 *   npx tsx bench/connector-floor.ts [--zooms 30]
 */
import "../scripts/command-line.mjs";
import { fork } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { Cube, Outline, outlineSpecFromDocument } from "@qibates/engine";
import {
  type GridRequest,
  gridOperationSteps,
  resolveSettings,
  runGridOperation,
} from "@qibates/engine/grid";
import { cellKindsSteps, gridAnswer, layoutSource } from "@qibates/grid-bridge";
import { openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import {
  answerOfLaidOut,
  flatSheetOf,
  sameFlatLayout,
} from "../packages/connectors/src/essbase-rest/grid.ts";
import { readJson } from "../packages/connectors/src/net/json.ts";
import { ambientCall, Upstreams } from "../packages/connectors/src/net/upstream.ts";
import { jsonSteps } from "../packages/server/src/json-steps.ts";
import { restGrid } from "../packages/wire/src/essbase-rest/grid.ts";
import { loadAverages } from "./machine.ts";
import { listenPort } from "./ports.mjs";
import { onServed } from "./served-times.ts";
import { wideOutlineDocument } from "./wide-outline.ts";

/** A server answering every request with one text (`text`); its port. */
async function textServer(text: () => string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = text();
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  const port = await listenPort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}

if (process.argv[2] === "--serve") {
  // The child: serves the text its parent sends, then says its port.
  process.once("message", (text: string) => {
    void textServer(() => text).then(({ port }) => process.send?.(port));
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--zooms");
  const ZOOMS = at >= 0 ? Number(args[at + 1]) : 30;
  const loadBefore = loadAverages();
  // bench/connector-path.ts's generated outline and zoom.
  const outlineDocument = wideOutlineDocument();
  const spec = outlineSpecFromDocument(outlineDocument, "Bench.Wide");
  // As the answer key's cube: time and accounts dense, the rest sparse, no data.
  for (const d of spec.dimensions)
    d.density ??= d.type === "time" || d.type === "accounts" ? "dense" : "sparse";
  const outline = new Outline(spec);
  const cube = new Cube(outline);
  const settings = resolveSettings({ zoomInPreference: "ALL_LEVELS" }, null);
  const sheet = [
    ["", "Q1"],
    ["", "Revenue"],
    ["Entity", ""],
  ];
  const request = (): GridRequest => ({
    action: "zoomin",
    grid: sheet,
    cells: [{ row: 2, column: 0 }],
    settings,
    aliasTable: null,
  });
  const finish = <T>(steps: Generator<void, T, void>): T => {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  };
  const dimensions = ["Entity", "Account", "Period"];
  const sent = { rows: 3, columns: 2 };

  let served = 0;
  onServed((ms) => {
    served = ms;
  });
  const h = await openConnectorHarness({
    outlineDocument,
    application: "Bench",
    cube: "Wide",
    port: await listenPort(),
  });
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 10_000,
    readTimeoutMs: 60_000,
  });
  const engineAnswer = () => {
    const r = finish(gridOperationSteps(cube, request()));
    return gridAnswer(r, finish(cellKindsSteps(r)));
  };
  const restText = JSON.stringify(restGrid(engineAnswer(), dimensions, "none"));
  const here = await textServer(() => restText);
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], { execArgv: ["--import", "tsx"] });
  child.send(restText);
  const [childPort] = (await once(child, "message")) as [number];
  const operation = JSON.stringify({ grid: { slice: { rows: 3, columns: 2 } }, action: "zoomin" });
  const carried = async (port: number) =>
    (
      await upstreams.request(
        new URL(`http://127.0.0.1:${port}/grid?links=none`),
        {
          method: "POST",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: operation,
        },
        ambientCall(),
      )
    ).body;

  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const note = (table: Record<string, number[]>, name: string, value: number) => {
    const list = table[name] ?? [];
    list.push(value);
    table[name] = list;
  };
  const timed = async <T>(name: string, work: () => T | Promise<T>, keep: boolean): Promise<T> => {
    const c = process.cpuUsage();
    const started = performance.now();
    const out = await work();
    if (keep) {
      note(wall, name, performance.now() - started);
      const used = process.cpuUsage(c);
      note(cpu, name, (used.user + used.system) / 1000);
    }
    return out;
  };
  const body = {
    server: "EssbaseCluster-1",
    application: "Bench",
    cube: "Wide",
    grid: sheet,
    cells: [{ row: 2, column: 0 }],
    settings: { zoomInMode: "ALL_LEVELS", aliasTable: null },
  };
  const WARM = 3;
  const calls = async (when: string) => {
    for (let i = 0; i < ZOOMS + WARM; i++) {
      for (const via of i % 2 === 0 ? ["demo", "connector"] : ["connector", "demo"]) {
        const loginid = via === "demo" ? h.demoLogin : h.wireLogin;
        const res = await timed(
          `${via} call, ${when}`,
          () => h.post("action/zoomin", { ...body, loginid }),
          i >= WARM,
        );
        if (res.statusCode !== 200)
          throw new Error(`the ${via} zoom answered ${res.statusCode}: ${res.body}`);
        if (via === "connector" && i >= WARM) note(wall, `endpoint's own time, ${when}`, served);
      }
    }
  };
  /** One piece, ZOOMS times in a row on the same input (its own garbage collected in its own time). */
  const piece = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    let out: T | undefined;
    for (let i = 0; i < ZOOMS + WARM; i++) out = await timed(name, work, i >= WARM);
    return out as T;
  };

  await calls("before the pieces");
  const r = await piece("E engine zoom", () => finish(gridOperationSteps(cube, request())));
  const kinds = await piece("E cells' kinds", () => finish(cellKindsSteps(r)));
  const answer = gridAnswer(r, kinds);
  await piece("W API answer's JSON", () => finish(jsonSteps({ ...answer, dataVersion: "0" })));
  const rest = await piece("R endpoint's REST grid", () => restGrid(answer, dimensions, "none"));
  const text = await piece("S endpoint's JSON.stringify", () => JSON.stringify(rest));
  await piece("T HTTP, server in this process", () => carried(here.port));
  await piece("T HTTP, server in its own process", () => carried(childPort));
  const parsed = (await piece("P connector's JSON.parse", () => readJson(text))) as Parameters<
    typeof flatSheetOf
  >[0];
  const local = await piece("L connector's own layout", () =>
    runGridOperation(layoutSource(outline), request()),
  );
  // Q fills its layout in place: a fresh layout each time, made outside its time.
  let filled: ReturnType<typeof answerOfLaidOut> | null = null;
  for (let i = 0; i < ZOOMS + WARM; i++) {
    const fresh = runGridOperation(layoutSource(outline), request());
    filled = await timed(
      "Q connector's reading of the answer",
      () => {
        const flat = flatSheetOf(parsed);
        if (!flat || !sameFlatLayout(fresh, flat))
          throw new Error("the answer is not the connector's layout");
        return answerOfLaidOut(flat, settings, sent, fresh);
      },
      i >= WARM,
    );
  }
  if (!filled || local.grid.length !== filled.grid.length) throw new Error("the zoom's answer is not read");
  const laidOut = filled;
  await piece("G connector's contract answer", () => gridAnswer(laidOut));
  await calls("after the pieces");

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const w: Record<string, number> = {};
  const c: Record<string, number> = {};
  for (const [k, v] of Object.entries(wall)) w[k] = median(v);
  for (const [k, v] of Object.entries(cpu)) c[k] = mean(v);
  const lines = [
    `zoom to 10,100 rows: REST grid ${restText.length.toLocaleString("en")} characters; ${ZOOMS} of each`,
    "",
    "| Piece | wall p50 (ms) | CPU mean (ms) |",
    "| --- | ---: | ---: |",
    ...Object.keys(w).map(
      (k) => `| ${k} | ${(w[k] ?? 0).toFixed(2)} | ${c[k] === undefined ? "" : c[k].toFixed(2)} |`,
    ),
    "",
    "| Floor, as a ratio to the demo call D | wall | CPU |",
    "| --- | ---: | ---: |",
  ];
  const floors = (t: Record<string, number>) => {
    const q = (k: string) => t[k] ?? 0;
    const D = (q("demo call, before the pieces") + q("demo call, after the pieces")) / 2;
    const measured = (q("connector call, before the pieces") + q("connector call, after the pieces")) / 2;
    const endpoint = q("R endpoint's REST grid") + q("S endpoint's JSON.stringify");
    const reading = q("P connector's JSON.parse") + q("Q connector's reading of the answer");
    const G = q("G connector's contract answer");
    const L = q("L connector's own layout");
    const hereT = q("T HTTP, server in this process");
    const childT = q("T HTTP, server in its own process");
    return {
      "measured (connector call / demo call)": measured / D,
      "one process, with the connector's own layout": (D + endpoint + hereT + reading + G + L) / D,
      "one process, a reading that cost nothing beyond Q": (D + endpoint + hereT + reading + G) / D,
      "endpoint in its own process, the layout hidden while it works":
        (D + endpoint + childT + reading + G) / D,
      "that answer streamed (only the slowest stage counts)":
        (D + Math.max(endpoint, childT, reading) + G) / D,
    };
  };
  const fw = floors(w);
  const fc = floors(c);
  for (const k of Object.keys(fw) as (keyof typeof fw)[])
    lines.push(`| ${k} | ${fw[k].toFixed(2)} | ${fc[k].toFixed(2)} |`);
  lines.push(
    "",
    `Node ${process.version}; load average ${loadBefore} at the start, ${loadAverages()} at the end (the CPU column counts this process only: the HTTP server in its own process is left out of it)`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  child.kill();
  here.server.close();
  await upstreams.close();
  await h.close();
}
