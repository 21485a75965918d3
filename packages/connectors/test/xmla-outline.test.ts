import { MembersOnDemand } from "@qibates/grid-bridge";
import { CallContext, type ProviderText } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { XmlaClient } from "../src/xmla/client.ts";
import { cellQueries, cellQuery } from "../src/xmla/grid.ts";
import { xmlaMembers } from "../src/xmla/members.ts";

/**
 * The outline read on demand (`xmlaMembers`, as the connector reads it) from Discover rowsets shaped as SSAS
 * answers them (the columns and key-based unique names of the recorded SSAS 2008 R2 answers in
 * fixtures/xmla/may-day-olap): an `All` member on top of a dimension, a measures dimension without one, a formula
 * member.
 */

type Rows = Record<string, string>[];

/** A server over `rows` that answers the restrictions the connector sends: the top level, a member, its children. */
function fakeClient(rows: Record<string, Rows>, asked: string[] = []): XmlaClient {
  const members = Object.entries(rows).flatMap(([key, list]) => (key === "dims" ? [] : list));
  const byUnique = new Map(members.map((r) => [r.MEMBER_UNIQUE_NAME, r]));
  const client = {
    where: "http://127.0.0.1:9/olap/msmdpump.dll",
    // A view of the fake for a call: the fake itself, which knows no deadline.
    within: () => client,
    discover: async (type: string, restrictions: Record<string, string | undefined>) => {
      asked.push(`${type} ${JSON.stringify(restrictions)}`);
      if (type === "MDSCHEMA_DIMENSIONS") return rows.dims ?? [];
      const {
        LEVEL_NUMBER,
        MEMBER_UNIQUE_NAME,
        MEMBER_NAME,
        MEMBER_CAPTION,
        TREE_OP,
        DIMENSION_UNIQUE_NAME,
      } = restrictions;
      if (LEVEL_NUMBER === "0") return members.filter((r) => !r.PARENT_UNIQUE_NAME);
      if (MEMBER_NAME !== undefined) return members.filter((r) => r.MEMBER_NAME === MEMBER_NAME);
      if (MEMBER_CAPTION !== undefined) return members.filter((r) => r.MEMBER_CAPTION === MEMBER_CAPTION);
      if (MEMBER_UNIQUE_NAME !== undefined && TREE_OP === "1")
        return members.filter((r) => r.PARENT_UNIQUE_NAME === MEMBER_UNIQUE_NAME);
      if (MEMBER_UNIQUE_NAME !== undefined) {
        const chain: Rows = [];
        for (let r = byUnique.get(MEMBER_UNIQUE_NAME); r; r = byUnique.get(r.PARENT_UNIQUE_NAME ?? ""))
          chain.push(r);
        return chain;
      }
      return rows[DIMENSION_UNIQUE_NAME ?? ""] ?? [];
    },
    malformed: (reason: ProviderText) => new Error(reason.en),
  };
  return client as unknown as XmlaClient;
}

const member = (
  dim: string,
  name: string,
  unique: string,
  parent: string | null,
  extra: Rows[number] = {},
) => ({
  DIMENSION_UNIQUE_NAME: dim,
  MEMBER_NAME: name,
  MEMBER_UNIQUE_NAME: unique,
  MEMBER_CAPTION: name,
  MEMBER_TYPE: "1",
  ...(parent ? { PARENT_UNIQUE_NAME: parent } : {}),
  ...extra,
});

const ROWS: Record<string, Rows> = {
  dims: [
    {
      DIMENSION_NAME: "Product",
      DIMENSION_UNIQUE_NAME: "[Product]",
      DIMENSION_ORDINAL: "2",
      DIMENSION_TYPE: "3",
      DEFAULT_HIERARCHY: "[Product].[Category]",
    },
    {
      DIMENSION_NAME: "Measures",
      DIMENSION_UNIQUE_NAME: "[Measures]",
      DIMENSION_ORDINAL: "1",
      DIMENSION_TYPE: "2",
    },
    {
      DIMENSION_NAME: "Date",
      DIMENSION_UNIQUE_NAME: "[Date]",
      DIMENSION_ORDINAL: "3",
      DIMENSION_TYPE: "1",
      DEFAULT_HIERARCHY: "[Date].[Calendar]",
    },
  ],
  "[Product]": [
    member("[Product]", "All Products", "[Product].[Category].[All Products]", null, { MEMBER_TYPE: "2" }),
    member("[Product]", "Bikes", "[Product].[Category].&[1]", "[Product].[Category].[All Products]"),
    member("[Product]", "Clothing", "[Product].[Category].&[3]", "[Product].[Category].[All Products]", {
      MEMBER_CAPTION: "Clothes",
    }),
    member("[Product]", "Mountain", "[Product].[Category].&[1].&[12]", "[Product].[Category].&[1]"),
  ],
  "[Measures]": [
    member("[Measures]", "Sales Amount", "[Measures].[Sales Amount]", null, { MEMBER_TYPE: "3" }),
    member("[Measures]", "Order Count", "[Measures].[Order Count]", null, { MEMBER_TYPE: "3" }),
    member("[Measures]", "Margin", "[Measures].[Margin]", null, { MEMBER_TYPE: "4" }),
  ],
  "[Date]": [
    member("[Date]", "All Periods", "[Date].[Calendar].[All Periods]", null, { MEMBER_TYPE: "2" }),
    member(
      "[Date]",
      "CY 2007",
      "[Date].[Calendar].[Calendar Year].&[2007]",
      "[Date].[Calendar].[All Periods]",
    ),
  ],
};

