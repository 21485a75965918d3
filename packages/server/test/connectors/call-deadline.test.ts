import { expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * Every call answers within its deadline, CONNECTION_TIMEOUT_SECONDS, however many rounds it makes to a slow
 * server: its result, or 504 QB_ERR_CALL_TIMEOUT naming the setting, in the caller's language. Every timeout is
 * scaled down (calculation 2 s, connect 1 s, read 3 s, the connection 7 s) and a proxy delays each request of the
 * timed call 1.8 s, within the read timeout: the first refresh reads the cube's outline in several rounds, an
 * Open Form through planning or pbcs in about five. Before: the connection was closed at CONNECTION_TIMEOUT_SECONDS
 * while the server still worked on the call, and the client got an empty reply (curl: (52)). A server that
 * trickles its answer (a byte every 1.5 s, each within the read timeout) held the call as long.
 */

/** The smallest CONNECTION_TIMEOUT_SECONDS the start check takes with these waits (2 + 1 + 3 s). */
const DEADLINE_S = 7;
const server = listeningServer({
  QIBATES_WIRE_ENDPOINTS: "all",
  CALC_JOB_TIMEOUT_SECONDS: "2",
  PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
  PROVIDER_READ_TIMEOUT_SECONDS: "3",
  CONNECTION_TIMEOUT_SECONDS: String(DEADLINE_S),
});

type Mode = "fast" | "slow" | "trickle";

/**
 * A proxy of one test in front of the server, and what it does with the timed call's requests (the logins before
 * it pass at once): one a test, so that the tests, which mostly wait, run at the same time.
 */
function timedProxy(): { base: () => string; mode: Mode } {
  const state = { base: () => proxy.base, mode: "fast" as Mode };
  const proxy = slowProxy(
    () => server.base,
    () => {
      if (state.mode === "fast") return { delayMs: 0 };
      if (state.mode === "slow") return { delayMs: 1800 };
      return {
        answer: (res) => {
          res.writeHead(200, { "content-type": "application/json" });
          const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 1500);
          res.on("close", () => clearInterval(timer));
        },
      };
    },
  );
  return state;
}

/** A call as a client makes it: its status and JSON body, or `null` when the connection ended without an answer. */
async function call(
  path: string,
  body: unknown,
  connector: string,
  language: "en" | "fr",
): Promise<{ status: number; json: Record<string, string> } | null> {
  try {
    const res = await fetch(`${server.base}/qibates/api/v2/${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        qibateskey: server.key,
        connector,
        "accept-language": language,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, string> };
  } catch {
    return null;
  }
}

const TIMED_OUT = {
  en: `The request did not end within ${DEADLINE_S} seconds and QiBates stopped it: nothing was written; try again, or ask your administrator to let QiBates wait longer for the server.`,
  fr: `La requête ne s'est pas terminée en ${DEADLINE_S} secondes et QiBates l'a arrêtée : rien n'a été écrit\u202f; réessayez, ou demandez à votre administrateur de laisser QiBates attendre le serveur plus longtemps.`,
};

const GRID = [
  ["", "Measures"],
  ["Year", "100"],
];

const REMOTE = [
  { connector: "essbase", address: "/aps/JAPI", language: "en" as const, proxy: timedProxy() },
  { connector: "ssas", address: "/aps/JAPI", language: "fr" as const, proxy: timedProxy() },
  { connector: "essbase-stndln", address: "/essbase/japi", language: "en" as const, proxy: timedProxy() },
];

// Siblings at the file's top, so that they run at the same time (each waits seconds on its proxy).
it.concurrent.each(REMOTE)(
  "the first refresh through $connector on a server slow on every answer returns the grid or the deadline's error, never an empty reply",
  async (path) => {
    const { proxy } = path;
    const basic = await server.sampleBasic(path.connector, `${proxy.base()}${path.address}`);
    proxy.mode = "slow";
    const r = await call("action/refresh", { ...basic, grid: GRID }, path.connector, path.language);
    proxy.mode = "fast";
    expect(r, "the connection ended without an answer").not.toBeNull();
    if (r?.status === 200) expect(r.json.grid).toBeDefined();
    else {
      expect([r?.status, r?.json.code], JSON.stringify(r?.json)).toEqual([504, "QB_ERR_CALL_TIMEOUT"]);
      expect(r?.json.message).toBe(TIMED_OUT[path.language]);
    }
  },
);

it.concurrent.each([
  { connector: "planning", language: "fr" as const, proxy: timedProxy() },
  { connector: "pbcs", language: "en" as const, proxy: timedProxy() },
])(
  "Open Form through $connector on a server slow on every answer returns the form or the deadline's error, never an empty reply",
  async ({ connector, language, proxy }) => {
    const vision = await server.vision(connector, `${proxy.base()}/HyperionPlanning/SmartView`);
    proxy.mode = "slow";
    const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan" };
    const r = await call("nav/openform", form, connector, language);
    proxy.mode = "fast";
    expect(r, "the connection ended without an answer").not.toBeNull();
    if (r?.status === 200) expect(r.json.formName).toBe("Revenue Plan");
    else {
      expect([r?.status, r?.json.code], JSON.stringify(r?.json)).toEqual([504, "QB_ERR_CALL_TIMEOUT"]);
      expect(r?.json.message).toBe(TIMED_OUT[language]);
    }
  },
);

const trickling = timedProxy();
it.concurrent("a server that trickles its answer, a byte within each read timeout, is cut at the call's deadline with its error (a save: the cells may have been written)", async () => {
  const proxy = trickling;
  const basic = await server.sampleBasic("essbase-stndln", `${proxy.base()}/essbase/japi`);
  const grid = await call("action/refresh", { ...basic, grid: GRID }, "essbase-stndln", "en");
  expect(grid?.status, JSON.stringify(grid?.json)).toBe(200);
  proxy.mode = "trickle";
  const r = await call(
    "action/save",
    { ...basic, grid: grid?.json.grid, cells: [{ row: 1, column: 1 }] },
    "essbase-stndln",
    "fr",
  );
  proxy.mode = "fast";
  expect(r, "the connection ended without an answer").not.toBeNull();
  expect([r?.status, r?.json.code], JSON.stringify(r?.json)).toEqual([504, "QB_ERR_CALL_TIMEOUT"]);
  expect(r?.json.message).toBe(
    `La requête ne s'est pas terminée en ${DEADLINE_S}\u00a0secondes et QiBates l'a arrêtée\u00a0: les cellules ont pu être écrites\u00a0: actualisez la grille avant de soumettre de nouveau.`,
  );
});
