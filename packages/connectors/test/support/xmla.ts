import { startXmla } from "../../../wire/test/support/index.ts";
import { XmlaProvider } from "../../src/xmla/provider.ts";
import { useWireConnector, type WireConnectorFixture } from "./wire-connector.ts";

/**
 * The ssas connector logged in over real HTTP to the XMLA endpoint of @qibates/wire (over the embedded
 * provider), and a session of that embedded provider on the demo address, to compare answers.
 */
export type XmlaFixture = WireConnectorFixture<Awaited<ReturnType<typeof startXmla>>, XmlaProvider>;

/** Registers its own beforeAll/afterAll: call it at the top of a test file. */
export function useXmla(): XmlaFixture {
  return useWireConnector({
    connector: "ssas",
    start: () => startXmla(),
    provider: (upstreams) => new XmlaProvider({ upstreams, idleMs: 60_000 }),
    path: "/aps/JAPI",
  });
}
