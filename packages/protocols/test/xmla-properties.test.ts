import { describe, expect, it } from "vitest";
import {
  answerHead,
  answerTail,
  axisMemberXml,
  CELL_PROPERTIES,
  cellPropertiesXml,
  dataSetOf,
  MDDATASET_NS,
  olapInfoXml,
  parseSoap,
  rootOpen,
  rowsetColumnNames,
  rowsetRestrictionNames,
  schemaRowsetGuid,
  schemaRowsetRestrictions,
} from "../src/xmla/index.ts";

/**
 * The codec's pieces for measure groups and member and cell properties, against [MS-SSAS] (learn.microsoft.com/openspecs/sql_server_protocols/ms-ssas):
 * the measure-group rowsets' columns and restrictions (3.1.4.2.2.1.3.16 and .17), a member's requested properties
 * after its five (`MemberType`: `UName`, `Caption`, `LName`, `LNum`, `DisplayInfo`, then any), the cell
 * properties of `CellInfo` by their element names (`Value`, `FmtValue`, `FormatString`, `CellOrdinal`…).
 */

describe("MDSCHEMA_MEASUREGROUPS and MDSCHEMA_MEASUREGROUP_DIMENSIONS", () => {
  it("have [MS-SSAS]'s columns, in order", () => {
    expect(rowsetColumnNames("MDSCHEMA_MEASUREGROUPS")).toEqual([
      "CATALOG_NAME",
      "SCHEMA_NAME",
      "CUBE_NAME",
      "MEASUREGROUP_NAME",
      "DESCRIPTION",
      "IS_WRITE_ENABLED",
      "MEASUREGROUP_CAPTION",
    ]);
    expect(rowsetColumnNames("MDSCHEMA_MEASUREGROUP_DIMENSIONS")).toEqual([
      "CATALOG_NAME",
      "SCHEMA_NAME",
      "CUBE_NAME",
      "MEASUREGROUP_NAME",
      "MEASUREGROUP_CARDINALITY",
      "DIMENSION_UNIQUE_NAME",
      "DIMENSION_CARDINALITY",
      "DIMENSION_IS_VISIBLE",
      "DIMENSION_IS_FACT_DIMENSION",
      "DIMENSION_GRANULARITY",
    ]);
  });

  it("take the restrictions SSAS lists for them, each of which a request may carry", () => {
    expect(schemaRowsetGuid("MDSCHEMA_MEASUREGROUPS")).toBe("E1625EBF-FA96-42FD-BEA6-DB90ADAFD96B");
    expect(schemaRowsetGuid("MDSCHEMA_MEASUREGROUP_DIMENSIONS")).toBe("A07CCD33-8148-11D0-87BB-00C04FC33942");
    for (const type of ["MDSCHEMA_MEASUREGROUPS", "MDSCHEMA_MEASUREGROUP_DIMENSIONS"] as const) {
      const accepted = rowsetRestrictionNames(type);
      for (const r of schemaRowsetRestrictions(type))
        expect(accepted.has(r.Name), `${type} ${r.Name}`).toBe(true);
    }
    expect(schemaRowsetRestrictions("MDSCHEMA_MEASUREGROUP_DIMENSIONS").at(-1)).toEqual({
      Name: "DIMENSION_VISIBILITY",
      Type: "xsd:unsignedShort",
    });
  });
});

describe("member and cell properties in an MDDataSet", () => {
  const extra = [{ tag: "PARENT_UNIQUE_NAME", name: "[Market].[PARENT_UNIQUE_NAME]", type: "xsd:string" }];

  it("declares the asked member properties after the five, and the asked cell properties only", () => {
    const info = olapInfoXml(
      "Basic",
      [{ name: "Axis0", hierarchies: ["[Market]"], extra: [extra] }],
      ["VALUE", "FORMAT_STRING"],
    );
    expect(info).toContain(
      '<DisplayInfo name="[Market].[DISPLAY_INFO]" type="xsd:unsignedInt"/>' +
        '<PARENT_UNIQUE_NAME name="[Market].[PARENT_UNIQUE_NAME]" type="xsd:string"/></HierarchyInfo>',
    );
    expect(info).toContain(
      '<CellInfo><Value name="VALUE"/><FormatString name="FORMAT_STRING" type="xsd:string"/></CellInfo>',
    );
    // Without a list: the default three, as before.
    expect(olapInfoXml("Basic", [])).toContain(
      '<CellInfo><Value name="VALUE"/><FmtValue name="FORMATTED_VALUE" type="xsd:string"/>' +
        '<CellOrdinal name="CELL_ORDINAL" type="xsd:unsignedInt"/></CellInfo>',
    );
    expect(Object.keys(CELL_PROPERTIES)).toEqual(
      expect.arrayContaining(["VALUE", "FORMATTED_VALUE", "FORMAT_STRING", "CELL_ORDINAL", "UPDATEABLE"]),
    );
  });

  it("writes them so that the data set reads back the same axes and cells", () => {
    const member = axisMemberXml({
      hierarchy: "[Market]",
      uniqueName: "[Market].[East]",
      caption: "East",
      levelUniqueName: "[Market].[Region]",
      levelNumber: 1,
      displayInfo: 5,
      extra: [["PARENT_UNIQUE_NAME", "[Market] & <top>"]],
    });
    expect(member).toContain(
      "<DisplayInfo>5</DisplayInfo><PARENT_UNIQUE_NAME>[Market] &amp; &lt;top&gt;</PARENT_UNIQUE_NAME>",
    );
    const cell = cellPropertiesXml(0, ["FORMATTED_VALUE", "VALUE", "BACK_COLOR", "CELL_ORDINAL"], {
      VALUE: "1234.5",
      FORMATTED_VALUE: "1,234.5",
    });
    expect(cell).toBe(
      '<Cell CellOrdinal="0"><FmtValue>1,234.5</FmtValue><Value xsi:type="xsd:double">1234.5</Value></Cell>',
    );
    const xml =
      rootOpen(MDDATASET_NS) +
      olapInfoXml(
        "Basic",
        [{ name: "Axis0", hierarchies: ["[Market]"], extra: [extra] }],
        ["FORMATTED_VALUE", "VALUE"],
      ) +
      `<Axes><Axis name="Axis0"><Tuples><Tuple>${member}</Tuple></Tuples></Axis></Axes><CellData>${cell}</CellData></root>`;
    const data = dataSetOf(parseSoap(answerHead("Execute", null) + xml + answerTail("Execute"))?.root ?? {});
    expect(data?.axes).toEqual([
      [
        [
          {
            hierarchy: "[Market]",
            uniqueName: "[Market].[East]",
            caption: "East",
            // The asked property is read back beside the five every member carries.
            properties: { PARENT_UNIQUE_NAME: "[Market] & <top>" },
          },
        ],
      ],
    ]);
    expect(data?.cells.get(0)).toEqual({ value: 1234.5, error: null });
  });
});
