// The wire endpoints started over the embedded provider on a free port, for other packages' tests (the
// connectors' tests log in to them over HTTP): imported by path (`packages/wire/test/support/index.ts`), not exported.
export { startEndpoint } from "./endpoint.ts";
export { startSmartView } from "./smartview.ts";
export { startXmla } from "./xmla.ts";
