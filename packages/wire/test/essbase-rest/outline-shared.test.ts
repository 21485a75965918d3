import type { components } from "@qibates/client/schema";
import type { EssbaseOperations, Provider, ProviderSession } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { essbaseRestEndpoint } from "../../src/essbase-rest/index.ts";
import { EssbaseClient } from "../support/endpoint.ts";
import { PASSWORDS, sharedReadsServer, withOperations } from "../support/shared-reads.ts";

type MemberNode = components["schemas"]["MemberNode"];

/**
 * The outline a cube's sessions read and index is shared by every session the provider says sees the
 * same outline (`outlineIdentity`), read again once it changed, and never shared between sessions that see
 * different members.
 */

const MARKET = "/outline/Sample/Basic?parent=Market";
const names = (answer: { json: { items: { name: string }[] } }) => answer.json.items.map((m) => m.name);

const server = sharedReadsServer(essbaseRestEndpoint);

/** The endpoint over the demo provider, or over `wrap` of it (a provider whose outline calls differ). */
async function start(wrap?: (base: Provider) => Provider) {
  const { base, origin } = await server.start(wrap);
  const client = (username = "demo") =>
    new EssbaseClient(origin, { username, password: PASSWORDS[username] ?? "" });
  return { base, client };
}

/** `base` with its Essbase operations replaced by `essbase(base's)`. */
const withEssbase = (base: Provider, essbase: (own: EssbaseOperations) => Partial<EssbaseOperations>) =>
  withOperations(base, "essbase", essbase);

/** A tree with one more child under its root: `name`, a leaf like the root's first child. */
function withChild(root: MemberNode, name: string): MemberNode {
  const first = root.children[0] as MemberNode;
  return { ...root, children: [...root.children, { ...first, name, alias: null, children: [] }] };
}

/** A tree without the subtree named `name`. */
function without(node: MemberNode, name: string): MemberNode {
  return { ...node, children: node.children.filter((c) => c.name !== name).map((c) => without(c, name)) };
}

describe("one outline read for the sessions that see it", () => {
  it("reads Sample.Basic's outline once for sessions of several users, each answered the same", async () => {
    const { base, client } = await start();
    const trees = vi.spyOn(base.essbase as EssbaseOperations, "dimensionTree");
    const first = await client().get("/outline/Sample/Basic");
    const once = trees.mock.calls.length;
    expect(once).toBeGreaterThan(0);
    // Basic credentials without a cookie: each call is a new session.
    for (const who of ["demo", "alice", "demo", "filtered"]) {
      const again = await client(who).get("/outline/Sample/Basic");
      expect(again.json).toEqual(first.json);
      expect(names(await client(who).get(MARKET))).toEqual(["East", "West", "South", "Central"]);
    }
    expect(trees.mock.calls.length).toBe(once);
  });

  it("answers the new outline once it changed, in a session that read the old one", async () => {
    let outline = { version: 1 };
    const { client } = await start((base) =>
      withEssbase(base, (own) => ({
        outlineIdentity: () => outline,
        dimensionTree: async (session, cube, input) => {
          const tree = await own.dimensionTree(session, cube, input);
          return outline.version === 2 && input.dimension === "Market"
            ? { ...tree, root: withChild(tree.root, "North") }
            : tree;
        },
      })),
    );
    const demo = client();
    expect(names(await demo.get(MARKET))).toEqual(["East", "West", "South", "Central"]);
    outline = { version: 2 };
    expect(names(await demo.get(MARKET))).toEqual(["East", "West", "South", "Central", "North"]);
    expect((await client("alice").get("/outline/Sample/Basic/North")).json).toMatchObject({
      name: "North",
      parentName: "Market",
    });
  });

  it("never answers a user the members another user sees and they do not", async () => {
    const filtered = (session: ProviderSession) => session.username === "filtered";
    const everything = {};
    const lessOf = {};
    const identities: [string, (own: EssbaseOperations) => Partial<EssbaseOperations>][] = [
      // A provider that says who sees what: one object for the filtered user's outline, another for the rest.
      ["told", () => ({ outlineIdentity: (s) => (filtered(s) ? lessOf : everything) })],
      // A provider that cannot say (a remote server's filters): each session reads its own.
      ["not told", () => ({ outlineIdentity: undefined as unknown as EssbaseOperations["outlineIdentity"] })],
    ];
    for (const [, identity] of identities) {
      const { client } = await start((base) =>
        withEssbase(base, (own) => ({
          ...identity(own),
          dimensionTree: async (session, cube, input) => {
            const tree = await own.dimensionTree(session, cube, input);
            return filtered(session) ? { ...tree, root: without(tree.root, "East") } : tree;
          },
        })),
      );
      expect(names(await client("alice").get(MARKET))).toEqual(["East", "West", "South", "Central"]);
      expect(names(await client("filtered").get(MARKET))).toEqual(["West", "South", "Central"]);
      expect((await client("filtered").get("/outline/Sample/Basic/New%20York")).status).toBe(400);
      expect(names(await client("filtered").get("/outline/Sample/Basic?keyword=New%20York"))).toEqual([]);
      expect(names(await client("demo").get(MARKET))).toEqual(["East", "West", "South", "Central"]);
      await server.stop();
    }
  });
});
