import { parseXml } from "@qibates/protocols/xml";
import { type SmartViewOptions, smartViewEndpoint } from "../../src/smartview/index.ts";
import { startWire } from "./server.ts";

/** A Fastify server answering the Smart View endpoint over the embedded provider (demo/demo), on a free port. */
export async function startSmartView(options: Partial<SmartViewOptions> = {}) {
  return startWire(smartViewEndpoint, options);
}

/** Posts `body` to a Smart View endpoint at `origin` + `path` as `contentType`: the status, the parsed XML and the text. */
export async function postSmartView(origin: string, body: string, path: string, contentType: string) {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, root: parseXml(text), text };
}
