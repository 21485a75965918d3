import { rmSync } from "node:fs";
import { openProvider } from "@qibates/connectors";
import { Upstreams } from "@qibates/connectors/net";
import { EmbeddedProvider, type LoadedSnapshot } from "@qibates/embedded";
import { firstDifference } from "@qibates/engine/replay";
import { buildApp, databaseStore, demoCredentialsValid, loadConfig, providerRegistry } from "@qibates/server";
import { isRecord, REPLAY_CONNECTORS, type ReplayConnector, refusalOf } from "./answer-key-case.ts";
import {
  ANSWER_KEY_SERVER,
  type AnswerKeyCube,
  type AnswerKeyOutline,
  answerKeyCatalogue,
  answerKeyCube,
  answerKeyOperation,
  answerKeyOutline,
} from "./answer-key-engine.ts";
import { harnessEmbeddedDatabase, newHarnessDataDir } from "./harness-data-dir.ts";

export { REPLAY_CONNECTORS, type ReplayConnector, recordsAnswer, refusalOf } from "./answer-key-case.ts";

/**
 * Replays captured Essbase cases (the answer key: a basis sheet, preferences, one operation, the sheet
 * Essbase answered) through the whole product path of a connector: the QiBates API, the connector
 * (`essbase-stndln` over HTTP to the Essbase REST endpoint, or `ssas` over HTTP to the XMLA endpoint), the
 * embedded engine over the captured outline with no data. Used by the conformance test and by
 * `qibates-replay --via essbase-stndln|ssas`.
 */

export interface CaseOutcome {
  name: string;
  match: boolean;
  /** Why it does not match (the first differing cell, or the error), empty when it matches. */
  detail: string;
  /** The sheet the API answered, or its error. */
  answer: { cells: string[][] } | { error: { code: string; message: string } };
  /** The API answered the typed unsupported error (`QB_ERR_OPERATION_UNSUPPORTED`) where Essbase answered. */
  unsupported?: boolean;
}

type Doc = Record<string, unknown>;

const ACTIONS: Record<string, string> = {
  keeponly: "action/keeponly",
  removeonly: "action/removeonly",
  zoomin: "action/zoomin",
  zoomout: "action/zoomout",
  pivot: "action/pivot",
  pivottopov: "action/pivotToPOV",
};

/**
 * The API call a case stands for: route and body (without `loginid` and the cube). The case is read by the
 * engine (`caseRequest`: the sheet, the `ranges`), as the engine-only replay reads it; a pivot's destination
 * cell becomes the API's `to` by the engine's own rule (`pivotPlan`): the rows when the engine sends the
 * dimension to the row axis, the columns otherwise (the API names no other place).
 */
export function caseCall(
  doc: Doc,
  outline: AnswerKeyOutline,
): { path: string; body: Record<string, unknown> } {
  const request = answerKeyOperation(doc, outline);
  const action = request.action;
  const path = ACTIONS[action];
  if (!path) throw new Error(`unknown operation ${request.named}`);
  const grid = request.grid;
  const prefs = isRecord(doc.preferences) ? doc.preferences : {};
  const settings: Record<string, unknown> = {
    // The key records no data: missing cells are empty, as it wrote them.
    missingLabel: "",
    aliasTable: typeof doc.aliasTable === "string" ? doc.aliasTable : "Default",
  };
  if (typeof prefs.indentation === "string") settings.indentation = prefs.indentation;
  if (typeof prefs.suppressMissingRows === "boolean") settings.missingSuppression = prefs.suppressMissingRows;
  if (typeof prefs.repeatMemberLabels === "boolean") settings.repeatMemberLabels = prefs.repeatMemberLabels;
  if (typeof prefs.zoomInPreference === "string") settings.zoomInMode = prefs.zoomInPreference;
  if (typeof prefs.includeSelection === "boolean") settings.includeSelection = prefs.includeSelection;
  if (typeof prefs.withinSelectedGroup === "boolean")
    settings.withinSelectedGroup = prefs.withinSelectedGroup;
  if (typeof prefs.removeUnselectedGroup === "boolean")
    settings.removeUnselectedGroups = prefs.removeUnselectedGroup;
  if (typeof prefs.ancestorPosition === "string") settings.ancestorPosition = prefs.ancestorPosition;
  if (action === "pivot" || action === "pivottopov") {
    const p = request.pivot;
    if (!p) throw new Error("a pivot needs a starting cell");
    const body: Record<string, unknown> = { grid, settings, row: p.row, column: p.column };
    if (action === "pivot" && p.toRow !== undefined && p.toColumn !== undefined) {
      const to = request.pivotTo();
      if (to) body.to = to;
    }
    return { path, body };
  }
  return { path, body: { grid, settings, cells: request.cells } };
}

