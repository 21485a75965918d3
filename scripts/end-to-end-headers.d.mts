import type { IncomingHttpHeaders } from "node:http";

export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders;
