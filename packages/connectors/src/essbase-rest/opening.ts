import { closing, type ProtocolOpener } from "../protocol-opening.ts";
import { EssbaseRestProvider } from "./provider.ts";

/** Essbase 21c REST's provider: its data jobs are waited for the opening's job timeout. */
export const essbaseRestOpening: ProtocolOpener = ({ upstreams, idleMs, jobTimeoutMs }) =>
  closing(new EssbaseRestProvider({ upstreams, idleMs, jobTimeoutMs }));
