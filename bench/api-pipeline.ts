/**
 * The API server's own Fastify pipeline (pino logger, request id, rate limit per key, Prometheus metrics,
 * compression, error handler), built by `buildApp` exactly as `main.ts` builds it, with one more route that
 * does no work: `POST /qibates/api/v2/bench/noop` answers the shape of `nav/servers` without a key check,
 * session, validation or handler. What it reaches is the ceiling of any API call, so `bench/api-server.ts`
 * can tell the cost of the pipeline from the cost of the calls themselves. Benchmark only; never served.
 */
import "../scripts/command-line.mjs";
import type { AddressInfo } from "node:net";
import { buildApp } from "../packages/server/src/app.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { listenPort } from "./ports.mjs";

const app = await buildApp({ config: loadConfig() });
app.post("/qibates/api/v2/bench/noop", async (request) => ({
  servers: [{ name: String((request.body as { loginid?: unknown } | undefined)?.loginid ?? "") }],
}));
// PORT: the port api-server.ts chose in its range; else one of this benchmark's own `--ports`.
await app.listen({ port: Number(process.env.PORT || (await listenPort())), host: "127.0.0.1" });
process.stdout.write(`listening http://127.0.0.1:${(app.server.address() as AddressInfo).port}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
