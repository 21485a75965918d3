import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ERROR_CODE_LIST,
  ERROR_CODES,
  type ErrorLocale,
  errorCatalogue,
  isErrorCode,
  templatePattern,
} from "@qibates/provider";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceBundleOptions } from "../../../../scripts/server-build.mjs";
import { testDataDir } from "../support/data-dir.ts";
import { type ServerProcess, startServer } from "../support/process.ts";

/**
 * The developers' API guide runs as written: the quick start (`site/docs/develop/api-guide.md`) and its topic
 * pages (`api-*.md` beside it), and their French twins. The quick start runs end to end as one shell session;
 * every curl block and every TypeScript block of every page is executed against a real demo server, the
 * TypeScript blocks are type-checked against `@qibates/client`, and the error catalogue is the registry's.
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const DOCS: Record<ErrorLocale, string> = {
  en: join(ROOT, "site/docs/develop"),
  fr: join(ROOT, "site/i18n/fr/docusaurus-plugin-content-docs/current/develop"),
};
const QUICK_START = "api-guide.md";
/** The topic pages the guide split into, each holding its part of the old one-page guide. */
const TOPICS = [
  "api-keys.md",
  "api-sessions.md",
  "api-navigate.md",
  "api-grids.md",
  "api-grids-reshape.md",
  "api-grids-save.md",
  "api-forms.md",
  "api-rules.md",
  "api-errors.md",
  "api-typescript-client.md",
] as const;
/** Topic pages reached from another topic page (the ad hoc grid tasks, from `api-grids.md`), not from the quick start. */
const SUB_TOPICS: ReadonlyMap<string, string> = new Map([
  ["api-grids-reshape.md", "api-grids.md"],
  ["api-grids-save.md", "api-grids.md"],
]);
const MAX_QUICK_START_WORDS = 1500;
const API = "/qibates/api/v2";
const DEMO_ADDRESS = {
  essbase: "https://demo.qibates.local/aps/JAPI",
  planning: "https://demo.qibates.local/HyperionPlanning/SmartView",
} as const;

interface Block {
  /** The page's file name, to name the block in failures. */
  readonly page: string;
  readonly lang: string;
  readonly code: string;
  /** 1-based line of the opening fence, to name the block in failures. */
  readonly line: number;
}

