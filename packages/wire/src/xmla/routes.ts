import { PassThrough } from "node:stream";
import { answerHead, answerTail, PROPERTY, XMLA_PATHS, XmlaFault } from "@qibates/protocols/xmla";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendFault } from "./auth.ts";
import { CallContext } from "./call-context.ts";
import { discover } from "./discover.ts";
import type { XmlaEndpointState } from "./endpoint-state.ts";
import { execute } from "./execute.ts";
import { mdDataSetXmlSteps, tabularXmlSteps } from "./mddataset.ts";
import type { LevelRule } from "./names.ts";
import { contentOf, readRequest } from "./request.ts";
import { providerSession, requestSession } from "./sessions.ts";

const XML_TYPE = "text/xml; charset=utf-8";

/**
 * The endpoint's addresses: a SOAP POST at each XMLA path; any other method there, and any other address
 * under `/olap/`, a fault (never the site's HTML page).
 */
export function registerXmlaRoutes(scope: FastifyInstance, state: XmlaEndpointState): void {
  for (const path of XMLA_PATHS) {
    // Analysis Services' address numbers levels from the root; Essbase's from the leaves (NOTES.md).
    const levels: LevelRule = path === XMLA_PATHS[0] ? "root" : "leaves";
    scope.post(path, async (request, reply) =>
      answer(state, request, reply, request.xmlaUser as string, levels),
    );
    // The pump answers POST only: a browser's GET of msmdpump.dll gets 501 from IIS (NOTES.md).
    scope.route({
      method: ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"],
      url: path,
      handler: async (request, reply) =>
        sendFault(
          state,
          reply,
          new XmlaFault("bad-request", `${request.method} is not an XMLA method: send a SOAP POST.`),
          501,
        ),
    });
  }
  for (const other of ["/olap", "/olap/*"]) {
    scope.all(other, async (request, reply) =>
      sendFault(
        state,
        reply,
        new XmlaFault(
          "bad-request",
          `${request.url.split("?")[0]} is not an XMLA address: use ${XMLA_PATHS.join(" or ")}.`,
        ),
        404,
      ),
    );
  }
}

/** One SOAP request: its session, its `Catalog`, then Discover or Execute, answered in the SOAP frame. */
async function answer(
  state: XmlaEndpointState,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  levels: LevelRule,
) {
  const text = typeof request.body === "string" ? request.body : "";
  const call = await readRequest(text);
  const { session, ending } = requestSession(state, call.session, username, request, reply);

  const properties = call.properties;
  const catalogProperty = properties.get(PROPERTY.Catalog) || undefined;
  const ps = providerSession(state, request, reply, username, session);
  const context = new CallContext(state, ps, catalogProperty ?? session?.catalog ?? null, levels);
  if (catalogProperty !== undefined) {
    await context.checkCatalog(catalogProperty);
    if (session) session.catalog = catalogProperty;
  }
  const content = contentOf(properties);
  const result =
    call.method === "Discover"
      ? await discover(state, call, context, content, request)
      : await execute(state, call, context, content, username);
  if (ending && session) state.sessions.end(session.id);
  const head = answerHead(call.method, session && !ending ? session.id : null);
  const tail = answerTail(call.method);
  if (typeof result === "string") return reply.type(XML_TYPE).send(head + result + tail);
  // An MDDataSet: written a slice at a time on the event loop, between other calls (`slices`), each chunk sent
  // as soon as it is written, so that neither the whole answer's text nor one write of it holds the loop.
  const stream = new PassThrough();
  stream.write(head);
  const write = result.format === "Tabular" ? tabularXmlSteps : mdDataSetXmlSteps;
  state.scheduler.run({ start: () => write(result, (chunk) => stream.write(chunk)) }).then(
    () => stream.end(tail),
    (e: unknown) => {
      // Nothing can be answered instead once the answer has started: the connection ends short of it.
      request.log.error({ err: e }, "xmla: an answer could not be written");
      stream.destroy(e instanceof Error ? e : new Error(String(e)));
    },
  );
  return reply.type(XML_TYPE).send(stream);
}
