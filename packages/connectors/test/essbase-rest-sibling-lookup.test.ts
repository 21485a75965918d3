import type { MemberBean } from "@qibates/protocols/essbase-rest";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { lookupBySiblings, PROBES, type SiblingRequests } from "../src/essbase-rest/members.ts";

/** The context of the look-ups these tests make: no deadline. */
const CALL = CallContext.unbounded();

/**
 * A long sheet's labels looked up through their siblings (`lookupBySiblings`): the same chains as labels looked
 * up one by one, in a number of requests that follows the parents the sheet shows, not its rows; labels that are
 * aliases, shared members or a dimension's top are looked up one by one, and a parent with a very long list of
 * children is not listed for a few labels.
 */

/** Entity: `G<g>` (alias `Area <g>`) with `E<g>.<c>` leaves; `Flat`: one parent of 50,000 leaves (counted only). */
const GROUPS = 40;
const LEAVES = 50;

interface Node {
  bean: MemberBean;
  parent: Node | null;
  kids: Node[];
}

function outline() {
  const byName = new Map<string, Node>();
  const add = (name: string, parent: Node | null, extra: Partial<MemberBean> = {}): Node => {
    const node: Node = {
      bean: {
        name,
        dimensionName: "Entity",
        generationNumber: parent ? (parent.bean.generationNumber ?? 1) + 1 : 1,
        parentName: parent?.bean.name,
        ...(parent ? {} : { dimension: true }),
        ...extra,
      },
      parent,
      kids: [],
    };
    if (parent) {
      node.bean.previousSiblingsCount = parent.kids.length;
      parent.kids.push(node);
      parent.bean.numberOfChildren = parent.kids.length;
    }
    if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), node);
    return node;
  };
  const root = add("Entity", null);
  for (let g = 1; g <= GROUPS; g++) {
    const group = add(`G${g}`, root, { aliases: { Default: `Area ${g}` } });
    for (let c = 1; c <= LEAVES; c++) add(`E${g}.${c}`, group);
  }
  // A shared member under G2, named as a member of G1.
  add("E1.1", byName.get("g2") as Node, { dataStorageType: "SHAREDMEMBER" });
  const flat = add("Flat", root);
  flat.bean.numberOfChildren = 50_000;
  return { byName, root };
}

function server() {
  const { byName } = outline();
  const requests: string[] = [];
  const find = (label: string) =>
    byName.get(label.toLowerCase()) ??
    [...byName.values()].find((n) => n.bean.aliases?.Default?.toLowerCase() === label.toLowerCase());
  const chain = (n: Node) => {
    const above: MemberBean[] = [];
    for (let p = n.parent; p; p = p.parent) above.unshift(p.bean);
    return above;
  };
  const ask: SiblingRequests = {
    ancestors: async (label) => {
      requests.push(`ancestors ${label}`);
      const n = find(label);
      return n ? { items: chain(n) } : null;
    },
    children: async (parent) => {
      requests.push(`children ${parent}`);
      if (parent === "Flat") throw new Error("a list of 50,000 children was read");
      return (find(parent)?.kids ?? []).map((k) => k.bean);
    },
    member: async (label) => {
      requests.push(`member ${label}`);
      return find(label)?.bean ?? null;
    },
    one: async (labels) =>
      labels.map((label) => {
        requests.push(`one ${label}`);
        const n = find(label);
        if (!n) return null;
        return [...chain(n), n.bean].map((b) => ({
          name: b.name,
          parent: b.parentName ?? null,
          childCount: b.numberOfChildren ?? 0,
          ...(b.previousSiblingsCount !== undefined ? { position: b.previousSiblingsCount } : {}),
          ...(b.aliases ? { aliases: b.aliases } : {}),
          ...(b.dataStorageType === "SHAREDMEMBER" ? { storage: "shared" as const } : {}),
        }));
      }),
  };
  return { ask, requests };
}

const names = (chains: Awaited<ReturnType<typeof lookupBySiblings>>) =>
  chains.map((c) => (c === null ? null : c.map((m) => [m.name, m.parent, m.childCount, m.position ?? null])));

