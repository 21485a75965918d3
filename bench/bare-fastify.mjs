// The floor of the API benchmark: a bare Fastify JSON endpoint, no logging, no hooks.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// The same with a JSON body to parse (the shape of an API call without any of its checks).
app.post("/", async (request) => ({ servers: [{ name: String(request.body?.loginid ?? "") }] }));
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`listening http://127.0.0.1:${app.server.address().port}`);
