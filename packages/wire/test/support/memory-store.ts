/** An EmbeddedStore in memory (the connectors' own): the journal and per-user state of one test run. */
export { memoryStore } from "@qibates/embedded/testing";
