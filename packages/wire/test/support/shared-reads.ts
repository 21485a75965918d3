// The setup of the shared-reads tests (an outline or member tree read once for every session that sees
// it): `essbase-rest/outline-shared.test.ts` and `planning-rest/members-shared.test.ts`.

import type { Provider } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import type { WireEndpointOptions } from "../../src/options.ts";
import { openDemoProvider, startWire } from "./server.ts";

/** The users besides demo/demo: `filtered` is the one a test shows fewer members. */
export const USERS = { alice: "a", filtered: "f" };
export const PASSWORDS: Record<string, string> = { demo: "demo", ...USERS };

/** `base` with the operations of `group` replaced by `replace(base's)` (the rest of the provider as it is). */
export function withOperations<K extends "essbase" | "planning">(
  base: Provider,
  group: K,
  replace: (own: NonNullable<Provider[K]>) => Partial<NonNullable<Provider[K]>>,
): Provider {
  const own = base[group] as NonNullable<Provider[K]>;
  const replaced = Object.create(own, Object.getOwnPropertyDescriptors(replace(own)));
  return Object.create(base, { [group]: { value: replaced } }) as Provider;
}

/**
 * `start(wrap?)` opens `endpoint` over the demo provider with {@link USERS}, or over `wrap` of it (a provider whose
 * reads differ); `stop()` closes it early (a test that starts several). Each is closed after its test.
 */
export function sharedReadsServer<O extends WireEndpointOptions>(
  endpoint: (app: FastifyInstance, options: O) => Promise<void>,
  options: Partial<O> = {},
) {
  let close: (() => Promise<void>) | null = null;
  const stop = async () => {
    await close?.();
    close = null;
  };
  afterEach(stop);
  const start = async (wrap?: (base: Provider) => Provider) => {
    const base = await openDemoProvider({ users: USERS });
    const server = await startWire(endpoint, { ...options, provider: wrap ? wrap(base) : base });
    close = () => server.app.close();
    return { base, origin: server.origin };
  };
  return { start, stop };
}
