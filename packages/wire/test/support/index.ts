// The wire endpoints started over the embedded provider on a free port, for other packages' tests (the
// connectors' tests log in to them over HTTP): `@qibates/wire/test-support`.
export { startEndpoint } from "./endpoint.ts";
export { startSmartView } from "./smartview.ts";
export { startXmla } from "./xmla.ts";
