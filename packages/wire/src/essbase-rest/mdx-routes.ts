import { MDX_FORMATS, type MdxFormat, type MdxInput, ROUTES } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import { checkAnswerCells } from "../answer-cells.ts";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { contentDisposition } from "./file-routes.ts";
import type { MdxDownloads } from "./mdx-download.ts";
import { MDX_FORMAT_TYPES } from "./mdx-formats.ts";
import { essbaseOf } from "./outline.ts";
import { gridSettings } from "./preferences.ts";
import { JSON_TYPE } from "./request.ts";

/**
 * Essbase's "Execute MDX" (`MDX.executeMDX`): `MDXInput {query, preferences}` in, the report in the `format`
 * asked: JSON, or the same rows as CSV (RFC 4180), an HTML table or an XLSX workbook (`mdx-formats.ts`). A query
 * whose answer would have more than `maxCells` cells (`MAX_GRID_CELLS`) is refused in every format, as the grid
 * routes and XML for Analysis refuse it; a large report is made off the event loop (`mdx-download.ts`).
 */
export function registerMdxRoutes(
  scope: FastifyInstance,
  ctx: EssbaseContext,
  maxCells: number,
  downloads: MdxDownloads,
): void {
  scope.post(`${ROUTES.database}/mdx`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const format = String((request.query as { format?: unknown }).format ?? "JSON");
    if (!(MDX_FORMATS as readonly string[]).includes(format)) {
      throw badRequest(`format must be one of ${MDX_FORMATS.join(", ")}; got "${format}".`);
    }
    const body = request.body as Partial<Record<keyof MdxInput, unknown>> | null;
    const query = body?.query;
    if (typeof query !== "string" || query.trim() === "") throw badRequest("query is required.");
    const prefs = (body?.preferences ?? {}) as { memberIdentifierType?: unknown; dataless?: unknown };
    const ref = await ctx.cubeRef(s, request.params);
    const alias = prefs.memberIdentifierType === "ALIAS" ? ctx.activeAlias(s, ref) : null;
    const answer = await essbaseOf(ctx.provider).mdx(s.provider, ref, {
      query,
      ...gridSettings(s.preferences, alias),
      maxCells,
    });
    checkAnswerCells(answer, maxCells);
    const index = await ctx.outline(s, ref);
    const bytes = await downloads.make(answer, {
      format: format as MdxFormat,
      outline: index.dimensions.map((d) => ({ name: d.name, attribute: d.dimensionType === "attribute" })),
      dataless: prefs.dataless === true,
      title: `${ref.application}.${ref.cube}`,
    });
    const sent = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (format === "JSON") return reply.type(JSON_TYPE).send(sent);
    reply.type(MDX_FORMAT_TYPES[format as keyof typeof MDX_FORMAT_TYPES]);
    if (format === "HTML") return reply.send(sent);
    // A file name of safe characters only: a header cannot carry every character a cube name may hold.
    const file = `${ref.application}.${ref.cube}.mdx`.replace(/[^\w.-]/g, "_");
    return reply
      .header("content-disposition", contentDisposition(`${file}.${format.toLowerCase()}`))
      .send(sent);
  });
}
