export { XmlaClient } from "./client.ts";
export { cellQuery } from "./grid.ts";
export type { XmlaOutline } from "./outline.ts";
export { addressKey, type XmlaOptions, XmlaProvider, xmlaUrlFor } from "./provider.ts";
