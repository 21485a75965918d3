/**
 * Scenario run in a child process by `lying-servers.test.ts`: the Essbase REST and XMLA member sources of the
 * connectors over stand-in clients that answer as a badly behaved server would (a member listed among its own
 * children, a parent listed under its child, an SSAS data member named like its parent, children without end),
 * read as the dimension tree and a zoom to all levels read them. Prints, as JSON, each read's error.
 */
import type { ProviderText } from "@qibates/provider";
import { CallContext, ProviderError } from "@qibates/provider";
import type { EssbaseRestClient } from "../../src/essbase-rest/client.ts";
import { essbaseRestMembers } from "../../src/essbase-rest/members.ts";
import type { ListLimits } from "../../src/net/list-budget.ts";
import { membersOnDemand } from "../../src/remote/members.ts";
import type { XmlaClient } from "../../src/xmla/client.ts";
import { xmlaMembers } from "../../src/xmla/members.ts";

/** The context of the reads these lies are met in: no deadline. */
const CALL = CallContext.unbounded();

const WHERE = "http://127.0.0.1:9/essbase/rest/v1";
const malformed = (reason: ProviderText) =>
  new ProviderError("UPSTREAM_MALFORMED", `The server at ${WHERE} answered ${reason.en}.`, { reason });

/** A call's list budget as a server configured smaller than the default would have it (the read stays short). */
const LIMITS: ListLimits = { items: 20_000, answers: 2_000, bytes: 1024 ** 3 };

type Lie = "ownChild" | "sameUnique" | "parentUnderChild" | "dataMember" | "endless";
let made = 0;

/** Market → East → (what the lie says); every other member a leaf. */
function essbaseClient(lie: Lie): EssbaseRestClient {
  const bean = (name: string, parent: string | null, children: number, generation: number) => ({
    name,
    parentName: parent ?? "",
    numberOfChildren: children,
    generationNumber: generation,
    ...(parent === null ? { dimension: true } : {}),
  });
  const kids = (parent: string) => {
    if (parent === "Market") return [bean("East", "Market", 2, 2)];
    if (parent !== "East" && lie !== "endless") return [];
    // Essbase names are unique: both lies list East under East.
    if (lie === "ownChild" || lie === "sameUnique")
      return [bean("East", "East", 2, 3), bean("NY", "East", 0, 3)];
    if (lie === "parentUnderChild") return [bean("Market", "East", 1, 3)];
    if (lie === "dataMember") return [bean("East", "East", 0, 3)];
    return Array.from({ length: 500 }, () => bean(`M${++made}`, parent, 1, 3));
  };
  const answer = (url: string) => {
    const u = new URL(url, "http://x");
    if (u.pathname.endsWith("/dimensions")) return { items: [{ name: "Market", type: "REGULAR" }] };
    if (u.pathname.endsWith("/aliases")) return { items: ["Default"] };
    const parent = u.searchParams.get("parent");
    // Children without end: every page says more follow.
    if (parent !== null) return { items: kids(parent), hasMore: lie === "endless" };
    if (u.pathname.includes("/ancestors/")) {
      const name = decodeURIComponent(u.pathname.split("/").pop() ?? "");
      return { items: name === "East" ? [bean("Market", null, 1, 1)] : [] };
    }
    const last = decodeURIComponent(u.pathname.split("/").pop() ?? "");
    if (last === "East") return bean("East", "Market", 2, 2);
    if (last === "Basic") return { items: [bean("Market", null, 1, 1)], hasMore: false };
    return null;
  };
  const client = {
    bytesRead: 0,
    listLimits: LIMITS,
    where: WHERE,
    get: async (url: string) => {
      await new Promise((r) => setImmediate(r));
      const a = answer(url);
      client.bytesRead += JSON.stringify(a).length;
      return a;
    },
    getIfFound: async (url: string) => client.get(url),
    malformed,
    // A view of the fake for a call: the fake itself, which knows no deadline.
    within: () => client,
  };
  return client as unknown as EssbaseRestClient;
}

