import { closing, type ProtocolOpener, pairsSetting } from "../protocol-opening.ts";
import { addressKey, XmlaProvider } from "./provider.ts";

/**
 * XMLA's provider. SSAS_XMLA_URLS (`ssasXmlaUrls`: provider address → msmdpump.dll address) says where a
 * provider address's XMLA service is, when it is not `/olap/msmdpump.dll` on the same origin.
 */
export const xmlaOpening: ProtocolOpener = ({ upstreams, idleMs, settings }) => {
  const urls = pairsSetting(settings, "ssasXmlaUrls");
  const xmlaUrls = new Map(urls.map(([address, url]) => [addressKey(address), url]));
  return closing(new XmlaProvider({ upstreams, idleMs, ...(xmlaUrls.size > 0 ? { xmlaUrls } : {}) }));
};
