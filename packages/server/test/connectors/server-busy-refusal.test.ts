import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * The user's own server refusing for now (its 429, for example after failed logins) reaches every call, a refresh
 * or a form opened as well as a login. Its refusal was answered with the very words of QiBates's own limits ("Too
 * many requests; retry in 60 s."): the user could not tell whose limit it was. Through each connector it now says
 * it is the server's, in English and French, and the body's `refusedBy` is `server`; QiBates's own limit says
 * `qibates`, in its own words.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** Whether the proxy answers the next request itself, with the server's 429. */
let busy = false;
const proxy = slowProxy(
  () => server.base,
  () => {
    if (!busy) return { delayMs: 0 };
    busy = false;
    return {
      answer: (res) => {
        res.writeHead(429, { "content-type": "text/plain", "retry-after": "7" });
        res.end("Too many requests");
      },
    };
  },
);

const SERVER_REFUSAL = {
  en: "Too many requests; retry in 7 s. It is the server you are connected to that refuses, not QiBates.",
  fr: "Trop de requêtes\u202f; réessayez dans 7\u202fs. C'est le serveur auquel vous êtes connecté qui refuse, et non QiBates.",
};

const GRID = [
  ["", "Measures"],
  ["Year", "100"],
];

const PATHS = [
  { connector: "essbase", path: "/aps/JAPI", call: "action/refresh" },
  { connector: "ssas", path: "/aps/JAPI", call: "action/refresh" },
  { connector: "essbase-stndln", path: "/essbase/japi", call: "action/refresh" },
  { connector: "planning", path: "/HyperionPlanning/SmartView", call: "nav/openform" },
  { connector: "pbcs", path: "/HyperionPlanning/SmartView", call: "nav/openform" },
] as const;

describe("the user's own server refusing for now (429)", () => {
  it.each(PATHS)(
    "$connector: $call says the refusal is the server's, in both languages, refusedBy server",
    async ({ connector, path, call }) => {
      const address = `${proxy.base}${path}`;
      const planning = connector === "planning" || connector === "pbcs";
      const session = planning
        ? await server.vision(connector, address)
        : await server.sampleBasic(connector, address);
      const body = planning
        ? { ...session, folder: "/Forms/Summary", formName: "Revenue Summary" }
        : { ...session, grid: GRID };
      for (const language of ["en", "fr"] as const) {
        busy = true;
        const refused = await server.post(call, body, { connector, language });
        expect(busy, "the server was asked").toBe(false);
        expect(
          [refused.status, refused.json.code, refused.json.refusedBy],
          JSON.stringify(refused.json),
        ).toEqual([429, "QB_ERR_RATE_LIMITED", "server"]);
        expect(refused.json.message).toBe(SERVER_REFUSAL[language]);
      }
      // The server answering again, the same call goes through.
      const again = await server.post(call, body, { connector });
      expect(again.status, JSON.stringify(again.json)).toBe(200);
    },
  );
});

describe("QiBates's own limit", () => {
  const limited = listeningServer({ RATE_LIMIT_PER_MINUTE: "1" });
  it("says its own words, refusedBy qibates", async () => {
    const body = {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
    };
    await limited.post("action/login", body, { connector: "essbase" });
    const refused = await limited.post("action/login", body, { connector: "essbase" });
    expect([refused.status, refused.json.code, refused.json.refusedBy]).toEqual([
      429,
      "QB_ERR_RATE_LIMITED",
      "qibates",
    ]);
    expect(refused.json.message).toMatch(
      /^Too many requests; retry in \d+ s\. QiBates limits your requests for now\.$/,
    );
  });
});
