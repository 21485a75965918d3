import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { UpstreamAnswer, UpstreamCall, UpstreamRequest, Upstreams } from "../src/net/upstream.ts";
import { RemoteClient } from "../src/remote/client-base.ts";

/**
 * A call uses its login's client through a view (`RemoteClient.within`): the same client, its state written
 * through, whose requests are sent within the call's context. The view stands in for the client as `this` of its
 * methods, so a client's state is kept in ordinary properties: a `#private` field is not reachable through a view
 * (JavaScript looks private fields up on the object itself), and no client of the connectors declares one.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

/** A client whose one request answers the context it was sent within. */
class Recording extends RemoteClient {
  sent: UpstreamCall[] = [];
  count = 0;
  constructor() {
    const upstreams = {
      request: async (_url: URL, _init: UpstreamRequest, call: UpstreamCall): Promise<UpstreamAnswer> => {
        this.sent.push(call);
        return { status: 200, headers: {}, body: "" } as unknown as UpstreamAnswer;
      },
    } as unknown as Upstreams;
    super(upstreams, "http://127.0.0.1:9", { username: "u", password: "p" });
  }
  async ask(): Promise<void> {
    this.count += 1;
    await this.request(new URL("http://127.0.0.1:9/x"), { method: "GET", headers: {} });
  }
}

/** The same client, its count kept in a `#private` field. */
class Private extends Recording {
  #asked = 0;
  get asked(): number {
    return this.#asked;
  }
  override async ask(): Promise<void> {
    this.#asked += 1;
    await super.ask();
  }
}

describe("a client's view for a call", () => {
  it("sends within its call and writes its state through to the client", async () => {
    const client = new Recording();
    const call = { ...CallContext.unbounded(), client: "192.0.2.1" };
    const view = client.within(call);
    await view.ask();
    await client.ask();
    expect(client.count).toBe(2);
    expect(client.sent[0]).toBe(call);
    expect(client.sent[1]?.client).toBeUndefined();
    expect(view.unbound()).toBe(client);
  });

  it("cannot reach a #private field, which is why clients keep their state in properties", async () => {
    const client = new Private();
    await client.ask();
    expect(client.asked).toBe(1);
    await expect(client.within(CallContext.unbounded()).ask()).rejects.toThrow(TypeError);
  });

  it("is what every client of the connectors is used through: none declares a #private member", () => {
    const texts = sources(SRC).map((file) => ({ file, text: readFileSync(file, "utf8") }));
    // The classes that extend RemoteClient, directly or through another client.
    const clients = new Set(["RemoteClient"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { text } of texts)
        for (const m of text.matchAll(/class (\w+)[^{]*?\bextends (\w+)/g))
          if (clients.has(m[2] as string) && !clients.has(m[1] as string)) {
            clients.add(m[1] as string);
            grew = true;
          }
    }
    expect(clients.size).toBeGreaterThan(5);
    const offending = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/class (\w+)[^{]*\{/g)].flatMap((m) => {
        if (!clients.has(m[1] as string)) return [];
        // The class's body: up to the next class, or the end of the file.
        const start = (m.index ?? 0) + m[0].length;
        const next = text.slice(start).search(/\n(export )?(abstract )?class /);
        const body = text.slice(start, next < 0 ? undefined : start + next);
        // A private member declared (`#name`, `static #name(`…) or used (`this.#name`).
        return /^\s*(?:(?:static|readonly|async|get|set)\s+)*#\w|this\.#\w/m.test(body)
          ? [`${file}: ${m[1]}`]
          : [];
      }),
    );
    expect(offending).toEqual([]);
  });
});
