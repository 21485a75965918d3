// Hostile upstream servers for the test `connectors/upstream-hostile.test.ts` and `bench/upstream.ts`:
// one per mode on a free loopback port, and a closed port ("refused"); prints the ports as one JSON line. A
// large answer is streamed in the protocol of the path asked (JSON for REST, SOAP for XMLA, Smart View XML
// otherwise) in 1 MB buffers, without a Content-Length. The marker is the first argument; the second, when given,
// the ports to listen on, comma-separated, one per mode in order and the closed one last (else free ports).
import { createServer } from "node:http";

const MARKER = process.argv[2] ?? "QB30-upstream-marker";
const GIVEN = (process.argv[3] ?? "")
  .split(",")
  .filter((p) => p !== "")
  .map(Number);
const attrs = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(" ");
function shape(path) {
  if (path.includes("/rest/")) return ['{"items":[', '{"name":"x","v":1},', "{}]}"];
  if (path.includes("msmdpump"))
    return [
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><DiscoverResponse xmlns="urn:schemas-microsoft-com:xml-analysis"><return><root>',
      `<row ${attrs}/>`,
      "</root></return></DiscoverResponse></soap:Body></soap:Envelope>",
    ];
  return ["<res_ConnectToProvider>", `<d ${attrs}/>`, "</res_ConnectToProvider>"];
}
function stream(res, path, bytes) {
  const [head, piece, tail] = shape(path);
  const chunk = Buffer.from(piece.repeat(Math.ceil(1048576 / piece.length)));
  res.writeHead(200, { "content-type": path.includes("/rest/") ? "application/json" : "text/xml" });
  res.on("error", () => {});
  res.write(head);
  let sent = head.length;
  const more = () => {
    while (sent + chunk.length < bytes) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end(tail);
  };
  more();
}
const handlers = {
  huge: (req, res) => stream(res, req.url, 60 * 1048576),
  heavy: (req, res) => stream(res, req.url, 7 * 1048576),
  marker: (_req, res) => {
    res.writeHead(500, { "content-type": "text/html" });
    res.end(`<html><body><h1>Internal Server Error</h1><p>${MARKER}</p></body></html>`);
  },
  reset: (req) => req.socket.destroy(),
  silent: () => {},
};
const ports = {};
let next = 0;
const nextPort = () => GIVEN[next++] ?? 0;
for (const [mode, handle] of Object.entries(handlers)) {
  const s = createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(req, res));
  });
  await new Promise((r) => s.listen(nextPort(), "127.0.0.1", r));
  ports[mode] = s.address().port;
}
const closed = createServer();
await new Promise((r) => closed.listen(nextPort(), "127.0.0.1", r));
ports.refused = closed.address().port;
closed.close();
console.log(JSON.stringify(ports));
