import type { components } from "@qibates/client/schema";
import { zoomModeOf } from "@qibates/grid-rules";
import {
  aliasTableOf,
  ESS_INDENT,
  preferencesXml,
  type QueryPreferences,
  readBackgroundPov,
  readPreferences,
  readRequestGrid,
  SV_MISSING_TEXT,
  SvException,
  sidXml,
  svChild,
  svText,
} from "@qibates/protocols/smartview";
import type { XmlElement } from "@qibates/protocols/xml";
import { answerValue, type GridCall, ProviderError } from "@qibates/provider";
import { checkAnswerCells } from "../answer-cells.ts";
import type { SvContext } from "./context.ts";
import { gridXml, labelsOf, sheetWithPov } from "./grid.ts";
import type { SvHandlers } from "./protocol.ts";
import { cubeOf, type SvSession } from "./session.ts";

type Schemas = components["schemas"];

/**
 * Grid messages, answered with `sID` and a `grid` as `res_ExecuteQuery` is in the capture: `ExecuteQuery`
 * runs MDX (a query without `FROM` reads the open cube); `GetDefaultGrid`, `Refresh` and
 * `ProcessFreeFormGrid` lay a sheet out with the request's preferences as grid settings.
 */
export function gridHandlers(ctx: SvContext): SvHandlers {
  const { session } = ctx.sessions;
  return {
    GetDefaultGrid: (req, request) => defaultGrid(ctx, session(req, request), req),
    async Refresh(req, request) {
      const s = session(req, request);
      const g = readRequestGrid(svChild(req, "grid"), undefined, ctx.maxCells);
      if (!g) throw new SvException("Refresh needs a grid.");
      const { labels, left } = labelsOf(g);
      const sheet = sheetWithPov(labels, left, g.pov, [...g.rowDims, ...g.colDims]);
      return gridAnswer(ctx, s, req, (settings) => ({ action: "refresh", input: { grid: sheet, settings } }));
    },
    async ProcessFreeFormGrid(req, request) {
      const s = session(req, request);
      const g = readRequestGrid(svChild(req, "grid"), svChild(req, "dims"), ctx.maxCells);
      if (!g) throw new SvException("ProcessFreeFormGrid needs a grid.");
      const pov = readBackgroundPov(req);
      for (const [d, m] of g.pov) pov.set(d, m);
      const { labels, left } = labelsOf(g);
      const sheet = sheetWithPov(labels, left, pov, [...g.rowDims, ...g.colDims]);
      // The grid comes back laid out without data (SVgem refreshes it next): navigation without data.
      return gridAnswer(ctx, s, req, (settings) => ({
        action: "refresh",
        input: { grid: sheet, settings: { ...settings, navigateWithoutData: true } },
      }));
    },
    ExecuteQuery: (req, request) => executeQuery(ctx, session(req, request), req),
  };
}

/** Essbase's words for an unknown member in a query, with its OLAP error number, as the capture shows them. */
function unknownMemberText(member: string): string {
  return `OLAP error (1260046): Unknown Member ${member.replace(/^\[|\]$/g, "").replace(/\]\.\[/g, ".")} used in query`;
}

/** `GetDefaultGrid`: the cube's default grid, its POV taken from `backgroundpov` where it names one. */
async function defaultGrid(ctx: SvContext, s: SvSession, req: XmlElement): Promise<string> {
  const wanted = readBackgroundPov(req);
  return gridAnswer(
    ctx,
    s,
    req,
    (settings) => ({ action: "initgrid", input: { settings } }),
    async (first, run) => {
      const pov = new Map(Object.entries(first.layout.pov));
      let changed = false;
      for (const [d, m] of wanted) {
        const at = [...pov.keys()].find((k) => k.toLowerCase() === d.toLowerCase());
        if (at !== undefined && (pov.get(at) ?? "").toLowerCase() !== m.toLowerCase()) {
          pov.set(at, m);
          changed = true;
        }
      }
      if (!changed) return first;
      const { layout } = first;
      const povRows = layout.headerRows - layout.columnDimensions.length;
      const labels = first.grid.slice(povRows).map((row, r) =>
        row.map((v, c) => {
          const kind = first.cellKinds[povRows + r]?.[c];
          return kind === "column-header" || kind === "row-header" ? String(v) : "";
        }),
      );
      const sheet = sheetWithPov(labels, layout.leftColumns, pov, [
        ...layout.rowDimensions,
        ...layout.columnDimensions,
      ]);
      return run({ action: "refresh", input: { grid: sheet } });
    },
  );
}

/**
 * A grid message's answer: the provider's grid call (with the request's preferences as settings, and the
 * cell cap) written as `sID` and `grid`, as `res_ExecuteQuery` is in the capture. A provider's refusal is
 * the capture's "Cannot perform cube view operation." exception.
 */
async function gridAnswer(
  { essbase, maxCells }: SvContext,
  s: SvSession,
  req: XmlElement,
  call: (settings: Record<string, unknown>) => GridCall,
  then?: (
    first: Schemas["GridResponse"],
    run: (call: GridCall) => Promise<Schemas["GridResponse"]>,
  ) => Promise<Schemas["GridResponse"]>,
): Promise<string> {
  const ref = cubeOf(s);
  const prefs = readPreferences(svChild(req, "preferences"));
  const settings = settingsOf(prefs);
  const run = async (c: GridCall) => {
    const withSettings = {
      ...c,
      input: { ...c.input, settings: { ...settings, ...(c.input.settings ?? {}) }, maxCells },
    } as GridCall;
    try {
      const answer = await essbase.grid(s.provider, ref, withSettings);
      checkAnswerCells(answer, maxCells);
      return answerValue(answer);
    } catch (e) {
      if (e instanceof ProviderError)
        throw new SvException(`Cannot perform cube view operation. ${e.message}`);
      throw e;
    }
  };
  let answered = await run(call(settings));
  if (then) answered = await then(answered, run);
  const { dimensions } = await essbase.dimensions(s.provider, ref);
  const names = dimensions.filter((d) => d.type !== "attribute").map((d) => d.name);
  return `${sidXml(s.id)}\n${gridXml(answered, names, preferencesXml(prefs))}`;
}

