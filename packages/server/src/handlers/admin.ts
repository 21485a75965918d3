import type { CallContext } from "@qibates/provider";
import { callerKey, type Handlers } from "../api.ts";
import { ApiError } from "../api-error.ts";
import { DEMO_KEY_NAME, DEMO_OWNER } from "../demo.ts";
import type { KeyEvent } from "../keys.ts";
import type { Services } from "../services.ts";
import { providerSession } from "../session-provider.ts";
import type { SessionRecord } from "../sessions.ts";

/** The columns of the exported event log, in order (CSV header, JSON Lines keys). */
const EVENT_COLUMNS = ["at", "event", "keyId", "keyName", "prefix", "email", "provider", "by"] as const;

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; a value a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is written after an apostrophe, so that it opens
 * as the text it is.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The event log as CSV (RFC 4180: CRLF line ends, a header line). */
export function eventsCsv(events: KeyEvent[]): string {
  const lines = [EVENT_COLUMNS.join(",")];
  for (const e of events) lines.push(EVENT_COLUMNS.map((c) => csvField(e[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The event log as JSON Lines: one object per line, the columns of the CSV. */
export function eventsJsonLines(events: KeyEvent[]): string {
  return events
    .map((e) => `${JSON.stringify(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, e[c]])))}\n`)
    .join("");
}

/** Ends the provider sessions of API sessions already removed from the store (a failed logout only expires). */
export async function endProviderSessions(
  services: Services,
  ended: SessionRecord[],
  call: CallContext,
): Promise<void> {
  for (const old of ended) {
    await services.providers
      .byId(old.provider)
      ?.logout(providerSession(old, call))
      .catch(() => undefined);
  }
}

/** The administrators' operations (`x-qibates-administrators`): `registerApi` has refused anyone else. */
export const adminHandlers = {
  listAllKeys: async (ctx) => {
    const email = ctx.query.email;
    return { keys: await ctx.services.keys.listAll(email) };
  },

  revokeKey: async (ctx) => {
    const id = Number(ctx.params.keyid);
    const admin = callerKey(ctx);
    const found = await ctx.services.keys.find(id);
    if (!found) throw new ApiError("QB_ERR_KEY_ID_UNKNOWN", { id: String(id) }, "keyid");
    // The demo key is published on /health for everyone: revoking it would break the demo for all.
    if (
      found.owner.issuer === DEMO_OWNER.issuer &&
      found.owner.subject === DEMO_OWNER.subject &&
      found.name === DEMO_KEY_NAME
    ) {
      throw new ApiError("QB_ERR_KEY_PROTECTED", { name: found.name }, "keyid");
    }
    const revoked = await ctx.services.keys.revoke(id, admin.owner.email ?? null);
    // Revoked meanwhile by another administrator: the key is gone all the same.
    if (!revoked) throw new ApiError("QB_ERR_KEY_ID_UNKNOWN", { id: String(id) }, "keyid");
    const ended = await ctx.services.sessions.endKey(id);
    await endProviderSessions(ctx.services, ended, ctx.call);
    return {
      id: revoked.id,
      name: revoked.name,
      prefix: revoked.prefix,
      provider: revoked.provider,
      email: revoked.email,
      revoked: true as const,
      revokedAt: revoked.retiredAt,
      sessionsEnded: ended.length,
    };
  },

  listKeyEvents: async (ctx) => {
    const events = await ctx.services.keys.events(ctx.query.since);
    const format = ctx.query.format ?? "json";
    if (format === "json") return { events };
    const csv = format === "csv";
    return ctx.reply
      .type(csv ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8")
      .header("content-disposition", `attachment; filename="qibates-key-events.${csv ? "csv" : "jsonl"}"`)
      .send(csv ? eventsCsv(events) : eventsJsonLines(events));
  },
} satisfies Partial<Handlers>;
