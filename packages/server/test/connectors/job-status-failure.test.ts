import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { failingOnceProxy, UNREACHABLE } from "../support/slow-proxy.ts";

/**
 * A business rule (pbcs, planning) or a calculation script (essbase-stndln) the server launched, whose status the
 * server then fails to give: the job runs on, but the caller got "The provider at … cannot be reached: …" and
 * nothing more, as when nothing was launched, and would launch it a second time. The message now names the job
 * and says it may still be running, in the caller's language.
 */

// The rules launched above keep running after their status read fails, each a job of the same visitor (the
// address 127.0.0.1, one owner on the API and every endpoint since d2f3bfdd): room for them and the calculation.
const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all", QIBATES_JOBS_PER_USER: "16" });
const proxy = failingOnceProxy(() => server.base);

const LAUNCHED = {
  en: (job: string) =>
    `; job ${job} was launched and may still be running on the server: check that it has ended before running it again.`,
  fr: (job: string) =>
    `\u202f; le travail ${job} a été lancé et peut encore être en cours sur le serveur\u00a0: vérifiez qu'il est terminé avant de le relancer.`,
};

/** The message expected when reading job `job`'s status failed. */
const expected = (language: "en" | "fr", job: string) =>
  `${UNREACHABLE[language](proxy.base)}${LAUNCHED[language](job)}`;

describe.each(["pbcs", "planning"])(
  "%s: the status of a launched business rule cannot be read",
  (connector) => {
    for (const language of ["en", "fr"] as const) {
      it(`${language}: 502 that names the job and says it may still be running`, async () => {
        const vision = await server.vision(connector, `${proxy.base}/HyperionPlanning/SmartView`);
        const job = /^GET \S*\/applications\/Vision\/jobs\/(\d+)$/;
        proxy.failNext(job);
        const answer = await server.post(
          "action/launchrule",
          {
            ...vision,
            cube: "Plan1",
            ruleName: "CopyVersion",
            ruleType: "graphical",
            prompts: [
              { name: "SrcVersion", value: "Working" },
              { name: "TgtVersion", value: "What If" },
            ],
          },
          { connector, language },
        );
        expect(proxy.pending, "a reading of the job's status was failed").toBe(false);
        const id = /(?:job|travail) (\d+)/.exec(answer.json.message ?? "")?.[1] ?? "?";
        expect([answer.status, answer.json.code, answer.json.message]).toEqual([
          502,
          "QB_ERR_PROVIDER_UNREACHABLE",
          expected(language, id),
        ]);
      });
    }
  },
);

describe("essbase-stndln: the status of a launched calculation script cannot be read", () => {
  for (const language of ["en", "fr"] as const) {
    it(`${language}: 502 that names the job and says it may still be running`, async () => {
      const basic = await server.sampleBasic("essbase-stndln", `${proxy.base}/essbase/japi`);
      proxy.failNext(/^GET \/essbase\/rest\/v1\/jobs\/\d+$/);
      const answer = await server.post(
        "action/calculate",
        { ...basic, action: { script: "CalcAll" } },
        { connector: "essbase-stndln", language },
      );
      expect(proxy.pending, "a reading of the job's status was failed").toBe(false);
      const id = /(?:job|travail) (\d+)/.exec(answer.json.message ?? "")?.[1] ?? "?";
      expect([answer.status, answer.json.code, answer.json.message]).toEqual([
        502,
        "QB_ERR_PROVIDER_UNREACHABLE",
        expected(language, id),
      ]);
    });
  }
});