async function executeQuery(
  { essbase, maxCells }: SvContext,
  s: SvSession,
  req: XmlElement,
): Promise<string> {
  const ref = cubeOf(s);
  const prefs = readPreferences(svChild(req, "preferences"));
  const table = aliasTableOf(prefs.aliasTableName);
  const settings = {
    aliasTable: table,
    missingSuppression: prefs.suppress.missing === "1",
    repeatMemberLabels: prefs.repeatMemberLabels !== "0",
    missingLabel: SV_MISSING_TEXT,
    indentation: INDENTATION[prefs.essIndent] ?? "NONE",
  };
  const query = withFrom(svText(req, "mdx"), ref.application, ref.cube);
  let answered: Schemas["GridResponse"];
  try {
    const answer = await essbase.mdx(s.provider, ref, { query, settings, maxCells });
    checkAnswerCells(answer, maxCells);
    answered = answerValue(answer);
  } catch (e) {
    if (e instanceof ProviderError) {
      const detail =
        e.code === "MEMBER_UNKNOWN" && typeof e.params?.member === "string"
          ? unknownMemberText(e.params.member)
          : e.message;
      throw new SvException(`Cannot perform cube view operation. ${detail}`);
    }
    throw e;
  }
  const { dimensions } = await essbase.dimensions(s.provider, ref);
  const names = dimensions.filter((d) => d.type !== "attribute").map((d) => d.name);
  return `${sidXml(s.id)}\n${gridXml(answered, names, preferencesXml(prefs))}`;
}

/** `essIndent`'s codes as the engine's indentation names (the capture sends 1, its default, sub-items). */
const INDENTATION: Record<string, "NONE" | "SUBITEMS" | "TOTALS"> = Object.fromEntries(
  Object.entries(ESS_INDENT).map(([name, code]) => [String(code), name as keyof typeof ESS_INDENT]),
);

/** The grid settings a request's preferences stand for (`Refresh`, `GetDefaultGrid`, `ProcessFreeFormGrid`). */
function settingsOf(prefs: QueryPreferences): Record<string, unknown> {
  return {
    aliasTable: aliasTableOf(prefs.aliasTableName),
    missingSuppression: prefs.suppress.missing === "1",
    repeatMemberLabels: prefs.repeatMemberLabels !== "0",
    missingLabel: SV_MISSING_TEXT,
    indentation: INDENTATION[prefs.essIndent] ?? "NONE",
    // `zoomin@mode`: Smart View's words for the zoom levels (`children`, `descendents`, `base`), read as every side reads them.
    zoomInMode: zoomModeOf(prefs.zoomin.mode),
    ancestorPosition: prefs.zoomin.ancestor.toLowerCase() === "top" ? "TOP" : "BOTTOM",
    includeSelection: prefs.includeSelection !== "0",
    withinSelectedGroup: prefs.withinSelectedGroup === "1",
    removeUnselectedGroups: prefs.removeUnSelectedGroup === "1",
    navigateWithoutData: prefs.navigate === "0",
  };
}

/**
 * The query with `FROM [app].[cube]` (the open cube) when it names none, as the capture's queries do; names in
 * brackets and quoted strings are not read as keywords.
 */
export function withFrom(query: string, application: string, cube: string): string {
  const { from, where } = keywordsOutsideNames(query);
  if (from) return query;
  const clause = ` FROM [${application.replace(/]/g, "]]")}].[${cube.replace(/]/g, "]]")}] `;
  return where >= 0 ? `${query.slice(0, where)}${clause}${query.slice(where)}` : `${query}${clause}`;
}

const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; /* 0-9 A-Z a-z _ */

/**
 * Whether `FROM` appears as a word outside `[names]` (`]]` escaping a bracket) and quoted strings, and where the
 * first such `WHERE` starts (-1 if none). One pass over the text, without copying it: the text is the client's and
 * may be megabytes long before the engine's length rule refuses it. An opening bracket or quote that is never
 * closed is read as an ordinary character.
 */
function keywordsOutsideNames(q: string): { from: boolean; where: number } {
  let where = -1;
  let i = 0;
  while (i < q.length) {
    const c = q.charCodeAt(i);
    if (c === 91 /* [ */) {
      let j = q.indexOf("]", i + 1);
      while (j >= 0 && q.charCodeAt(j + 1) === 93) j = q.indexOf("]", j + 2);
      if (j >= 0) {
        i = j + 1;
        continue;
      }
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      const j = q.indexOf(q[i] as string, i + 1);
      if (j >= 0) {
        i = j + 1;
        continue;
      }
    } else if (isWordChar(c) && (i === 0 || !isWordChar(q.charCodeAt(i - 1)))) {
      let j = i + 1;
      while (j < q.length && isWordChar(q.charCodeAt(j))) j++;
      if (j - i === 4 && q.slice(i, j).toUpperCase() === "FROM") return { from: true, where };
      if (j - i === 5 && where < 0 && q.slice(i, j).toUpperCase() === "WHERE") where = i;
      i = j;
      continue;
    }
    i++;
  }
  return { from: false, where };
}
