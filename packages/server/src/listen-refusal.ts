import type { Config } from "./config.ts";

/**
 * Why the server cannot listen where PORT and HOST say, worded as a refused setting (the start's message names
 * the setting at fault and what to do), or `null` for a failure no setting explains.
 */
export function listenRefusal(error: unknown, config: Pick<Config, "port" | "host">): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  const { port, host } = config;
  switch (code) {
    case "EADDRINUSE":
      return `PORT (${port}): another process already listens on this port (on ${host}); stop it, or set PORT to a free port`;
    case "EACCES":
      return `PORT (${port}): this user may not listen on this port (below 1024, a port needs privileges); set PORT to 1024 or above`;
    case "EADDRNOTAVAIL":
      return `HOST (${host}): no network interface of this machine has this address; set HOST to one of its addresses, 0.0.0.0 (every interface) or 127.0.0.1 (this machine only)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return `HOST (${host}): this name does not resolve to an address of this machine; set HOST to one of its addresses, 0.0.0.0 (every interface) or 127.0.0.1 (this machine only)`;
    default:
      return null;
  }
}
