import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openConnectorHarness, type ReplayConnector } from "../../src/answer-key.ts";
import { answerKeyOutline, replayOnEngine } from "../../src/answer-key-engine.ts";
import { readOutline } from "../../src/snapshot/read-cube.ts";
import { GIVES_CONSOLIDATION } from "../../src/snapshot/take.ts";
import { providerFor } from "../../src/snapshot-cli.ts";

/**
 * The Essbase answer key (packages/engine/test/fixtures/essbase-oracle, see its NOTICE) replayed on the outline
 * of a snapshot: the key's cube is served by a wire endpoint, its outline read through each connector as
 * `qibates-snapshot` reads it, and every case gives on the copy's outline what Essbase gave.
 */
const fixtures = dirname(
  fileURLToPath(new URL("../../../engine/test/fixtures/essbase-oracle/NOTICE", import.meta.url)),
);
const outlineDocument = parse(readFileSync(join(fixtures, "vision-plan1.yaml"), "utf8"));
const cases = readdirSync(fixtures)
  .filter((f) => f.endsWith(".json") && f !== "pivot-layouts.json")
  .sort()
  .map((f) => ({
    name: f,
    doc: JSON.parse(readFileSync(join(fixtures, f), "utf8")) as Record<string, unknown>,
  }));

const VIA: ReplayConnector[] = ["essbase-stndln", "ssas", "essbase"];

describe("the answer key on a snapshot's outline", () => {
  for (const via of VIA) {
    it(`matches every case through ${via}`, async () => {
      const harness = await openConnectorHarness({ via, outlineDocument });
      const { provider, close } = providerFor(via, new URL(harness.wireAddress));
      try {
        const login = await provider.login({
          connector: via,
          username: "demo",
          password: "demo",
          address: new URL(harness.wireAddress),
          call: CallContext.unbounded(),
        });
        const session = {
          id: "answer-key",
          ownerId: "test",
          connector: via,
          username: login.username,
          providerAddress: harness.wireAddress,
          aliasTable: null,
          call: CallContext.unbounded(),
          handle: login.handle ?? null,
        };
        const ref = { server: "EssbaseCluster-1", application: harness.application, cube: harness.cube };
        const read = await readOutline(provider, session, ref, GIVES_CONSOLIDATION[via], () => {});
        const copy = answerKeyOutline(read.document);
        const original = answerKeyOutline(outlineDocument);
        const differing: string[] = [];
        for (const { name, doc } of cases) {
          const want = replayOnEngine(original, doc);
          const got = replayOnEngine(copy, doc);
          if (JSON.stringify(got) !== JSON.stringify(want)) differing.push(name);
          if ("cells" in want && doc.result) {
            expect(want.cells).toEqual((doc.result as { cells: string[][] }).cells);
          }
        }
        expect(differing).toEqual([]);
        expect(cases.length).toBeGreaterThan(40);
      } finally {
        await close();
        await harness.close();
      }
    }, 120_000);
  }
});