/** The same lies in XMLA's member rowsets. */
function xmlaClient(lie: Lie): XmlaClient {
  const row = (name: string, unique: string, parent: string | null, children: number) => ({
    DIMENSION_UNIQUE_NAME: "[Market]",
    HIERARCHY_UNIQUE_NAME: "[Market]",
    MEMBER_NAME: name,
    MEMBER_CAPTION: name,
    MEMBER_UNIQUE_NAME: unique,
    CHILDREN_CARDINALITY: String(children),
    ...(parent ? { PARENT_UNIQUE_NAME: parent } : {}),
  });
  const all = row("All", "[Market].[All]", null, 1);
  const east = row("East", "[Market].&[East]", "[Market].[All]", 2);
  const kids = (unique: string) => {
    if (unique === "[Market].[All]") return [east];
    if (unique !== "[Market].&[East]" && lie !== "endless") return [];
    if (lie === "ownChild") return [row("East", "[Market].&[East].&[East]", "[Market].&[East]", 2)];
    // East listed among its own children under its own unique name.
    if (lie === "sameUnique") return [row("East", "[Market].&[East]", "[Market].&[East]", 2)];
    if (lie === "parentUnderChild") return [row("All", "[Market].[All]", "[Market].&[East]", 1)];
    if (lie === "dataMember") return [row("East", "[Market].&[East].DATAMEMBER", "[Market].&[East]", 0)];
    return Array.from({ length: 500 }, () => row(`M${++made}`, `[Market].&[M${made}]`, unique, 1));
  };
  const client = {
    bytesRead: 0,
    listLimits: LIMITS,
    where: "http://127.0.0.1:9/olap/msmdpump.dll",
    discover: async (type: string, r: Record<string, string | undefined>) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (type === "MDSCHEMA_DIMENSIONS")
        return [{ DIMENSION_NAME: "Market", DIMENSION_UNIQUE_NAME: "[Market]", DIMENSION_TYPE: "3" }];
      if (r.LEVEL_NUMBER === "0") return [all];
      if (r.TREE_OP === "1") return kids(r.MEMBER_UNIQUE_NAME ?? "");
      if (r.MEMBER_NAME === "East" || r.MEMBER_CAPTION === "East") return [east];
      if (r.MEMBER_UNIQUE_NAME === "[Market].&[East]") return [east, all];
      return [];
    },
    malformed: (reason: ProviderText) =>
      new ProviderError("UPSTREAM_MALFORMED", `The server at ${client.where} answered ${reason.en}.`, {
        reason,
      }),
    within: () => client,
  };
  return client as unknown as XmlaClient;
}

const out: Record<string, unknown> = {};
for (const lie of ["ownChild", "sameUnique", "parentUnderChild", "dataMember", "endless"] as Lie[]) {
  for (const [server, make] of [
    [
      "essbase-rest",
      () => {
        const c = essbaseClient(lie);
        return membersOnDemand(essbaseRestMembers(c, "Sample", "Basic"), "Sample.Basic", c);
      },
    ],
    [
      "xmla",
      () => {
        const c = xmlaClient(lie);
        return membersOnDemand(xmlaMembers(c, {}, "Sample", "Basic"), "Sample.Basic", c);
      },
    ],
  ] as const) {
    for (const read of ["tree", "zoom"]) {
      const members = make();
      let error: unknown = null;
      try {
        if (read === "tree") await members.ensureDimensions(["Market"], CALL);
        else {
          await members.ensureLabels(["East"], CALL);
          await members.ensureSubtrees(["East"], CALL);
        }
      } catch (e) {
        error = e;
      }
      out[`${server} ${lie} ${read}`] = {
        code: error instanceof ProviderError ? error.code : error === null ? null : String(error),
        message: error instanceof Error ? error.message : null,
        held: members.size,
      };
    }
  }
}
console.log(JSON.stringify(out));
