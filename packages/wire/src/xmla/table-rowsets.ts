import type { RequestType, Row } from "@qibates/protocols/xmla";
import type { OlapDimension, OlapMember } from "@qibates/provider";
import type { DiscoverSource, Restrictions } from "./discover-source.ts";
import { type LevelRule, levelsOf, same } from "./names.ts";

/**
 * DBSCHEMA_TABLES and DBSCHEMA_COLUMNS: the relational view Analysis Services gives of a cube, for SQL-minded
 * clients. SSAS's rule, read in the recorded Adventure Works replies (`DBSCHEMA_TABLES.testGetDBSchemaTables`,
 * `DBSCHEMA_COLUMNS.testGetDBSchemaColumns`): in each catalog, a cube is a schema (`TABLE_SCHEMA` = the cube's
 * name) holding one `SYSTEM TABLE` per measure group (`TABLE_OLAP_TYPE` MEASURE_GROUP), whose columns are its
 * measures (`COLUMN_OLAP_TYPE` MEASURE, `DATA_TYPE` 12, `COLUMN_FLAGS` 64), and one `TABLE` per cube dimension
 * named `$` and the dimension's name (CUBE_DIMENSION), whose columns are its attributes (ATTRIBUTE, `DATA_TYPE`
 * 130). An Essbase outline has one measure group, the cube itself (named as the cube), whose measures are the
 * members of the accounts dimension, as MDSCHEMA_MEASURES lists them; a dimension's attributes are its levels,
 * one per generation, named as MDSCHEMA_LEVELS names them. SSAS's dimension cubes (`$Account` as a schema) have
 * no counterpart and are not listed. Restrictions filter the rows afterwards, like every rowset's.
 */
export async function tableRows(
  type: RequestType,
  restrictions: Restrictions,
  source: DiscoverSource,
): Promise<Row[] | null> {
  if (type !== "DBSCHEMA_TABLES" && type !== "DBSCHEMA_COLUMNS") return null;
  const wantedCatalog = restrictions.get("TABLE_CATALOG")?.[0] ?? source.defaultCatalog;
  const wantedCube = restrictions.get("TABLE_SCHEMA")?.[0];
  const rows: Row[] = [];
  for (const catalog of await source.catalogs()) {
    if (wantedCatalog !== null && !same(catalog, wantedCatalog)) continue;
    for (const cubeName of await source.cubes(catalog)) {
      if (wantedCube !== undefined && !same(cubeName, wantedCube)) continue;
      const cube = await source.cube(catalog, cubeName);
      const { dimensions: all } = await cube.metadata();
      const at = { TABLE_CATALOG: cube.application, TABLE_SCHEMA: cube.cube };
      const accounts = all.find((d) => d.kind === "accounts");
      const measures = (accounts?.members ?? []).filter((m) => m.parent !== null && !m.shared);
      const dimensions = all.filter((d) => d !== accounts);
      if (type === "DBSCHEMA_TABLES") {
        rows.push({
          ...at,
          TABLE_NAME: cube.cube,
          TABLE_TYPE: "SYSTEM TABLE",
          DESCRIPTION: "",
          TABLE_OLAP_TYPE: "MEASURE_GROUP",
        });
        for (const d of dimensions)
          rows.push({
            ...at,
            TABLE_NAME: `$${d.name}`,
            TABLE_TYPE: "TABLE",
            DESCRIPTION: "",
            TABLE_OLAP_TYPE: "CUBE_DIMENSION",
          });
      } else {
        rows.push(...measures.map((m, i) => measureColumn(at, cube.cube, m, i)));
        for (const d of dimensions) rows.push(...attributeColumns(at, d, source.levels));
      }
    }
  }
  return rows;
}

function measureColumn(at: Row, table: string, m: OlapMember, i: number): Row {
  return {
    ...at,
    TABLE_NAME: table,
    COLUMN_NAME: m.name,
    ORDINAL_POSITION: i + 1,
    COLUMN_FLAGS: 64,
    IS_NULLABLE: false,
    DATA_TYPE: 12,
    COLUMN_OLAP_TYPE: "MEASURE",
  };
}

function attributeColumns(at: Row, d: OlapDimension, rule: LevelRule): Row[] {
  return levelsOf(d, rule).map((level, k) => ({
    ...at,
    TABLE_NAME: `$${d.name}`,
    COLUMN_NAME: level.name,
    ORDINAL_POSITION: k + 1,
    COLUMN_FLAGS: 0,
    IS_NULLABLE: false,
    DATA_TYPE: 130,
    COLUMN_OLAP_TYPE: "ATTRIBUTE",
  }));
}