function codeBlocks(page: string, source: string): Block[] {
  const out: Block[] = [];
  for (const m of source.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```\s*$/gm)) {
    out.push({
      page,
      lang: m[1] ?? "",
      code: m[2] ?? "",
      line: source.slice(0, m.index).split("\n").length,
    });
  }
  return out;
}

/** The block without its leading comment lines. */
function firstCommand(code: string): string {
  return code.replace(/^(\s*#.*\n)*/, "").trimStart();
}

/** `# expect: QB_ERR_…` marks an example that shows an error on purpose. */
function expectedError(code: string): string | undefined {
  return /^#\s*expect:\s*(QB_ERR_[A-Z_]+)\s*$/m.exec(code)?.[1];
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Runs shell code as a reader's terminal runs it, stopping at the first failed command. `--norc`: Bash reads the
 * user's ~/.bashrc for `-c` when its standard input is a socket (Node's pipes are) and SHLVL is unset or 0, as
 * when started by sshd; that file (a version manager's set-up, say) is not part of an example, and it made each
 * example cost seconds.
 */
function shell(code: string, env: Record<string, string> = {}): Promise<Run> {
  return run("bash", ["--norc", "-c", `set -euo pipefail\n${code}`], env);
}

/** Error-catalogue rows of a page: `| \`QB_ERR_X\` | 400 | when | what to do |`. */
function catalogueRows(source: string): { code: string; status: number; when: string }[] {
  // The catalogue's rows: code, status, when it is answered, then what to do.
  return [...source.matchAll(/^\| `(QB_ERR_[A-Z_]+)` \| (\d{3}) \| (.+?) \| .+ \|\s*$/gm)].map((m) => ({
    code: m[1] ?? "",
    status: Number(m[2]),
    when: m[3] ?? "",
  }));
}

const work = mkdtempSync(join(tmpdir(), "qibates-api-guide-"));
// The TypeScript blocks import `@qibates/client` as a reader's program would: from the workspace's packages.
symlinkSync(join(ROOT, "node_modules"), join(work, "node_modules"), "dir");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The words a reader reads on a page: its body without front matter, markup and the fences of code blocks. */
function wordCount(source: string): number {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/^```.*$/gm, "")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * Whether an output a page shows is in the response: each key it shows with the same value, and each list it
 * shows as the response's first items (a page may show a grid's first rows only).
 */
/**
 * The values that differ at each run: an id the server issues, a duration. A page shows one run's; the check takes
 * any value of the same type.
 */
const VARYING: ReadonlySet<string> = new Set(["loginid", "durationMs", "requestId"]);

function shownIn(shown: unknown, got: unknown): boolean {
  if (Array.isArray(shown)) {
    return Array.isArray(got) && shown.length <= got.length && shown.every((v, i) => shownIn(v, got[i]));
  }
  if (shown !== null && typeof shown === "object") {
    if (got === null || typeof got !== "object" || Array.isArray(got)) return false;
    const g = got as Record<string, unknown>;
    return Object.entries(shown).every(
      ([k, v]) => k in g && (VARYING.has(k) ? typeof v === typeof g[k] : shownIn(v, g[k])),
    );
  }
  return shown === got;
}

const LOCALES = ["en", "fr"] as const;

function readPage(locale: ErrorLocale, page: string): string {
  return readFileSync(join(DOCS[locale], page), "utf8");
}

function pageBlocks(locale: ErrorLocale): Block[] {
  return [QUICK_START, ...TOPICS].flatMap((page) => codeBlocks(page, readPage(locale, page)));
}

/** A TypeScript example's file name, without extension, under its locale's folder. */
function exampleName(block: Block): string {
  return `${block.page.replace(/\.md$/, "")}-line-${block.line}`;
}

interface Examples {
  /** The type-check of every example of both locales, one diagnostic (its first line and the next) an item. */
  readonly diagnostics: string[];
  readonly checkCode: number;
  /** The runnable file of each example, by `locale/name`; undefined with `buildError` when the build failed. */
  readonly built?: ReadonlyMap<string, string>;
  readonly buildError?: string;
}

/**
 * Every TypeScript example of both locales written to `work/<locale>/<name>.mts`, then, once for the whole file:
 * one `tsc` run that type-checks them all against `@qibates/client`, and one esbuild build that turns each into a
 * plain JavaScript module `node` runs (the workspace's packages, written in TypeScript, inside; npm packages
 * imported from `node_modules`, as a reader's program imports them).
 */
let examples: Promise<Examples> | undefined;
function prepareExamples(): Promise<Examples> {
  examples ??= (async () => {
    const entryPoints: Record<string, string> = {};
    for (const locale of LOCALES) {
      mkdirSync(join(work, locale), { recursive: true });
      for (const b of pageBlocks(locale).filter((b) => b.lang === "ts")) {
        const file = join(work, locale, `${exampleName(b)}.mts`);
        writeFileSync(file, b.code);
        entryPoints[`${locale}/${exampleName(b)}`] = file;
      }
    }
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        extends: join(ROOT, "tsconfig.base.json"),
        compilerOptions: { types: ["node"], lib: ["ES2023", "DOM", "DOM.Iterable"] },
        include: LOCALES.map((locale) => `${locale}/*.mts`),
      }),
    );
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const outdir = join(work, "out");
    const [check, bundle] = await Promise.all([
      run(process.execPath, [tsc, "-p", join(work, "tsconfig.json"), "--pretty", "false"], {}),
      build(workspaceBundleOptions(entryPoints, outdir, { logLevel: "silent" })).then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error: String(error) }),
      ),
    ]);
    const diagnostics = (check.stdout + check.stderr).split(/\n(?=\S)/).filter((d) => d.trim() !== "");
    return bundle.ok
      ? {
          diagnostics,
          checkCode: check.code,
          built: new Map(Object.keys(entryPoints).map((name) => [name, join(outdir, `${name}.mjs`)])),
        }
      : { diagnostics, checkCode: check.code, buildError: bundle.error };
  })();
  return examples;
}

describe.each(LOCALES)("API guide (%s)", (locale) => {
  const read = (page: string): string => readPage(locale, page);
  const quickStart = read(QUICK_START);
  const blocks = pageBlocks(locale);
  const source = read("api-errors.md");
  const curlBlocks = blocks.filter((b) => b.lang === "bash" && firstCommand(b.code).startsWith("curl"));
  /** `export LOGINID=$(curl … | jq -r .loginid)`: the logins that set the variables the later examples read. */
  const loginBlocks = blocks.filter(
    (b) => b.lang === "bash" && /^export \w+=\$\(curl /.test(firstCommand(b.code)),
  );
  const setupBlocks = blocks.filter(
    (b) => b.lang === "bash" && firstCommand(b.code).startsWith("export") && !loginBlocks.includes(b),
  );
  const tsBlocks = blocks.filter((b) => b.lang === "ts");

  let server: ServerProcess;
  let key = "";

  async function login(connector: keyof typeof DEMO_ADDRESS): Promise<string> {
    const res = await fetch(`${server.baseUrl}${API}/action/login`, {
      method: "POST",
      headers: { "content-type": "application/json", qibateskey: key, connector },
      body: JSON.stringify({ username: "demo", password: "demo", providerAddress: DEMO_ADDRESS[connector] }),
    });
    const body = (await res.json()) as { loginid?: string };
    if (!body.loginid) throw new Error(`login failed: ${JSON.stringify(body)}`);
    return body.loginid;
  }

  /**
   * The variables an example reads: the server and the key, and a fresh session for each session variable its code
   * names (`LOGINID`, `PLANNING_LOGINID`), as the logout example ends its own.
   */
  async function environment(code: string): Promise<Record<string, string>> {
    const env: Record<string, string> = { QIBATES_URL: server.baseUrl, QIBATES_KEY: key };
    if (/\bLOGINID\b/.test(code)) env.LOGINID = await login("essbase");
    if (/\bPLANNING_LOGINID\b/.test(code)) env.PLANNING_LOGINID = await login("planning");
    return env;
  }

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: testDataDir(`data-${locale}-`, work) });
    const health = (await fetch(`${server.baseUrl}${API}/health`).then((r) => r.json())) as {
      demo: { apiKey: string };
    };
    key = health.demo.apiKey;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`keeps the quick start under ${MAX_QUICK_START_WORDS} words, linking to every topic page`, () => {
    expect(wordCount(quickStart)).toBeLessThan(MAX_QUICK_START_WORDS);
    for (const page of TOPICS.filter((p) => !SUB_TOPICS.has(p))) expect(quickStart).toContain(`](${page})`);
    for (const [page, parent] of SUB_TOPICS) expect(read(parent)).toContain(`](${page})`);
  });

  it("runs the quick start end to end as printed: key, login, first grid, form, rule, logout", async () => {
    const all = codeBlocks(QUICK_START, quickStart);
    const steps = all.filter((b) => b.lang === "bash");
    const paths = steps.flatMap((b) =>
      [...b.code.matchAll(/\/qibates\/api\/v2\/([\w/-]+)/g)].map((m) => m[1]),
    );
    expect(paths).toEqual([
      "health",
      "listkeys",
      "health",
      "action/login",
      "action/login",
      "action/refresh",
      "nav/openform",
      "action/launchrule",
      "action/logout",
      "action/logout",
      "action/refresh",
    ]);
    // One shell, as a reader pastes the blocks one after the other; every response printed on its own line, and
    // each block's output told apart by a mark, to hold it to the output the page shows after that block.
    const MARK = "@@quick-start-block@@";
    const script = steps
      .map((b) => `${b.code.replaceAll("http://localhost:3000", server.baseUrl)}\necho\necho ${MARK}`)
      .join("\n");
    const result = await shell(script);
    expect(result.code, result.stderr).toBe(0);
    const outputs = result.stdout.split(`${MARK}\n`).map((o) => o.split("\n").filter((l) => l.trim() !== ""));
    const shown = steps.flatMap((b, i) => {
      const next = all[all.indexOf(b) + 1];
      return next && (next.lang === "json" || next.lang === "text")
        ? [{ step: b, output: next, got: outputs[i] ?? [] }]
        : [];
    });
    // The check of the key, the connectors of health, the grid, the form, the rule, a logout and the refused call after
    // it show their response; the check of the logins shows what it prints.
    expect(shown.map((s) => s.output.lang)).toEqual([
      "json",
      "json",
      "text",
      "json",
      "json",
      "json",
      "json",
      "json",
    ]);
    // An output right under its command is the whole output; one the page introduces ("The response begins
    // with…", "here only…") may show part of it.
    const lines = quickStart.split("\n");
    const introduced = (step: Block, output: Block) =>
      lines.slice(step.line + step.code.split("\n").length, output.line - 1).some((l) => l.trim() !== "");
    for (const { step, output, got } of shown) {
      const where = `${output.page}:${output.line}`;
      if (output.lang === "text") expect(got, where).toEqual(output.code.trim().split("\n"));
      else {
        const [want, have] = [JSON.parse(output.code), JSON.parse(got.join(""))];
        expect(shownIn(want, have), where).toBe(true);
        if (!introduced(step, output)) expect(shownIn(have, want), `${where}: shown whole`).toBe(true);
      }
    }
    const responses = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const [grid, form, rule, essbaseOut, planningOut, afterLogout] = responses as [
      { grid: string[][] },
      { grid: string[][] },
      { status: string },
      { loginid: string; loggedOut: boolean },
      { loginid: string; loggedOut: boolean },
      { code: string },
    ];
    expect(responses.slice(0, -1).map((r) => r.code)).not.toContainEqual(expect.stringMatching(/^QB_ERR/));
    expect(grid.grid.slice(2).map((row) => row.slice(1).join(" "))).toEqual(["109 85 112", "36 32 39"]);
    expect(form.grid.length).toBeGreaterThan(1);
    expect(rule.status).toBe("completed");
    // Both sessions the quick start opens are logged out, each with its own connector.
    expect([essbaseOut.loggedOut, planningOut.loggedOut]).toEqual([true, true]);
    expect(responses).toHaveLength(6);
    // The refresh after the logouts, with the Essbase session's loginid, is refused as the page shows.
    expect(afterLogout.code).toBe("QB_ERR_SESSION_UNKNOWN");
    const logouts = steps.filter((b) => b.code.includes("/action/logout"));
    expect(logouts.map((b) => /connector: (\w+)/.exec(b.code)?.[1])).toEqual(["essbase", "planning"]);
    expect(logouts.map((b) => /"loginid": "\$(\w+)"/.exec(b.code)?.[1])).toEqual([
      "LOGINID",
      "PLANNING_LOGINID",
    ]);
    // Neither session lives on: a call with either loginid is refused.
    for (const [connector, out] of [
      ["essbase", essbaseOut],
      ["planning", planningOut],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${API}/nav/servers`, {
        method: "POST",
        headers: { "content-type": "application/json", qibateskey: key, connector },
        body: JSON.stringify({ loginid: out.loginid }),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("QB_ERR_SESSION_UNKNOWN");
    }
  });

  it("has curl and TypeScript examples for logging in, navigating, grids, forms and errors", () => {
    const paths = curlBlocks.map((b) => /\/qibates\/api\/v2\/([\w/-]+)/.exec(b.code)?.[1]);
    expect(paths).toEqual(
      expect.arrayContaining([
        "health",
        "listkeys",
        "action/login",
        "action/logout",
        "nav/servers",
        "nav/dimtree",
        "nav/filter",
        "nav/search",
        "nav/variables",
        "action/setvariable",
        "action/refresh",
        "action/zoomin",
        "action/keeponly",
        "action/pivot",
        "action/mdx",
        "action/save",
        "nav/openform",
        "action/submitform",
        "action/taskstatus",
      ]),
    );
    expect(tsBlocks.length).toBeGreaterThanOrEqual(6);
    expect(curlBlocks.filter((b) => expectedError(b.code)).length).toBeGreaterThan(0);
  });

  it("sets QIBATES_KEY to the demo key with the setup example", async () => {
    expect(setupBlocks.map((b) => b.page)).toEqual([QUICK_START]);
    const code = (setupBlocks[0]?.code ?? "").replaceAll("http://localhost:3000", server.baseUrl);
    const result = await shell(`${code}\nprintf '%s' "$QIBATES_KEY"`);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(key);
  });

  it("sets LOGINID and PLANNING_LOGINID with the login examples", async () => {
    expect(loginBlocks.map((b) => b.page)).toEqual([QUICK_START]);
    const code = loginBlocks[0]?.code ?? "";
    const result = await shell(`${code}\nprintf '%s %s' "$LOGINID" "$PLANNING_LOGINID"`, {
      QIBATES_URL: server.baseUrl,
      QIBATES_KEY: key,
    });
    expect(result.stderr).toBe("");
    const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    expect(result.stdout).toMatch(new RegExp(`^${uuid} ${uuid}$`));
  });

  it.concurrent.each(curlBlocks.map((b) => [b.page, b.line, b] as const))(
    "curl example of %s at line %i answers JSON as the text says",
    async (_page, _line, block) => {
      const result = await shell(block.code, await environment(block.code));
      expect(result.code, result.stderr).toBe(0);
      const body = JSON.parse(result.stdout) as { code?: string; message?: string };
      const expected = expectedError(block.code);
      if (expected && isErrorCode(expected)) {
        // The message is in the language the example asks for.
        const language = /accept-language: fr/i.test(block.code) ? "fr" : "en";
        expect(body.code).toBe(expected);
        expect(body.message).toMatch(templatePattern(ERROR_CODES[expected][language]));
      } else {
        expect(expected, "unknown code in # expect:").toBeUndefined();
        expect(result.stdout).not.toMatch(/"code":"QB_ERR/);
      }
    },
  );

  it("type-checks every TypeScript example against @qibates/client", async () => {
    const { diagnostics, checkCode } = await prepareExamples();
    // One run checks both locales' examples: this locale's are those under its folder, and a diagnostic under
    // no locale's folder (the configuration's) counts for both.
    const others = LOCALES.filter((l) => l !== locale);
    const mine = diagnostics.filter((d) => !others.some((l) => d.includes(`/${l}/`)));
    expect(mine.join("\n")).toBe("");
    expect(checkCode === 0 || mine.length < diagnostics.length, diagnostics.join("\n")).toBe(true);
  });

  it.concurrent.each(tsBlocks.map((b) => [b.page, b.line, b] as const))(
    "TypeScript example of %s at line %i runs to the end",
    async (_page, _line, block) => {
      const { built, buildError } = await prepareExamples();
      const file = built?.get(`${locale}/${exampleName(block)}`);
      expect(file, buildError).toBeDefined();
      const result = await run(process.execPath, [file as string], await environment(block.code));
      expect(result.code, result.stderr).toBe(0);
    },
  );

  it("shows the error body that a call with an unknown loginid returns, field included", async () => {
    // The error body's own page (the quick start shows the same refusal as a reader's curl prints it).
    const shown = blocks
      .filter((b) => b.page === "api-errors.md" && b.lang === "json")
      .map((b) => JSON.parse(b.code) as Record<string, unknown>)
      .find((b) => b.code === "QB_ERR_SESSION_UNKNOWN");
    const res = await fetch(`${server.baseUrl}${API}/nav/servers`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        qibateskey: key,
        connector: "essbase",
        "accept-language": locale,
      },
      body: JSON.stringify({ loginid: "00000000-0000-4000-8000-000000000000" }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(401);
    expect({ ...shown, requestId: "" }).toEqual({ ...body, requestId: "" });
  });

  it("points to the one error catalogue, which lists every code of the registry with its status and when it is answered", () => {
    expect(source).toContain(
      locale === "en" ? "(errors-and-limits.md#errors-by-code)" : "(errors-and-limits.md#erreurs-par-code)",
    );
    const expected = errorCatalogue(locale).map(({ code, status, when }) => ({ code, status, when }));
    const rows = catalogueRows(read("errors-and-limits.md"));
    // Every code of the registry, in the catalogue's order (a code no longer returned last).
    expect([...rows.map((r) => r.code)].sort()).toEqual([...ERROR_CODE_LIST].sort());
    expect(rows).toEqual(expected);
  });
});
