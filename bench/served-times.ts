// How long the HTTP server of this process takes over each request it serves, from the request's arrival to
// the moment its answer is handed to the socket (Node's `http.server.request.start` and
// `http.server.response.finish` diagnostics channels). The connector-path benchmark reads it from the Essbase
// REST endpoint, to tell the endpoint's own time (what a real server would spend) from the connector's.
import { subscribe } from "node:diagnostics_channel";

type ServedMessage = { response: object };

/** Calls `served(ms)` for every request this process's HTTP servers answer from now on. */
export function onServed(served: (ms: number) => void): void {
  const started = new WeakMap<object, number>();
  subscribe("http.server.request.start", (m) => {
    started.set((m as ServedMessage).response, performance.now());
  });
  subscribe("http.server.response.finish", (m) => {
    const at = started.get((m as ServedMessage).response);
    if (at !== undefined) served(performance.now() - at);
  });
}
