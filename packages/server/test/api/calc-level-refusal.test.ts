import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A zoom to the formula level refused by a connector names the operation as every other refusal of a zoom mode
 * does, `action/zoomin (CALC_LEVEL)`, whichever connector refuses it: through essbase (refused by the connector,
 * the demo address doing it) it said `action/zoomin CALC_LEVEL`, through ssas and essbase-stndln (refused by the
 * capability table) `action/zoomin (CALC_LEVEL)`.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const call = (path: string, connector: string, body: unknown, language = "en") =>
  server.post(path, body, { connector, language });

const SUFFIX: Record<string, string> = {
  essbase: "/aps/JAPI",
  ssas: "/aps/JAPI",
  "essbase-stndln": "/essbase/japi",
};

describe("action/zoomin CALC_LEVEL through a connector that cannot do it", () => {
  for (const connector of Object.keys(SUFFIX)) {
    it(`is refused as action/zoomin (CALC_LEVEL), in English and French (${connector})`, async () => {
      const body = {
        ...(await server.sampleBasic(connector, `${server.base}${SUFFIX[connector]}`)),
        grid: [
          ["", "Sales", "Cola", "Actual"],
          ["", "Jan", "Feb", "Mar"],
          ["East", "109", "85", "112"],
        ],
        cells: [{ row: 2, column: 0 }],
        settings: { zoomInMode: "CALC_LEVEL" },
      };
      const en = await call("action/zoomin", connector, body, "en");
      expect(en.status).toBe(422);
      expect(en.json.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
      expect(en.json.message).toMatch(/^QiBates cannot do this on your server: \S/);
      // The operation, the connector and the API field go to the developer's detail, not the user's sentence.
      expect(
        en.json.detail?.startsWith(`action/zoomin (CALC_LEVEL) is not supported by connector ${connector}.`),
      ).toBe(true);
      expect(en.json.message).not.toMatch(/settings\.|zoomInMode/);
      const fr = await call("action/zoomin", connector, body, "fr");
      expect(fr.json.message).toMatch(/^QiBates ne peut pas faire cela sur votre serveur\u00a0: \S/);
    });
  }
});
