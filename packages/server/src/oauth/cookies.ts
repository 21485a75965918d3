import type { FastifyRequest } from "fastify";

/** The browser session set by the OAuth callback (contract: security scheme `qibatesSession`). */
export const SESSION_COOKIE = "qibates_session";
/** Ties a sign-in flow to the browser that started it, so a callback address cannot be replayed elsewhere. */
export const FLOW_COOKIE = "qibates_oauth";

const API_PATH = "/qibates/api/v2";
/** Sent to `generatekey/{keyname}` (to keep one value across tabs) and to the callback. */
const FLOW_PATH = `${API_PATH}/generatekey`;

/** The value of cookie `name` in the request, if any. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function cookie(name: string, value: string, path: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return cookie(SESSION_COOKIE, token, API_PATH, maxAgeSeconds);
}

export function flowCookie(value: string, maxAgeSeconds: number): string {
  return cookie(FLOW_COOKIE, value, FLOW_PATH, maxAgeSeconds);
}
