import { type MemberSpec, Outline } from "@qibates/engine";
import { labelMember, resolveSettings } from "@qibates/engine/grid";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import {
  type CubeMemberSource,
  ensureGridOperation,
  ensureSheetMembers,
  MemberBound,
  MembersOnDemand,
  type RemoteMemberInfo,
} from "../src/members-on-demand.ts";

/** The context of the calls these tests make: no deadline. */
const CALL = CallContext.unbounded();

/**
 * The members of a remote cube read as calls need them. A stand-in source over a small tree counts what
 * it is asked; the rebuilt outline holds the members read, each under its parent, in the server's order.
 */

/** `name: [children]`; the dimensions are Entity (with a shared member), Account and Period. */
const TREE: Record<string, string[]> = {
  Entity: ["East", "West", "Alt"],
  East: ["NY", "Boston", "100"],
  West: ["LA"],
  Alt: ["NY"],
  Account: ["Revenue", "Cost", "300"],
  Period: ["Q1", "Q2"],
};
const DIMS = ["Entity", "Account", "Period"];
const ALIASES: Record<string, string> = { NY: "New York" };

function parentOf(name: string, skipShared = true): string | null {
  for (const [p, kids] of Object.entries(TREE)) {
    if (kids.includes(name) && !(skipShared && p === "Alt")) return p;
  }
  return null;
}

function info(name: string, parent: string | null, shared = false): RemoteMemberInfo {
  const kids = TREE[name] ?? [];
  return {
    name,
    parent,
    childCount: shared ? 0 : kids.length,
    position: parent ? (TREE[parent] ?? []).indexOf(name) : 0,
    ...(ALIASES[name] ? { aliases: { Default: ALIASES[name] as string } } : {}),
    ...(shared ? { storage: "shared" as const } : {}),
  };
}

function source() {
  const asked = { lookups: [] as string[][], children: [] as string[][], dimensions: 0 };
  const src: CubeMemberSource = {
    async dimensions() {
      asked.dimensions++;
      return {
        dimensions: DIMS.map((name) => ({ name, type: "regular" as const })),
        roots: DIMS.map((d) => info(d, null)),
        aliasTables: ["Default"],
      };
    },
    async lookup(labels) {
      asked.lookups.push([...labels]);
      return labels.map((label) => {
        const name =
          Object.keys(ALIASES).find((k) => ALIASES[k]?.toLowerCase() === label.toLowerCase()) ??
          [...DIMS, ...Object.values(TREE).flat()].find((n) => n.toLowerCase() === label.toLowerCase());
        if (!name) return null;
        const chain: RemoteMemberInfo[] = [];
        for (let n: string | null = name; n; n = parentOf(n)) chain.unshift(info(n, parentOf(n)));
        return chain;
      });
    },
    async children(parents) {
      asked.children.push(parents.map((p) => p.name));
      return parents.map((p) => (TREE[p.name] ?? []).map((k) => info(k, p.name, p.name === "Alt")));
    },
  };
  return { src, asked };
}

const settings = resolveSettings({}, null);