describe("essbase-stndln: a long sheet's labels looked up through their siblings", () => {
  it("finds the same members as one by one, in requests that follow the parents, not the rows", async () => {
    const labels = [
      ...Array.from({ length: LEAVES }, (_, c) => `E3.${c + 1}`),
      ...Array.from({ length: LEAVES }, (_, c) => `E7.${c + 1}`),
      ...Array.from({ length: LEAVES }, (_, c) => `E9.${c + 1}`),
      "Area 12",
      "E1.1",
      "Entity",
      "Nowhere",
      "Flat",
    ];
    const batched = server();
    const got = await lookupBySiblings(labels, batched.ask, CALL);
    const single = server();
    const expected = await single.ask.one(labels, CALL);
    expect(names(got)).toEqual(names(expected));
    // One round of ancestors, the three groups' children and their parent's (Flat is among them), then the
    // labels that are not among them one by one.
    expect(batched.requests.filter((r) => r.startsWith("ancestors"))).toHaveLength(PROBES);
    expect(batched.requests.filter((r) => r.startsWith("children")).sort()).toEqual([
      "children Entity",
      "children G3",
      "children G7",
      "children G9",
    ]);
    expect(batched.requests.filter((r) => r.startsWith("one")).sort()).toEqual([
      "one Area 12",
      "one E1.1",
      "one Entity",
      "one Nowhere",
    ]);
  });

  it("asks each label spread over the dimension once, its ancestors from its parent's parent's list", async () => {
    // One leaf of each group: listing a group's children finds one label, so the rounds stop; the groups are
    // all listed under Entity, so each leaf left is asked alone, one request (was two: it and its ancestors).
    const labels = Array.from({ length: GROUPS }, (_, g) => `E${g + 1}.5`);
    const s = server();
    const got = await lookupBySiblings(labels, s.ask, CALL);
    expect(names(got)).toEqual(names(await server().ask.one(labels, CALL)));
    expect(s.requests.filter((r) => r.startsWith("children"))).toHaveLength(PROBES + 1);
    expect(s.requests).toContain("children Entity");
    expect(s.requests.filter((r) => r.startsWith("one"))).toHaveLength(0);
    expect(s.requests.filter((r) => r.startsWith("member"))).toHaveLength(GROUPS - PROBES);
    expect(s.requests.filter((r) => r.startsWith("ancestors"))).toHaveLength(PROBES);
  });

  it("asks the ancestors of a label left whose parent was not listed", async () => {
    // The groups' parent lists more children than the rounds read: each leaf left asks its own ancestors.
    const labels = Array.from({ length: GROUPS }, (_, g) => `E${g + 1}.5`);
    const s = server();
    const children = s.ask.children;
    s.ask.children = async (parent, call) => {
      if (parent === "Entity") throw new Error("the groups' parent was listed");
      return children(parent, call);
    };
    const ancestors = s.ask.ancestors;
    s.ask.ancestors = async (label, call) => {
      const answer = await ancestors(label, call);
      const items = (answer?.items ?? []).map((a) =>
        a.name === "Entity" ? { ...a, numberOfChildren: 50_000 } : a,
      );
      return answer ? { ...answer, items } : null;
    };
    const got = await lookupBySiblings(labels, s.ask, CALL);
    const path = (chains: Awaited<ReturnType<typeof lookupBySiblings>>) =>
      chains.map((c) => c?.map((m) => [m.name, m.parent]) ?? null);
    expect(path(got)).toEqual(path(await server().ask.one(labels, CALL)));
    expect(s.requests.filter((r) => r.startsWith("member"))).toHaveLength(GROUPS - PROBES);
    expect(s.requests.filter((r) => r.startsWith("ancestors"))).toHaveLength(GROUPS);
    expect(s.requests.filter((r) => r.startsWith("one"))).toHaveLength(0);
  });

  it("asks a short sheet's labels one by one, as before", async () => {
    const s = server();
    await lookupBySiblings(["E1.1", "E1.2", "G4"], s.ask, CALL);
    expect(s.requests).toEqual(["one E1.1", "one E1.2", "one G4"]);
  });
});
