import type { EmbeddedProvider } from "@qibates/embedded";
import { describe, expect, it } from "vitest";
import { CALC_ALL_JOB, VISION_JOBS } from "../../../wire/test/support/jobs.ts";
import { type App, appForBlock } from "../support/app.ts";
import { basicAuth, xmlaDiscover } from "../support/wire-login.ts";

/**
 * Every 429 of the protocol endpoints in the caller's language, as their refusals of file room and of logins
 * already were: a job refused past the job queue's bound (Essbase REST, Planning REST) and a call past the
 * request limit (`RATE_LIMIT_PER_MINUTE`, on all four endpoints) answered English to `Accept-Language: fr`.
 */

const demo = basicAuth("demo", "demo");
const FR = { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" };

describe("a job refused past the queue's bound, in French", () => {
  let app: App;
  appForBlock(
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest,planning-rest",
      RATE_LIMIT_PER_MINUTE: "1000000",
      QIBATES_JOBS_PER_USER: "1",
    },
    (built) => {
      app = built;
    },
  );

  /** Holds the queue's running place with another owner's job, so that the caller's first job waits. */
  function holdQueue(): () => Promise<void> {
    const provider = app.services.providers.byId("embedded") as EmbeddedProvider;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done = provider.jobs.admit("test: another owner")?.run(() => held);
    return async () => {
      release();
      await done;
    };
  }

  it("Essbase REST and Planning REST: 429 with Retry-After, the message in French; English otherwise", async () => {
    const release = holdQueue();
    try {
      const login = await app.inject({
        method: "GET",
        url: "/essbase/rest/v1/session",
        remoteAddress: "198.51.100.7",
        headers: { authorization: demo },
      });
      const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
      const essbaseJob = (headers: Record<string, string> = {}) =>
        app.inject({
          method: "POST",
          url: "/essbase/rest/v1/jobs",
          remoteAddress: "198.51.100.7",
          headers: { cookie, "content-type": "application/json", ...headers },
          payload: CALC_ALL_JOB,
        });
      expect((await essbaseJob()).statusCode).toBe(200);
      const fr = await essbaseJob(FR);
      expect(fr.statusCode).toBe(429);
      expect(fr.headers["retry-after"]).toMatch(/^\d+$/);
      expect(fr.json().errorMessage).toBe(
        `Trop de travaux de cet utilisateur sont en cours ou en attente\u202f; réessayez dans ${fr.headers["retry-after"]}\u202fs.`,
      );
      const en = await essbaseJob();
      expect(en.statusCode).toBe(429);
      expect(en.json().errorMessage).toMatch(
        /^Too many jobs of this user are running or waiting; retry in \d+ s\.$/,
      );

      const planningJob = (headers: Record<string, string> = {}) =>
        app.inject({
          method: "POST",
          url: VISION_JOBS,
          remoteAddress: "198.51.100.8",
          headers: { authorization: demo, "content-type": "application/json", ...headers },
          payload: { jobType: "RULES", jobName: "AggregateData", parameters: {} },
        });
      expect((await planningJob()).statusCode).toBe(200);
      const planningFr = await planningJob(FR);
      expect(planningFr.statusCode).toBe(429);
      expect(planningFr.headers["retry-after"]).toMatch(/^\d+$/);
      expect(planningFr.json().detail).toBe(
        `Trop de travaux de cet utilisateur sont en cours ou en attente\u202f; réessayez dans ${planningFr.headers["retry-after"]}\u202fs.`,
      );
    } finally {
      await release();
    }
  });
});

describe("a call past the request limit, in French on every protocol endpoint", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "all", RATE_LIMIT_PER_MINUTE: "1" }, (built) => {
    app = built;
  });

  const TOO_MANY_FR =
    /^Trop de requêtes\u202f; réessayez dans \d+\u202fs\. QiBates limite vos requêtes pour le moment\.$/;
  const TOO_MANY_EN = /^Too many requests; retry in \d+ s\. QiBates limits your requests for now\.$/;

  // Smart View answers in English whatever the client asks, as Provider Services does (wire/src/smartview/NOTES.md).
  it("Essbase REST, Planning REST and XMLA answer the request limit's 429 in French, Smart View in English", async () => {
    const calls: [
      string,
      () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
      (body: string) => string,
    ][] = [
      [
        "essbase-rest",
        () =>
          app.inject({
            method: "GET",
            url: "/essbase/rest/v1/applications",
            remoteAddress: "203.0.113.1",
            headers: { authorization: demo, ...FR },
          }),
        (body) => JSON.parse(body).errorMessage,
      ],
      [
        "planning-rest",
        () =>
          app.inject({
            method: "GET",
            url: "/HyperionPlanning/rest/v3/applications",
            remoteAddress: "203.0.113.2",
            headers: { authorization: demo, ...FR },
          }),
        (body) => JSON.parse(body).detail,
      ],
      [
        "xmla",
        () =>
          app.inject({
            method: "POST",
            url: "/olap/msmdpump.dll",
            remoteAddress: "203.0.113.3",
            headers: { authorization: demo, "content-type": "text/xml", ...FR },
            payload: xmlaDiscover("DISCOVER_DATASOURCES"),
          }),
        (body) => /<faultstring>([^<]*)<\/faultstring>/.exec(body)?.[1] ?? body,
      ],
      [
        "smartview",
        () =>
          app.inject({
            method: "POST",
            url: "/aps/SmartView",
            remoteAddress: "203.0.113.4",
            headers: { "content-type": "text/xml", ...FR },
            payload: "<req_GetProvisionedDataSources/>",
          }),
        (body) => /<desc>([^<]*)<\/desc>/.exec(body)?.[1] ?? body,
      ],
    ];
    for (const [name, call, message] of calls) {
      await call();
      const refused = await call();
      expect(refused.statusCode, name).toBe(429);
      expect(refused.headers["retry-after"], name).toMatch(/^\d+$/);
      expect(message(refused.body), name).toMatch(name === "smartview" ? TOO_MANY_EN : TOO_MANY_FR);
    }
  });
});
