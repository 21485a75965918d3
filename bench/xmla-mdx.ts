/**
 * One MDX query answering more than 10,000 cells on Sample.Basic, in one run:
 *   engine direct: the embedded provider's engine cube runs the query (`@qibates/engine/mdx`)
 *   through XMLA:  HTTP POST (127.0.0.1, Basic) → XMLA endpoint → the same engine → MDDataSet text read whole
 * Calls alternate so that both see the same machine; the figure is the ratio of the medians (and of the minimums,
 * steadier on a loaded machine). The first answer of
 * each path is checked: the XMLA answer holds one Cell per non-missing value of the engine's result.
 *
 *   npx tsx bench/xmla-mdx.ts [--rounds 40] [--write]
 */

import "../scripts/command-line.mjs";
import { appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_SERVERS } from "@qibates/engine/demo";
import { esc } from "@qibates/protocols/xml";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import Fastify from "fastify";
import { EmbeddedProvider } from "../packages/embedded/src/index.ts";
import { memoryStore } from "../packages/embedded/src/memory-store.ts";
import { xmlaEndpoint } from "../packages/wire/src/xmla/index.ts";
import { listenPort } from "./ports.mjs";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = opt("rounds", 40);
const WARMUP = 3;
const WRITE = args.includes("--write");

/** 34 columns (Sales and COGS × every Year member) × 550 rows (every Product × every Market member). */
const QUERY =
  "SELECT CrossJoin({[Measures].[Sales], [Measures].[COGS]}, [Year].Members) ON COLUMNS, " +
  "CrossJoin([Product].Members, [Market].Members) ON ROWS FROM [Sample].[Basic] WHERE ([Scenario].[Actual])";

const BODY =
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<Execute xmlns="urn:schemas-microsoft-com:xml-analysis"><Command><Statement>' +
  esc(QUERY) +
  "</Statement></Command><Properties><PropertyList><Catalog>Sample</Catalog>" +
  "<Format>Multidimensional</Format><AxisFormat>TupleFormat</AxisFormat></PropertyList></Properties>" +
  "</Execute></soap:Body></soap:Envelope>";

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

async function main() {
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const provider = await EmbeddedProvider.open({
    scheduler,
    store: memoryStore(),
    credentialsValid: (u, p) => u === "demo" && p === "demo",
  });
  const cube = provider.engineCube("ssas", {
    server: DEMO_SERVERS.essbase.name,
    application: "Sample",
    cube: "Basic",
  });
  const app = Fastify({ logger: false, bodyLimit: 1 << 20 });
  await app.register(xmlaEndpoint, { provider, scheduler });
  await app.listen({ port: await listenPort(), host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/olap/msmdpump.dll`;
  const headers = {
    "content-type": "text/xml",
    authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
    soapaction: '"urn:schemas-microsoft-com:xml-analysis:Execute"',
  };

  const engine: number[] = [];
  const xmla: number[] = [];
  let cells = 0;
  let present = 0;
  let bytes = 0;
  try {
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const order = i % 2 === 0 ? (["engine", "xmla"] as const) : (["xmla", "engine"] as const);
      for (const via of order) {
        const started = performance.now();
        if (via === "engine") {
          const r = await cube.mdx(QUERY);
          const ms = performance.now() - started;
          if (i >= WARMUP) engine.push(ms);
          if (i === 0) {
            cells = r.cells.length;
            present = r.cells.filter((v) => v !== null).length;
          }
        } else {
          const res = await fetch(url, { method: "POST", headers, body: BODY });
          const text = await res.text();
          const ms = performance.now() - started;
          if (res.status !== 200) throw new Error(`XMLA answered ${res.status}: ${text.slice(0, 500)}`);
          if (i >= WARMUP) xmla.push(ms);
          if (i === 0) {
            bytes = Buffer.byteLength(text);
            const answered = text.split("<Cell CellOrdinal=").length - 1;
            if (present === 0) present = (await cube.mdx(QUERY)).cells.filter((v) => v !== null).length;
            if (answered !== present)
              throw new Error(`XMLA answered ${answered} cells, the engine ${present}`);
          }
        }
      }
    }
  } finally {
    await app.close();
    await provider.close();
  }
  if (cells < 10_000) throw new Error(`the query answers ${cells} cells, fewer than 10,000`);

  const e = [...engine].sort((a, b) => a - b);
  const x = [...xmla].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  const ratio = percentile(x, 50) / percentile(e, 50);
  const lines = [
    `Query: \`${QUERY}\` — ${cells.toLocaleString("en-US")} cells (${present.toLocaleString("en-US")} not missing), answer ${(bytes / 1e6).toFixed(2)} MB`,
    "",
    "| Path | n | p50 (ms) | p90 (ms) | min (ms) |",
    "|---|---|---|---|---|",
    `| engine direct | ${e.length} | ${f(percentile(e, 50))} | ${f(percentile(e, 90))} | ${f(e[0] ?? Number.NaN)} |`,
    `| through XMLA over HTTP | ${x.length} | ${f(percentile(x, 50))} | ${f(percentile(x, 90))} | ${f(x[0] ?? Number.NaN)} |`,
    "",
    `Ratio of the medians (XMLA / engine): **${ratio.toFixed(2)}**; of the minimums: ${((x[0] ?? Number.NaN) / (e[0] ?? Number.NaN)).toFixed(2)}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  if (WRITE) {
    const file = join(dirname(fileURLToPath(import.meta.url)), "results", "xmla-mdx.md");
    appendFileSync(
      file,
      `\n## ${new Date().toISOString()} — npx tsx bench/xmla-mdx.ts --rounds ${ROUNDS}\n\n${lines.join("\n")}\n`,
    );
    process.stdout.write(`appended to ${file}\n`);
  }
}

await main();
