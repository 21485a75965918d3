/**
 * Scenario run in a child process by `lying-outline.test.ts`: stand-in member sources that answer as a badly
 * behaved server would (a member among its own children, a parent under its child, two names listed under each
 * other, a data member named like its parent, one unique name for two members, children without end), each read
 * as the dimension tree, a zoom to all levels and a zoom to the next level read it. Prints, as JSON, what each
 * read threw and how many timer turns ran meanwhile.
 */
import { resolveSettings } from "@qibates/engine/grid";
import { CallContext, ProviderError } from "@qibates/provider";
import {
  type CubeMemberSource,
  ensureGridOperation,
  MemberBound,
  MembersOnDemand,
  type RemoteMemberInfo,
} from "../../src/members-on-demand.ts";

/** The context of the calls these tests make: no deadline. */
const CALL = CallContext.unbounded();

type Kids = (name: string, unique: string) => { name: string; unique?: string; childCount?: number }[];

/** A one-dimension cube (Market → East → …) whose children are `kids`'. */
function source(kids: Kids): CubeMemberSource {
  const info = (name: string, parent: string | null, unique?: string, childCount = 1): RemoteMemberInfo => ({
    name,
    parent,
    childCount,
    uniqueName: unique ?? `[Market].[${name}]`,
  });
  return {
    async dimensions() {
      return {
        dimensions: [{ name: "Market", type: "regular" as const }],
        roots: [info("Market", null)],
        aliasTables: ["Default"],
      };
    },
    async lookup(labels) {
      return labels.map((l) =>
        l === "Market"
          ? [info("Market", null)]
          : l === "East"
            ? [info("Market", null), info("East", "Market")]
            : null,
      );
    },
    async children(parents) {
      return parents.map((p) =>
        kids(p.name, p.uniqueName ?? "").map((k) => info(k.name, p.name, k.unique, k.childCount ?? 1)),
      );
    },
  };
}

let endless = 0;
const LIES: Record<string, Kids> = {
  ownChild: (n) =>
    n === "Market"
      ? [{ name: "East" }]
      : n === "East"
        ? [{ name: "East" }, { name: "NY", childCount: 0 }]
        : [],
  parentUnderChild: (n) => (n === "Market" ? [{ name: "East" }] : n === "East" ? [{ name: "Market" }] : []),
  eachUnderOther: (n) =>
    n === "Market"
      ? [{ name: "East" }, { name: "West" }]
      : n === "East"
        ? [{ name: "West" }]
        : n === "West"
          ? [{ name: "East" }]
          : [],
  dataMemberNamedLikeParent: (n, u) =>
    n === "Market"
      ? [{ name: "East" }]
      : n === "East"
        ? [{ name: "East", unique: `${u}.DATAMEMBER`, childCount: 0 }]
        : [],
  repeatedUniqueName: (n) =>
    n === "Market" ? [{ name: "East" }] : n === "East" ? [{ name: "Boston", unique: "[Market].[East]" }] : [],
  childrenWithoutEnd: () => Array.from({ length: 500 }, () => ({ name: `M${++endless}` })),
  oneChildWithoutEnd: () => [{ name: `D${++endless}` }],
};

const settings = (zoom: string) => resolveSettings({ zoomInPreference: zoom }, null);
const GRID = [["East"]];

const reads: Record<string, (m: MembersOnDemand) => Promise<void>> = {
  tree: (m) => m.ensureDimensions(["Market"], CALL),
  zoomAll: async (m) => {
    await m.ensureLabels(["East"], CALL);
    await ensureGridOperation(
      m,
      { action: "zoomin", input: { grid: GRID, cells: [{ row: 0, column: 0 }] } } as never,
      GRID,
      settings("ALL_LEVELS"),
      CALL,
    );
  },
  zoomNext: async (m) => {
    await m.ensureLabels(["East"], CALL);
    await m.ensureChildren(["East"], CALL);
    // A zoom on the member met under East, as a user opens what the sheet shows.
    const east = (await m.outline(CALL)).outline.dimension("Market")?.root.children[0];
    for (const k of east?.children ?? []) await m.ensureChildren([k.name], CALL);
  },
};

const out: Record<string, unknown> = {};
const bound = new MemberBound(50_000);
for (const [lie, kids] of Object.entries(LIES)) {
  for (const [how, read] of Object.entries(reads)) {
    const members = new MembersOnDemand(source(kids), "Sample.Basic", { bound });
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    let error: unknown = null;
    try {
      await read(members);
    } catch (e) {
      error = e;
    }
    clearInterval(timer);
    out[`${lie} ${how}`] = {
      code: error instanceof ProviderError ? error.code : error === null ? null : String(error),
      message: error instanceof Error ? error.message : null,
      fr:
        error instanceof ProviderError
          ? ((error.params?.reason as { fr?: string } | undefined)?.fr ?? null)
          : null,
      turned: turns > 0,
      held: bound.held,
    };
  }
}
console.log(JSON.stringify(out));