export interface ConnectorHarness {
  application: string;
  cube: string;
  /** The connector both sessions were opened with. */
  via: ReplayConnector;
  /** A session opened with the connector on the demo address (API → engine). */
  demoLogin: string;
  /** A session opened with the connector on its wire endpoint (API → connector → HTTP → engine). */
  wireLogin: string;
  /** The provider address of the wire endpoint (`http://127.0.0.1:PORT/…`). */
  wireAddress: string;
  /** Calls the API in process (`path` without `/qibates/api/v2/`). */
  post(path: string, body: unknown): Promise<{ statusCode: number; body: string; json(): unknown }>;
  close(): Promise<void>;
}

/**
 * Starts the product in this process with the connector's wire endpoint on 127.0.0.1 (`via`, essbase-stndln
 * by default), serving the demo's Sample.Basic, or (with `outlineDocument`) one cube of that outline with no
 * data, and opens two sessions with that connector: one on the demo address, one over HTTP on the endpoint.
 * For the answer-key replay and the connector-path benchmark.
 */
export async function openConnectorHarness(
  options: {
    outlineDocument?: unknown;
    application?: string;
    cube?: string;
    via?: ReplayConnector;
    /** Snapshots served beside Sample.Basic (`QIBATES_SNAPSHOTS`), already read and checked. */
    snapshots?: readonly LoadedSnapshot[];
    /**
     * The provider address the connector's session logs in to, when its endpoint is served by another process
     * (a harness of its own, with the same options): as a real server, it works beside this process.
     */
    upstream?: string;
    /** The endpoint's `RATE_LIMIT_PER_MINUTE` (default: a million, no limit a test reaches). */
    rateLimitPerMinute?: number;
    /** The port the product listens on (default 0: any free port; a benchmark's `--ports` gives one). */
    port?: number;
  } = {},
): Promise<ConnectorHarness> {
  const via = options.via ?? "essbase-stndln";
  const { endpoint, suffix } = REPLAY_CONNECTORS[via];
  const custom = options.outlineDocument !== undefined;
  const application = custom ? (options.application ?? "Vision") : "Sample";
  const cubeName = custom ? (options.cube ?? "Plan1") : "Basic";
  const key: AnswerKeyCube | null = custom
    ? answerKeyCube(options.outlineDocument, application, cubeName)
    : null;
  const dataDir = await newHarnessDataDir();
  const config = loadConfig({
    SITE_DIR: "",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    QIBATES_WIRE_ENDPOINTS: endpoint,
    ALLOWED_HOSTS: "127.0.0.1",
    RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute ?? 1_000_000),
  });
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 10_000,
    readTimeoutMs: 60_000,
  });
  const { provider: connector, close: closeConnector } = openProvider(via, {
    upstreams,
    idleMs: 3_600_000,
    jobTimeoutMs: 60_000,
  });
  const app = await buildApp({
    config,
    logger: false,
    embedded: harnessEmbeddedDatabase(),
    providers: async (db, scheduler) => {
      const store = databaseStore(db);
      if (!key) {
        const embedded = await EmbeddedProvider.open({
          scheduler,
          store,
          credentialsValid: demoCredentialsValid,
          ...(options.snapshots ? { snapshots: options.snapshots } : {}),
        });
        return providerRegistry({ demo: embedded, remote: { [via]: connector } });
      }
      const embedded = await EmbeddedProvider.open({
        scheduler,
        store,
        credentialsValid: demoCredentialsValid,
        catalogue: await answerKeyCatalogue(key, store),
      });
      return providerRegistry({ demo: embedded, remote: { [via]: connector } });
    },
  });
  const close = async () => {
    await app.close();
    await closeConnector();
    await upstreams.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const key = app.services.demoKey ?? "";
    const post = (path: string, body: unknown) =>
      app.inject({
        method: "POST",
        url: `/qibates/api/v2/${path}`,
        headers: { "content-type": "application/json", qibateskey: key, connector: via },
        payload: JSON.stringify(body),
      });
    const login = async (providerAddress: string) => {
      const res = await post("action/login", { username: "demo", password: "demo", providerAddress });
      if (res.statusCode !== 200) throw new Error(`login to ${providerAddress} failed: ${res.body}`);
      return res.json().loginid as string;
    };
    return {
      application,
      cube: cubeName,
      via,
      demoLogin: await login(`https://demo.qibates.local${suffix}`),
      wireLogin: await login(options.upstream ?? `http://127.0.0.1:${port}${suffix}`),
      wireAddress: options.upstream ?? `http://127.0.0.1:${port}${suffix}`,
      post,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** What opens the product a replay runs on: {@link openConnectorHarness}, or a caller's that keeps one open. */
export type OpenHarness = (
  options: NonNullable<Parameters<typeof openConnectorHarness>[0]>,
) => Promise<ConnectorHarness>;

/**
 * Replays every case through the connector path: the product in this process, the connector's wire endpoint
 * serving the captured outline (cube `application.cube` of the first case, no data), one session of the
 * connector (`via`, essbase-stndln by default) over HTTP. The harness `open` gives is closed after the cases.
 */
export async function replayThroughConnector(
  outlineDocument: unknown,
  cases: { name: string; doc: Doc }[],
  via: ReplayConnector = "essbase-stndln",
  open: OpenHarness = openConnectorHarness,
): Promise<CaseOutcome[]> {
  const first = cases[0]?.doc ?? {};
  const harness = await open({
    outlineDocument,
    via,
    ...(typeof first.application === "string" ? { application: first.application } : {}),
    ...(typeof first.cube === "string" ? { cube: first.cube } : {}),
  });
  const { application, cube: cubeName, post } = harness;
  const loginid = harness.wireLogin;
  try {
    const outline = answerKeyOutline(outlineDocument, `${application}.${cubeName}`);
    const outcomes: CaseOutcome[] = [];
    for (const { name, doc } of cases) {
      const refusal = refusalOf(doc);
      const { path, body } = caseCall(doc, outline);
      const res = await post(path, {
        ...body,
        loginid,
        server: ANSWER_KEY_SERVER,
        application,
        cube: cubeName,
      });
      const json = res.json() as { grid?: string[][]; code?: string; message?: string };
      if (res.statusCode === 200 && json.grid) {
        const want = ((doc.result as Doc | undefined)?.cells ?? []) as string[][];
        const detail = refusal
          ? `answered a grid where Essbase refused: ${refusal}`
          : firstDifference(json.grid, want);
        outcomes.push({ name, match: detail === "", detail, answer: { cells: json.grid } });
      } else {
        const message = String(json.message ?? res.body);
        const match = !!refusal && refusal.toLowerCase().includes(message.toLowerCase().replace(/\.$/, ""));
        outcomes.push({
          name,
          match,
          detail: match ? "" : `answered ${res.statusCode} ${json.code ?? ""}: ${message}`,
          answer: { error: { code: String(json.code ?? res.statusCode), message } },
          ...(!match && json.code === "QB_ERR_OPERATION_UNSUPPORTED" ? { unsupported: true } : {}),
        });
      }
    }
    return outcomes;
  } finally {
    await harness.close();
  }
}

/** The zoom mode a case's preferences name (`CALC_LEVEL`…), if any. */
export function caseZoomMode(doc: unknown): string | null {
  if (!isRecord(doc) || !isRecord(doc.preferences)) return null;
  const mode = doc.preferences.zoomInPreference;
  return typeof mode === "string" ? mode : null;
}

/**
 * The summary line of a replay: `N of M cases match (connector)`, then the cases answered with the typed
 * unsupported error, by name.
 */
export function replaySummary(outcomes: readonly CaseOutcome[], via: string): string {
  const matching = outcomes.filter((o) => o.match).length;
  const unsupported = outcomes.filter((o) => o.unsupported).map((o) => o.name);
  return `${matching} of ${outcomes.length} cases match (${via})${
    unsupported.length > 0 ? `; ${unsupported.length} unsupported: ${unsupported.join(", ")}` : ""
  }`;
}
