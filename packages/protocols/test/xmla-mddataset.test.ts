import { describe, expect, it } from "vitest";
import {
  type AxisMember,
  answerHead,
  answerTail,
  axisMemberXml,
  cellXml,
  dataSetOf,
  MDDATASET_NS,
  MDDATASET_SCHEMA,
  olapInfoXml,
  parseSoap,
  rootOpen,
} from "../src/xmla/index.ts";

const member = (hierarchy: string, name: string): AxisMember => ({
  hierarchy,
  uniqueName: `${hierarchy}.[${name}]`,
  caption: name,
  levelUniqueName: `${hierarchy}.[Gen2]`,
  levelNumber: 1,
  displayInfo: 0,
});

describe("an MDDataSet, written by the codec's pieces and read by its reader", () => {
  it("gives back the axes, the slicer and the cells by ordinal", () => {
    const columns = [[member("[Measures]", "Sales")], [member("[Measures]", "COGS & <Other>")]];
    const rows = [[member("[Market]", "East")], [member("[Market]", "West")], [member("[Market]", "South")]];
    const slicer = [member("[Year]", "Qtr1"), member("[Scenario]", "Actual")];
    const axes = [
      { name: "Axis0", tuples: columns },
      { name: "Axis1", tuples: rows },
      { name: "SlicerAxis", tuples: [slicer] },
    ];
    let xml =
      rootOpen(MDDATASET_NS) +
      MDDATASET_SCHEMA +
      olapInfoXml(
        "Basic",
        axes.map((a) => ({ name: a.name, hierarchies: (a.tuples[0] ?? []).map((m) => m.hierarchy) })),
      ) +
      "<Axes>";
    for (const axis of axes) {
      xml += `<Axis name="${axis.name}"><Tuples>`;
      for (const t of axis.tuples) xml += `<Tuple>${t.map(axisMemberXml).join("")}</Tuple>`;
      xml += "</Tuples></Axis>";
    }
    // Cell 3 is #Missing: left out.
    const cells = [100, 2.5, -7, null, 0, 1e21];
    xml += "</Axes><CellData>";
    cells.forEach((v, i) => {
      if (v !== null) xml += cellXml(i, String(v), String(v));
    });
    xml += "</CellData></root>";
    const soap = parseSoap(answerHead("Execute", null) + xml + answerTail("Execute"));
    const data = dataSetOf(soap?.root ?? {});
    const read = (t: AxisMember[]) =>
      t.map((m) => ({ hierarchy: m.hierarchy, uniqueName: m.uniqueName, caption: m.caption }));
    expect(data?.axes).toEqual([columns.map(read), rows.map(read)]);
    expect(data?.slicer).toEqual(read(slicer));
    expect([...(data?.cells.entries() ?? [])]).toEqual(
      cells.flatMap((v, i) => (v === null ? [] : [[i, { value: v, error: null }]])),
    );
  });
});
