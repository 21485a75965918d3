import { ESSBASE_REST_BASE } from "@qibates/protocols/essbase-rest";
import type { FastifyRequest } from "fastify";
import { badRequest } from "./errors.ts";

export const JSON_TYPE = "application/json";
export const TEXT_TYPE = "text/plain; charset=utf-8";

export const enc = encodeURIComponent;

/** A query parameter as a whole number (`fallback` when absent); anything else is refused. */
export function whole(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw badRequest(`${name} must be a whole number, got "${String(value)}".`);
  return n;
}

export function bool(value: unknown): boolean {
  return value === true || value === "true";
}

/** `links=none` (John Goodwin's Essbase REST series: "suppress the links in the JSON that is returned"). */
export function wantsLinks(request: FastifyRequest): boolean {
  return (request.query as { links?: unknown } | null)?.links !== "none";
}

/** This endpoint's base address as the request reached it (`http://host/essbase/rest/v1`), for links. */
export function restBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? "localhost"}${ESSBASE_REST_BASE}`;
}

/** The base links are written under, or `null` when the call asked `links=none`. */
export function linkBase(request: FastifyRequest): string | null {
  return wantsLinks(request) ? restBase(request) : null;
}