describe("MembersOnDemand", () => {
  it("reads a sheet's members in one lookup, each under its ancestors, and nothing else", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [
      ["", "Q1", "Q2"],
      ["", "Revenue", "Revenue"],
      ["NY", "", ""],
      ["West", "", ""],
    ];
    await ensureSheetMembers(members, sheet, settings, CALL);
    expect(asked.lookups).toEqual([["Q1", "Q2", "Revenue", "NY", "West"]]);
    expect(asked.children).toEqual([]);
    const { outline } = await members.outline(CALL);
    expect(
      outline
        .member("NY")
        ?.ancestors()
        .map((m) => m.name),
    ).toEqual(["East", "Entity"]);
    // Only what was read: West's child and NY's siblings are not there.
    expect(outline.member("LA")).toBeUndefined();
    expect(outline.member("Boston")).toBeUndefined();
    // A second call over the same sheet asks nothing.
    await ensureSheetMembers(members, sheet, settings, CALL);
    expect(asked.lookups).toHaveLength(1);
  });

  it("looks a numeric row header up once the sheet's layout shows it stands where headers are", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [
      ["", "Q1"],
      ["", "Revenue"],
      ["100", "12"],
      ["NY", "7"],
    ];
    await ensureSheetMembers(members, sheet, settings, CALL);
    // Column A's numbers with the first round; the data (12, 7) is never asked.
    expect(asked.lookups.flat()).toContain("100");
    expect(asked.lookups.flat()).not.toContain("12");
    expect(asked.lookups.flat()).not.toContain("7");
    expect((await members.outline(CALL)).outline.member("100")?.parent?.name).toBe("East");
  });

  it("widens the row headers by a column of numeric names nothing heads, never reading a headed column", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [
      ["", "", "Q1"],
      ["NY", "300", "5"],
      ["LA", "300", "6"],
    ];
    await ensureSheetMembers(members, sheet, settings, CALL);
    expect(asked.lookups).toEqual([["Q1", "NY", "LA"], ["300"]]);
    expect((await members.outline(CALL)).outline.member("300")?.parent?.name).toBe("Account");
  });

  it("reads the children of the member a zoom opens, and keeps a shared member under both parents", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [
      ["", "Q1"],
      ["", "Revenue"],
      ["Alt", ""],
    ];
    const zoom = { ...settings, zoomInPreference: "NEXT_LEVEL" as const };
    await ensureSheetMembers(members, sheet, zoom, CALL);
    await ensureGridOperation(
      members,
      { action: "zoomin", input: { grid: sheet, cells: [{ row: 2, column: 0 }] } } as never,
      sheet,
      zoom,
      CALL,
    );
    expect(asked.children).toEqual([["Alt"]]);
    const { outline } = await members.outline(CALL);
    const shared = outline.member("Alt")?.children[0];
    expect(shared?.isShared).toBe(true);
    // The shared member's stored member was read so that it stands before it in the outline.
    expect(shared?.prototype?.parent?.name).toBe("East");
  });

  it("answers an alias with the member it names, and remembers a label that names none", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    await members.ensureLabels(["New York", "Nowhere"], CALL);
    await members.ensureLabels(["New York", "Nowhere"], CALL);
    expect(asked.lookups).toEqual([["New York", "Nowhere"]]);
    expect((await members.outline(CALL)).outline.memberByAlias("New York")?.name).toBe("NY");
  });

  it("reads a whole dimension only when asked, a round per generation", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    await members.ensureDimensions(["Entity"], CALL);
    expect(asked.children).toEqual([["Entity"], ["East", "West", "Alt"]]);
    const entity = (await members.outline(CALL)).outline.dimension("Entity");
    expect(entity?.members.map((m) => m.name)).toEqual([
      "Entity",
      "East",
      "NY",
      "Boston",
      "100",
      "West",
      "LA",
      "Alt",
      "NY",
    ]);
  });

  it("keeps the server's bound: a set no call holds, used least recently, is dropped to its dimensions", async () => {
    const bound = new MemberBound(12);
    const first = new MembersOnDemand(source().src, "App.Cube", { bound });
    const second = new MembersOnDemand(source().src, "App.Cube", { bound });
    await first.ensureDimensions(["Entity"], CALL);
    expect(first.size).toBe(11);
    await second.ensureChildren(["Account"], CALL);
    expect(second.size).toBe(6);
    expect(first.size).toBe(3);
    expect(bound.held).toBeLessThanOrEqual(12);
    expect((await first.outline(CALL)).outline.dimension("Entity")?.members.map((m) => m.name)).toEqual([
      "Entity",
    ]);
    // Read again when a call needs it, the other set (now the least recently used) dropped in its turn.
    await first.ensureChildren(["Entity"], CALL);
    expect(first.size).toBe(6);
    expect(second.size).toBe(6);
  });
});

/** The whole tree of {@link TREE} as one engine outline, as the engine host holds a cube's. */
function wholeOutline(): Outline {
  const spec = (name: string, parent: string): MemberSpec => ({
    name,
    ...(ALIASES[name] ? { aliases: { Default: ALIASES[name] as string } } : {}),
    ...(parent === "Alt" ? { storage: "shared" as const } : {}),
    ...(TREE[name] && parent !== "Alt" ? { children: (TREE[name] ?? []).map((k) => spec(k, name)) } : {}),
  });
  return new Outline({
    name: "App.Cube",
    aliasTables: ["Default"],
    dimensions: DIMS.map((d) => ({
      name: d,
      type: "regular" as const,
      members: (TREE[d] ?? []).map((k) => spec(k, d)),
    })),
  });
}

describe("a label read over members read on demand and over the whole outline", () => {
  const s = resolveSettings({}, "Default");
  const LABELS = [
    "NY",
    "new york",
    "'East",
    "  West  ",
    "East: Eastern region",
    "100",
    "#Missing",
    "#NoAccess",
    "Nowhere",
    "",
  ];

  it("names the same member both ways, once the sheet's members are read", async () => {
    const { src } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [["", "Q1"], ["", "Revenue"], ...LABELS.map((l) => [l, ""])];
    await ensureSheetMembers(members, sheet, s, CALL);
    const onDemand = (await members.outline(CALL)).outline;
    const whole = wholeOutline();
    const read = (outline: Outline) => LABELS.map((l) => labelMember(outline, l, s)?.name ?? null);
    expect(read(onDemand)).toEqual(read(whole));
    expect(read(whole)).toEqual(["NY", "NY", "East", "West", "East", "100", null, null, null, null]);
  });

  it("zooms on a quoted name as the engine reads it: its children are read", async () => {
    const { src, asked } = source();
    const members = new MembersOnDemand(src, "App.Cube");
    const sheet = [
      ["", "Q1"],
      ["", "Revenue"],
      ["'East", ""],
    ];
    await ensureSheetMembers(members, sheet, s, CALL);
    await ensureGridOperation(
      members,
      { action: "zoomin", input: { grid: sheet, cells: [{ row: 2, column: 0 }] } } as never,
      sheet,
      s,
      CALL,
    );
    expect(asked.children).toEqual([["East"]]);
  });
});
