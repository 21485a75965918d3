import { MDX_FORMATS, type MdxInput, ROUTES } from "@qibates/protocols/essbase-rest";
import { answerValue } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { mdxJson } from "./mdx-json.ts";
import { essbaseOf } from "./outline.ts";
import { gridSettings } from "./preferences.ts";
import { JSON_TYPE } from "./request.ts";

/**
 * Essbase's "Execute MDX" (`MDX.executeMDX`): `MDXInput {query, preferences}` in, the report in the `format`
 * asked. JSON only: no description or capture shows the CSV, HTML or XLSX layouts.
 */
export function registerMdxRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  scope.post(`${ROUTES.database}/mdx`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const format = String((request.query as { format?: unknown }).format ?? "JSON");
    if (!(MDX_FORMATS as readonly string[]).includes(format)) {
      throw badRequest(`format must be one of ${MDX_FORMATS.join(", ")}; got "${format}".`);
    }
    if (format !== "JSON")
      throw badRequest(`The ${format} format is not supported by this endpoint; JSON is.`);
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
    return reply.type(JSON_TYPE).send(
      mdxJson(
        answer,
        index.dimensions.map((d) => ({ name: d.name, attribute: d.dimensionType === "attribute" })),
        prefs.dataless === true,
      ),
    );
  });
}