/** The Sales cube's outline read from the fake server, every dimension whole, and its members by name. */
async function adventureWorks(asked: string[] = []) {
  const members = new MembersOnDemand(xmlaMembers(fakeClient(ROWS, asked), {}, "AW", "Sales"), "AW.Sales");
  await members.ensureDimensions(null, CallContext.unbounded());
  const remote = await members.outline(CallContext.unbounded());
  const m = (name: string) => {
    const found = remote.outline.member(name);
    if (!found) throw new Error(name);
    return found;
  };
  return { remote, m };
}

describe("the outline of an XMLA cube", () => {
  it("reads dimensions in DIMENSION_ORDINAL order, their types, trees, captions and formula members", async () => {
    const asked: string[] = [];
    const { remote } = await adventureWorks(asked);
    expect(remote.dimensions).toEqual([
      { name: "Measures", type: "accounts" },
      { name: "Product", type: "regular" },
      { name: "Date", type: "time" },
    ]);
    // The top members of every dimension in one answer, then each member's children by its unique name.
    expect(asked).toContain('MDSCHEMA_MEMBERS {"CATALOG_NAME":"AW","CUBE_NAME":"Sales","LEVEL_NUMBER":"0"}');
    expect(asked).toContain(
      'MDSCHEMA_MEMBERS {"CATALOG_NAME":"AW","CUBE_NAME":"Sales","MEMBER_UNIQUE_NAME":"[Product].[Category].&[1]","TREE_OP":"1"}',
    );
    const outline = remote.outline;
    const product = outline.dimension("Product");
    expect(product?.root.children.map((m) => m.name)).toEqual(["Bikes", "Clothing"]);
    expect(outline.member("Mountain")?.parent?.name).toBe("Bikes");
    expect(outline.resolve("Clothes", "Default")?.name).toBe("Clothing");
    // A measures dimension without an All member: its members hang under the dimension.
    expect(outline.dimension("Measures")?.root.children.map((m) => m.name)).toEqual([
      "Sales Amount",
      "Order Count",
      "Margin",
    ]);
    expect(outline.member("Margin")?.storage).toBe("dynamic-calc");
    // Unique names both ways: the All member stands for the dimension's top.
    expect(remote.uniqueName(product?.root as never)).toBe("[Product].[Category].[All Products]");
    expect(remote.memberOf("[Product].[Category].&[3]")?.name).toBe("Clothing");
    expect(remote.dimensionOf("[Date].[Calendar]")?.name).toBe("Date");
  });

  it("reads cells with the server's unique names, constant dimensions in the slicer", async () => {
    const { remote, m } = await adventureWorks();
    const o = remote.outline;
    const root = (d: string) => o.dimension(d)?.root as NonNullable<ReturnType<typeof o.member>>;
    const query = cellQuery(remote, "Adventure Works", [
      [m("Sales Amount"), m("Bikes"), root("Date")],
      [m("Sales Amount"), m("Clothing"), root("Date")],
    ]);
    expect(query).toBe(
      "SELECT {([Measures].[Sales Amount], [Product].[Category].&[1]), ([Measures].[Sales Amount], [Product].[Category].&[3])} " +
        "ON COLUMNS FROM [Adventure Works] WHERE ([Date].[Calendar].[All Periods])",
    );
  });

  it("reads a grid's rows × columns on two axes, in tiles within the statement's length", async () => {
    const { remote, m } = await adventureWorks();
    const o = remote.outline;
    const date = o.dimension("Date")?.root as NonNullable<ReturnType<typeof o.member>>;
    // Two rows (Bikes, Clothing) × three columns (the measures), row after row, as a grid's data cells are.
    const measures = ["Sales Amount", "Order Count", "Margin"];
    const grid = ["Bikes", "Clothing"].flatMap((p) => measures.map((x) => [m(x), m(p), date]));
    const [whole, ...more] = cellQueries(remote, "Adventure Works", grid);
    expect(more).toEqual([]);
    expect(whole).toEqual({
      statement:
        "SELECT {([Measures].[Sales Amount]), ([Measures].[Order Count]), ([Measures].[Margin])} ON COLUMNS, " +
        "{([Product].[Category].&[1]), ([Product].[Category].&[3])} ON ROWS FROM [Adventure Works] " +
        "WHERE ([Date].[Calendar].[All Periods])",
      cells: [0, 1, 2, 3, 4, 5],
      axes: [3, 2],
    });
    // Past the length, a row alone is read on one axis, each statement under it, every tuple once.
    const split = cellQueries(remote, "Adventure Works", grid, (whole?.statement.length ?? 0) - 1);
    expect(split.map(({ cells, axes }) => [cells, axes])).toEqual([
      [[0, 1, 2], [3]],
      [[3, 4, 5], [3]],
    ]);
    // Whatever the length, every tuple is read once, each statement within it, its axes as many as its cells.
    for (let max = 60; max <= 400; max += 7) {
      const read = cellQueries(remote, "Adventure Works", grid, max);
      expect(read.flatMap((q) => q.cells).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
      for (const q of read) {
        if (q.cells.length > 1) expect(q.statement.length).toBeLessThanOrEqual(max);
        expect(q.axes.reduce((n, a) => n * a, 1)).toBe(q.cells.length);
      }
    }
    // Tuples that are no rectangle keep one axis.
    const ragged = [grid[0], grid[1], grid[3]] as (typeof grid)[number][];
    expect(cellQueries(remote, "Adventure Works", ragged).map((q) => q.axes)).toEqual([[3]]);
  });
});
