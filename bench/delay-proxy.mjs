// A TCP proxy that delays every chunk sent to the server by DELAY ms: a round trip about DELAY ms longer, as a
// server further away (bench/where-users-wait.mjs with PROXY_PORT).
//   node bench/delay-proxy.mjs <listen port> <server port> <DELAY ms>
import net from "node:net";

const [listen, target, delay] = process.argv.slice(2).map(Number);
net
  .createServer((c) => {
    const u = net.connect(target, "127.0.0.1");
    c.on("data", (d) => setTimeout(() => u.write(d), delay));
    u.on("data", (d) => c.write(d));
    c.on("end", () => setTimeout(() => u.end(), delay));
    u.on("end", () => c.end());
    c.on("error", () => u.destroy());
    u.on("error", () => c.destroy());
  })
  .listen(listen, "127.0.0.1");
