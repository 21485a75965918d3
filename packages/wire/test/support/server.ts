import { EmbeddedProvider } from "@qibates/embedded";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { WireEndpointOptions } from "../../src/options.ts";
import { memoryStore } from "./memory-store.ts";

/** Who the test endpoints let in: demo/demo, and each user name of `users` with its password. */
export function demoCredentials(users: Record<string, string> = {}) {
  return (u: string, p: string) =>
    (u === "demo" && p === "demo") || (Object.hasOwn(users, u) && users[u] === p);
}

/**
 * The embedded provider of the wire endpoints' tests: over `store` (a new one in memory by default), letting in
 * demo/demo and each user name of `users` with its password, with `scheduler` (a new one by default).
 */
export function openDemoProvider(
  options: {
    users?: Record<string, string>;
    gridWorkers?: number;
    /** The job queue's bounds (the provider's defaults when absent). */
    jobs?: { perOwner?: number; total?: number };
    scheduler?: SliceScheduler;
    store?: ReturnType<typeof memoryStore>;
  } = {},
) {
  const {
    users,
    gridWorkers,
    jobs,
    scheduler = new SliceScheduler(DEFAULT_SLICES),
    store = memoryStore(),
  } = options;
  return EmbeddedProvider.open({
    scheduler,
    store,
    credentialsValid: demoCredentials(users),
    ...(gridWorkers !== undefined ? { gridWorkers } : {}),
    ...(jobs !== undefined ? { jobs } : {}),
  });
}

/**
 * The one start of the wire endpoints' test servers: the embedded provider over a store in memory, one endpoint
 * registered on a Fastify server (its `options` over the provider and the test's `about`), listening on a free
 * port of the loopback address. `prepare` adds what a test needs before it listens (a hook).
 */
export async function startWire<O extends WireEndpointOptions>(
  endpoint: (app: FastifyInstance, options: O) => Promise<void>,
  options: Partial<O>,
  embedded: {
    users?: Record<string, string>;
    gridWorkers?: number;
    jobs?: { perOwner?: number; total?: number };
  } = {},
  prepare?: (app: FastifyInstance) => void,
) {
  const store = memoryStore();
  // One scheduler of long work for the provider and the endpoint, as the server has.
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const provider = await openDemoProvider({ ...embedded, scheduler, store });
  const app: FastifyInstance = Fastify({ logger: false });
  // The endpoint's options past `provider` are the test's (`Partial`): the endpoints default what is absent.
  const all = { provider, scheduler, about: { name: "QiBates", version: "test" }, ...options };
  await app.register(endpoint, all as unknown as O);
  prepare?.(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, store, provider, origin: `http://127.0.0.1:${port}` };
}

/**
 * The server `start` opens for the enclosing file's (or block's) tests: started before them, closed after them.
 * Its fields are read in the tests.
 */
export function serverForTests<S extends { app: FastifyInstance }>(start: () => Promise<S>): S {
  const server = {} as S;
  beforeAll(async () => {
    Object.assign(server, await start());
  });
  afterAll(async () => {
    await server.app.close();
  });
  return server;
}
