import type { EssbaseOperations, Provider } from "@qibates/provider";
import { startEndpoint } from "../../../wire/test/support/index.ts";
import { EssbaseRestProvider } from "../../src/essbase-rest/provider.ts";
import { useWireConnector, type WireConnectorFixture } from "./wire-connector.ts";

/**
 * The essbase-stndln connector logged in over real HTTP to the Essbase REST endpoint of @qibates/wire (over the
 * embedded provider), and a session of that embedded provider on the demo address, to compare answers.
 */
export type EssbaseRestFixture = WireConnectorFixture<
  Awaited<ReturnType<typeof startEndpoint>>,
  EssbaseRestProvider
>;

export const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

export function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error(`${p.id} serves no Essbase-family connector`);
  return p.essbase;
}

/** Registers its own beforeAll/afterAll: call it at the top of a test file. */
export function useEssbaseRest(): EssbaseRestFixture {
  return useWireConnector({
    connector: "essbase-stndln",
    start: () => startEndpoint(),
    provider: (upstreams) => new EssbaseRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 20_000 }),
    path: "/essbase/japi",
  });
}
