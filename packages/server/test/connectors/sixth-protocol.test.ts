import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PROTOCOLS } from "@qibates/connectors";
import { acceptedConnectors, CallContext, CONNECTOR_DESCRIPTIONS, type Connector } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { withConnectorLists } from "../../../../openapi/tools/connector-lists.ts";
import { CONTRACT_FILE } from "../../../../openapi/tools/contract.ts";
import type { SixthProvider } from "../../../connectors/test/fixtures/sixth-protocol/provider.ts";
import {
  HAND_EDITED,
  PROTOCOLS_WITH_SIXTH,
  SIXTH_CONNECTOR,
  WITH_SIXTH,
} from "../../../connectors/test/fixtures/sixth-protocol/registration.ts";
import { type SixthWire, startSixthWire } from "../../../connectors/test/fixtures/sixth-protocol/wire.ts";
import { BUNDLED_CONTRACT } from "../../src/contract-operations.ts";
import { servedContract } from "../../src/served-connectors.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { withProviders } from "../support/providers.ts";

/**
 * A sixth protocol added as a real one would be: its client, provider, members source and opener in its own
 * folder (`packages/connectors/test/fixtures/sixth-protocol/`, with a server of its protocol for its tests), and
 * two registration points, its description and its line among the protocols. The server opens it, routes and
 * checks by a contract whose connector lists are written from its registration, and `/health` lists it; the
 * contract's generator names it when it runs with it (the documentation's: `site/test/capability-docs.test.ts`);
 * and no other file of the product lists the protocols.
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

let wire: SixthWire;
beforeAll(async () => {
  wire = await startSixthWire();
});
afterAll(() => wire.close());

describe("a sixth protocol", () => {
  it("is opened by the server through its own opener, and its provider logs in and lists at its server", async () => {
    await withProviders(
      WITH_SIXTH,
      async (registry) => {
        const target = { kind: "remote" as const, url: wire.address };
        const provider = registry.forLogin(target, SIXTH_CONNECTOR) as SixthProvider | null;
        expect(provider?.id).toBe("sixth");
        // The product's connectors are served as before, each by its own protocol.
        expect(registry.forLogin(target, "ssas")?.id).toBe("xmla");
        if (!provider) return;
        const connector = SIXTH_CONNECTOR as Connector;
        await expect(
          provider.login({
            connector,
            username: "demo",
            password: "wrong",
            address: wire.address,
            call: CallContext.unbounded(),
          }),
        ).rejects.toMatchObject({ code: "LOGIN_FAILED" });
        const login = await provider.login({
          connector,
          username: "demo",
          password: "demo",
          address: wire.address,
          call: CallContext.unbounded(),
        });
        const session = {
          id: "s1",
          ownerId: "o1",
          connector,
          username: "demo",
          providerAddress: wire.address.href,
          aliasTable: null,
          call: CallContext.unbounded(),
          handle: login.handle ?? null,
        };
        expect(await provider.servers(session)).toEqual({ servers: [{ name: "Sixth-1" }] });
        expect(await provider.applications(session, "Sixth-1", false)).toEqual({
          server: "Sixth-1",
          applications: [{ name: "Stores" }],
        });
        const cube = { server: "Sixth-1", application: "Stores", cube: "Sales" };
        expect(await provider.cubes(session, cube)).toEqual({ ...cube, cubes: [{ name: "Sales" }] });
        expect(await provider.members(session, cube, null)).toEqual(["Year", "Measures"]);
        expect(await provider.members(session, cube, "Year")).toEqual(["Q1", "Q2"]);
        expect(wire.tokens.size).toBe(1);
        await provider.logout(session);
        expect(wire.tokens.size).toBe(0);
      },
      PROTOCOLS_WITH_SIXTH,
    );
  });

  it("is named by the contract's connector lists when their generator runs with it", () => {
    const contract = parse(withConnectorLists(readFileSync(CONTRACT_FILE, "utf8"), WITH_SIXTH)) as {
      paths: Record<string, { post?: Record<string, unknown> }>;
      components: { schemas: { Connector: { enum: string[] } } };
      info: Record<string, Record<string, string>>;
    };
    const accepted = (path: string) => contract.paths[path]?.post?.["x-qibates-connectors"] as string[];
    expect(contract.components.schemas.Connector.enum).toContain(SIXTH_CONNECTOR);
    for (const path of ["/action/login", "/nav/servers", "/nav/cubes", "/nav/dimtree", "/action/zoomin"])
      expect(accepted(path), path).toContain(SIXTH_CONNECTOR);
    for (const path of ["/nav/openform", "/action/loginpbcs"])
      expect(accepted(path), path).not.toContain(SIXTH_CONNECTOR);
    expect(contract.info["x-qibates-provider-address-suffixes"]?.[SIXTH_CONNECTOR]).toBe("/sixth/api");
    // Every call the derivation gives it is a call of the contract.
    for (const [operation, connectors] of acceptedConnectors(WITH_SIXTH))
      if (connectors.includes(SIXTH_CONNECTOR))
        expect(contract.paths[`/${operation}`], operation).toBeDefined();
  });

  it("is served by the API: /health lists it, its login and a call reach its server, unknown values are refused", async () => {
    const app = await buildTestApp({
      config: testConfig({ ALLOWED_HOSTS: "127.0.0.1" }),
      logger: false,
      validateResponses: true,
      connectors: { descriptions: WITH_SIXTH, protocols: PROTOCOLS_WITH_SIXTH },
    });
    try {
      const health = await app.inject({ method: "GET", url: "/qibates/api/v2/health" });
      expect(health.statusCode).toBe(200);
      const listed = health.json() as {
        connectors: string[];
        capabilities: { connector: string; family: string; server: string; providerAddressSuffix: string }[];
      };
      expect(listed.connectors).toEqual([...Object.keys(CONNECTOR_DESCRIPTIONS), SIXTH_CONNECTOR]);
      expect(listed.capabilities.find((c) => c.connector === SIXTH_CONNECTOR)).toMatchObject({
        family: "essbase",
        server: "A sixth OLAP server (test stub)",
        providerAddressSuffix: "/sixth/api",
      });
      const key = app.services.demoKey as string;
      const post = (path: string, body: unknown, connector: string) =>
        app.inject({
          method: "POST",
          url: `/qibates/api/v2/${path}`,
          headers: { "content-type": "application/json", qibateskey: key, connector },
          payload: JSON.stringify(body),
        });
      const providerAddress = wire.address.href.replace(/\/$/, "");
      const login = await post(
        "action/login",
        { username: "demo", password: "demo", providerAddress },
        SIXTH_CONNECTOR,
      );
      expect(login.statusCode, login.body).toBe(200);
      const loginid = (login.json() as { loginid: string }).loginid;
      const servers = await post("nav/servers", { loginid }, SIXTH_CONNECTOR);
      expect(servers.statusCode, servers.body).toBe(200);
      expect(servers.json()).toMatchObject({ servers: [{ name: "Sixth-1" }] });
      // An Essbase-family connector: the Planning calls refuse it, by the lists written from its family.
      const form = await post("nav/openform", { loginid }, SIXTH_CONNECTOR);
      expect(form.json()).toMatchObject({ code: "QB_ERR_CONNECTOR_FAMILY" });
      // A value no registration gives is refused, with the served connectors as the accepted ones.
      const unknown = await post("nav/servers", { loginid }, "essbase-seventh");
      expect(unknown.json()).toMatchObject({ code: "QB_ERR_CONNECTOR_INVALID" });
      expect((unknown.json() as { detail: string }).detail).toContain(SIXTH_CONNECTOR);
    } finally {
      await app.close();
    }
  });

  it("is served the contract its generator writes: with the product's connectors, the bundled one", () => {
    expect(servedContract(BUNDLED_CONTRACT, CONNECTOR_DESCRIPTIONS)).toEqual(BUNDLED_CONTRACT);
    const served = servedContract(BUNDLED_CONTRACT, WITH_SIXTH);
    const written = parse(withConnectorLists(readFileSync(CONTRACT_FILE, "utf8"), WITH_SIXTH)) as {
      paths: Record<string, Record<string, { "x-qibates-connectors"?: string[] }>>;
    };
    const paths = served.paths as typeof written.paths;
    for (const [path, item] of Object.entries(written.paths))
      for (const [method, operation] of Object.entries(item))
        expect(paths[path]?.[method]?.["x-qibates-connectors"], `${method} ${path}`).toEqual(
          operation["x-qibates-connectors"],
        );
  });

  it("needs at most 8 hand-edited files beyond its own folders: the only files that list every protocol", () => {
    const registrationPoints = Object.keys(HAND_EDITED);
    expect(registrationPoints.length).toBeLessThanOrEqual(8);
    const clients = Object.keys(PROTOCOLS);
    const namesEvery = (text: string) =>
      clients.every((c) => new RegExp(`["'\`]${c}["'\`]|^\\s*${c}:`, "m").test(text));
    // Each registration point does register every protocol the product has.
    for (const file of registrationPoints)
      expect(namesEvery(readFileSync(join(ROOT, file), "utf8")), file).toBe(true);
    // And no other source file of the product keeps a list of them by hand (the generated files aside).
    const listing = sources(join(ROOT, "packages"))
      .concat(sources(join(ROOT, "site/src")))
      .filter((file) => !/\.generated\.|\/client\/src\/schema\.ts$/.test(file))
      .filter((file) => namesEvery(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));
    expect(listing.sort()).toEqual([...registrationPoints].sort());
  });
});

/** The TypeScript sources under `dir`, outside tests and dependencies. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "test" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}
