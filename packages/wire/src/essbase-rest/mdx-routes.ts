import { MDX_FORMATS, type MdxInput, ROUTES } from "@qibates/protocols/essbase-rest";
import { answerValue } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { contentDisposition } from "./file-routes.ts";
import { MDX_FORMAT_TYPES, mdxCsv, mdxHtml, mdxXlsx } from "./mdx-formats.ts";
import { mdxReport } from "./mdx-json.ts";
import { essbaseOf } from "./outline.ts";
import { gridSettings } from "./preferences.ts";
import { JSON_TYPE } from "./request.ts";

/**
 * Essbase's "Execute MDX" (`MDX.executeMDX`): `MDXInput {query, preferences}` in, the report in the `format`
 * asked: JSON, or the same rows as CSV (RFC 4180), an HTML table or an XLSX workbook (`mdx-formats.ts`).
 */
export function registerMdxRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
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
    const answer = answerValue(
      await essbaseOf(ctx.provider).mdx(s.provider, ref, {
        query,
        ...gridSettings(s.preferences, alias),
      }),
    );
    const index = await ctx.outline(s, ref);
    const report = mdxReport(
      answer,
      index.dimensions.map((d) => ({ name: d.name, attribute: d.dimensionType === "attribute" })),
      prefs.dataless === true,
    );
    if (format === "JSON") return reply.type(JSON_TYPE).send(report.json);
    const { rows } = report;
    // A file name of safe characters only: a header cannot carry every character a cube name may hold.
    const file = `${ref.application}.${ref.cube}.mdx`.replace(/[^\w.-]/g, "_");
    reply.type(MDX_FORMAT_TYPES[format as keyof typeof MDX_FORMAT_TYPES]);
    if (format === "HTML") return reply.send(mdxHtml(rows, `${ref.application}.${ref.cube}`));
    if (format === "CSV")
      return reply.header("content-disposition", contentDisposition(`${file}.csv`)).send(mdxCsv(rows));
    return reply.header("content-disposition", contentDisposition(`${file}.xlsx`)).send(await mdxXlsx(rows));
  });
}
