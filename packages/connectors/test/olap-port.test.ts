import type { EmbeddedProvider } from "@qibates/embedded";
import { layerNameOf } from "@qibates/engine";
import { OlapError, olapLayerName } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDemo, xmlaSession } from "../../embedded/test/support/demo-session.ts";

/** The embedded provider's OLAP port answers the engine's outline and MDX as plain data, nothing lost. */
describe("the embedded OLAP port", () => {
  let provider: EmbeddedProvider;
  const session = xmlaSession("olap");
  beforeAll(async () => {
    provider = await openDemo();
  });
  afterAll(() => provider.close());

  const ref = async () => ({
    server: (await provider.servers(session)).servers[0]?.name ?? "",
    application: "Sample",
    cube: "Basic",
  });

  it("reads every dimension and member of the outline, with the engine's generation and level names", async () => {
    const r = await ref();
    const outline = provider.engineCube("ssas", r).outline;
    const metadata = await (await provider.olap.cube("ssas", r)).metadata();
    const engineDims = [...outline.baseDimensions, ...outline.attributeDimensions];
    expect(metadata.dimensions.map((d) => d.name)).toEqual(engineDims.map((d) => d.name));
    for (const [i, d] of engineDims.entries()) {
      const plain = metadata.dimensions[i];
      if (!plain) throw new Error("missing dimension");
      expect(
        plain.members.map((m) => [m.name, m.parent, m.generation, m.level, m.childCount, m.shared]),
      ).toEqual(
        d.members.map((m) => [
          m.name,
          m.parent?.name ?? null,
          m.generation,
          m.level,
          m.children.length,
          m.isShared,
        ]),
      );
      for (let n = 0; n <= 6; n++) {
        expect(olapLayerName(plain, "generation", n)).toBe(layerNameOf(d, "generation", n));
        expect(olapLayerName(plain, "level", n)).toBe(layerNameOf(d, "level", n));
      }
    }
    // Attribute associations and UDAs cross as names.
    const cola = metadata.dimensions
      .find((d) => d.name === "Product")
      ?.members.find((m) => m.name === "100-10");
    expect(cola?.attributes).toEqual(
      Object.fromEntries(
        [...(outline.member("100-10")?.attributes.values() ?? [])].map((a) => [a.dimension.name, a.name]),
      ),
    );
  });

  it("answers member queries as the engine walks the outline", async () => {
    const cube = await provider.olap.cube("ssas", await ref());
    const outline = provider.engineCube("ssas", await ref()).outline;
    const names = (ms: { name: string }[]) => ms.map((m) => m.name);
    const east = outline.member("East");
    if (!east) throw new Error("no East");
    expect(names(await cube.members({ dimension: "Market", of: "East", relation: "children" }))).toEqual(
      names(east.children),
    );
    expect(names(await cube.members({ dimension: "market", of: "East", relation: "descendants" }))).toEqual(
      names(east.descendants()),
    );
    expect(names(await cube.members({ dimension: "Year", generation: 2 }))).toEqual(
      names(outline.dimension("Year")?.generation(2) ?? []),
    );
    expect(names(await cube.members({ dimension: "Product", level: 0 }))).toEqual(
      names(outline.dimension("Product")?.level(0) ?? []),
    );
    expect(names(await cube.members({ dimension: "Product", of: "100-10", relation: "ancestors" }))).toEqual([
      "Product",
      "100",
    ]);
  });

  it("answers MDX as a cell set of plain members, and the engine's errors as OlapErrors", async () => {
    const cube = await provider.olap.cube("ssas", await ref(), session);
    const set = await cube.mdx(
      "WITH MEMBER [Measures].[Twice] AS '[Measures].[Sales] * 2' SELECT {[Measures].[Sales], [Measures].[Twice]} ON COLUMNS, {[Market].Children} ON ROWS FROM [Sample].[Basic]",
    );
    expect(set.axes.map((a) => a.dimensions)).toEqual([["Measures"], ["Market"]]);
    expect(set.axes[0]?.tuples.map((t) => t.map((m) => [m.name, m.calculated ?? false]))).toEqual([
      [["Sales", false]],
      [["Twice", true]],
    ]);
    expect(set.cells.length).toBe(2 * (set.axes[1]?.tuples.length ?? 0));
    expect(set.cells[1]).toBe((set.cells[0] as number) * 2);
    await expect(cube.mdx("SELECT {[Nowhere]} ON COLUMNS FROM [Sample].[Basic]")).rejects.toBeInstanceOf(
      OlapError,
    );
    expect(() => provider.olap.statement("SELECT FROM")).toThrow(OlapError);
    expect(
      provider.olap.statement("SELECT {[Year]} ON COLUMNS, {[Market]} ON ROWS FROM [Sample].[Basic]"),
    ).toEqual({
      kind: "select",
      cube: ["Sample", "Basic"],
      axes: 2,
    });
    expect(provider.olap.memberNameParts("[Product].[Diet].[100-20]")).toEqual(["Product", "Diet", "100-20"]);
    expect(provider.olap.memberNameParts("SELECT")).toBeNull();
  });
});
