import { EmbeddedProvider } from "@qibates/connectors/embedded";
import Fastify, { type FastifyInstance } from "fastify";
import { type SmartViewOptions, smartViewEndpoint } from "../../src/smartview/index.ts";
import { memoryStore } from "./memory-store.ts";

/** A Fastify server answering the Smart View endpoint over the embedded provider (demo/demo), on a free port. */
export async function startSmartView(options: Partial<SmartViewOptions> = {}) {
  const provider = await EmbeddedProvider.open({
    store: memoryStore(),
    credentialsValid: (u, p) => u === "demo" && p === "demo",
  });
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(smartViewEndpoint, {
    provider,
    about: { name: "QiBates", version: "test" },
    ...options,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, provider, origin: `http://127.0.0.1:${port}` };
}
