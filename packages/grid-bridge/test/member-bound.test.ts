import { labelKind, labelNames, resolveSettings } from "@qibates/engine/grid";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import {
  type CubeMemberSource,
  ensureSheetMembers,
  labelsOf,
  MemberBound,
  MembersOnDemand,
  type RemoteMemberInfo,
} from "../src/members-on-demand.ts";

/** The context of the calls these tests make: no deadline. */
const CALL = CallContext.unbounded();

/** A dimension of `width` × `width` members (Entity → E1…En → E1.1…), read by as many calls as asked. */
function wide(width: number): CubeMemberSource & { asked: string[] } {
  const info = (name: string, parent: string | null, childCount: number): RemoteMemberInfo => ({
    name,
    parent,
    childCount,
  });
  const asked: string[] = [];
  return {
    asked,
    async dimensions() {
      return {
        dimensions: [{ name: "Entity", type: "regular" as const }],
        roots: [info("Entity", null, width)],
        aliasTables: ["Default"],
      };
    },
    async lookup(labels) {
      asked.push(...labels);
      return labels.map((l) => (l === "Entity" ? [info("Entity", null, width)] : null));
    },
    async children(parents) {
      return parents.map((p) =>
        Array.from({ length: width }, (_, i) =>
          p.parent === null ? info(`E${i + 1}`, p.name, width) : info(`${p.name}.${i + 1}`, p.name, 0),
        ),
      );
    },
  };
}

describe("the server-wide bound on members kept", () => {
  it("20 sessions that each read a whole dimension hold no more than the bound together", async () => {
    const bound = new MemberBound(5_000);
    const sessions = Array.from({ length: 20 }, () => new MembersOnDemand(wide(40), "App.Cube", { bound }));
    for (const members of sessions) {
      // 1 + 40 + 1,600 members each: 32,820 for all 20 without the bound.
      await members.ensureDimensions(["Entity"], CALL);
      expect(members.size).toBe(1641);
      expect(bound.held).toBeLessThanOrEqual(5_000);
    }
    // The sessions used most recently kept theirs; the others kept their dimension and read it again when asked.
    expect(sessions.slice(-3).map((m) => m.size)).toEqual([1641, 1641, 1641]);
    expect(sessions[0]?.size).toBe(1);
    await sessions[0]?.ensureChildren(["Entity"], CALL);
    expect(sessions[0]?.size).toBe(41);
    expect(bound.held).toBeLessThanOrEqual(5_000);
  });

  it("never drops the members a running call reads: the call that would pass the bound is refused instead", async () => {
    const bound = new MemberBound(2_000);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gated = wide(40);
    const lookup = gated.lookup.bind(gated);
    gated.lookup = async (labels, call) => {
      await gate;
      return lookup(labels, call);
    };
    const reading = new MembersOnDemand(gated, "App.Cube", { bound });
    const other = new MembersOnDemand(wide(40), "App.Other", { bound });
    await reading.ensureDimensions(["Entity"], CALL);
    // A call on `reading` is under way (its lookup waits) while `other` reads past the bound.
    const running = reading.ensureLabels(["Somewhere"], CALL);
    const refused = await other.ensureDimensions(["Entity"], CALL).catch((e: unknown) => e);
    open();
    await running;
    expect(reading.size).toBe(1641);
    expect(refused).toMatchObject({ code: "UPSTREAM_MALFORMED" });
    expect((refused as Error).message).toContain("MEMBERS_HELD_MAX");
    // What the refused call read is let go.
    expect(other.size).toBe(1);
    expect(bound.held).toBeLessThanOrEqual(2_000);
  });
});

describe("one label reader", () => {
  const settings = resolveSettings({ missingLabel: "n/a", noAccessLabel: "(hidden)" }, null);
  const LABELS = [
    "#Missing",
    "#MI",
    "#NoData",
    "n/a",
    "#NoAccess",
    "#No Access",
    "#Invalid",
    "(hidden)",
    "'#Missing",
    "East",
    "Q-T-D(&CurrMonth)",
    "&CurrMonth",
    "100-10: Cola",
    "'100",
    "100",
    "",
  ];

  it("the member reader asks for the names the engine's reader resolves, and none of its labels", async () => {
    const asked: string[] = [];
    const source: CubeMemberSource = {
      async dimensions() {
        return { dimensions: [], roots: [], aliasTables: ["Default"] };
      },
      async lookup(labels) {
        asked.push(...labels);
        return labels.map(() => null);
      },
      async children(parents) {
        return parents.map(() => []);
      },
    };
    const members = new MembersOnDemand(source, "App.Cube", { bound: new MemberBound(1000) });
    const variables = { CurrMonth: "Feb" };
    const s = { ...settings, substitutionVariables: variables };
    await ensureSheetMembers(members, [LABELS.filter((l) => l !== "100")], s, CALL);
    const expected = LABELS.filter((l) => l !== "100").flatMap((l) =>
      labelKind(l, s) === "name" ? labelNames(l, variables) : [],
    );
    expect(asked.sort()).toEqual([...new Set(expected)].sort());
    // The labels of an answer are read the same way.
    expect(new Set(labelsOf([LABELS], () => true, s))).toEqual(new Set([...expected, "100"]));
    // Neither asks for a missing or no-access label, whichever way it is written.
    for (const l of ["#NoData", "#No Access", "n/a", "(hidden)", "#Invalid"]) expect(asked).not.toContain(l);
    expect(asked).toContain("#Missing");
  });

  it("the engine reads a sheet's missing and no-access labels as the member reader does: as labels", () => {
    for (const l of ["#NoData", "#No Access", "n/a", "(hidden)"])
      expect(labelKind(l, settings), l).not.toBe("name");
  });
});
