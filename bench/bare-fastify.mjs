// The floor of the API benchmark: a bare Fastify JSON endpoint, no logging, no hooks.
import Fastify from "fastify";
import { listenPort } from "./ports.mjs";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// The same with a JSON body to parse (the shape of an API call without any of its checks).
app.post("/", async (request) => ({ servers: [{ name: String(request.body?.loginid ?? "") }] }));
// A port of the range the benchmark that started it was given (QIBATES_BENCH_PORTS), else any free one.
await app.listen({ port: await listenPort(), host: "127.0.0.1" });
console.log(`listening http://127.0.0.1:${app.server.address().port}`);
