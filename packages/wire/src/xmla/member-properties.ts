import { bracket, type ExtraMemberProperty, XmlaFault, xmlColumnName } from "@qibates/protocols/xmla";
import type { OlapDimension, OlapMember } from "@qibates/provider";
import type { PropertyRequest } from "./mdx-dialect.ts";
import {
  type CubeOutline,
  caption,
  dimensionName,
  type LevelRule,
  memberLevel,
  memberName,
  memberType,
  same,
} from "./names.ts";

/** What a member property's value is read from: the member, its dimension, the address's level rule. */
export interface MemberFacts {
  outline: CubeOutline;
  d: OlapDimension;
  m: OlapMember;
  rule: LevelRule;
  cube: string;
  aliasTable: string;
}

/** A member property an axis carries beyond the five: how `HierarchyInfo` declares it, and its value. */
export interface MemberProperty {
  declared: ExtraMemberProperty;
  /** Undefined where the member has none (the top's parent): the element is then left out, as SSAS does. */
  value(f: MemberFacts): string | number | undefined;
}

/** The five properties every axis member carries already (`UName`, `Caption`, `LName`, `LNum`, `DisplayInfo`). */
const CARRIED = new Set([
  "MEMBER_UNIQUE_NAME",
  "MEMBER_CAPTION",
  "LEVEL_UNIQUE_NAME",
  "LEVEL_NUMBER",
  "DISPLAY_INFO",
]);

const parentOf = (f: MemberFacts) => (f.m.parent === null ? null : f.outline.index(f.d).parent(f.m));

/**
 * The intrinsic member properties of [MS-SSAS] (MDSCHEMA_MEMBERS' columns, which a query may ask for on an axis)
 * and Essbase's own (`MEMBER_ALIAS`, `GEN_NUMBER`), each with its XSD type and its value.
 */
const INTRINSIC: Readonly<
  Record<string, readonly [type: string, (f: MemberFacts) => string | number | undefined]>
> = {
  CATALOG_NAME: ["xsd:string", (f) => f.outline.metadata.application],
  CUBE_NAME: ["xsd:string", (f) => f.cube],
  DIMENSION_UNIQUE_NAME: ["xsd:string", (f) => dimensionName(f.d)],
  HIERARCHY_UNIQUE_NAME: ["xsd:string", (f) => dimensionName(f.d)],
  MEMBER_NAME: ["xsd:string", (f) => f.m.name],
  MEMBER_KEY: ["xsd:string", (f) => f.m.name],
  KEY0: ["xsd:string", (f) => f.m.name],
  NAME: ["xsd:string", (f) => f.m.name],
  MEMBER_VALUE: ["xsd:string", (f) => f.m.name],
  MEMBER_TYPE: ["xsd:int", (f) => (f.m.calculated ? 4 : memberType(f.m, f.d))],
  MEMBER_ORDINAL: ["xsd:unsignedInt", (f) => (f.m.calculated ? 0 : f.m.ordinal)],
  CHILDREN_CARDINALITY: ["xsd:unsignedInt", (f) => (f.m.calculated ? 0 : f.m.childCount)],
  PARENT_UNIQUE_NAME: [
    "xsd:string",
    (f) => {
      const p = parentOf(f);
      return p ? memberName(p) : undefined;
    },
  ],
  PARENT_LEVEL: [
    "xsd:unsignedInt",
    (f) => {
      const p = parentOf(f);
      return p ? memberLevel(f.d, p, f.rule).number : 0;
    },
  ],
  PARENT_COUNT: ["xsd:unsignedInt", (f) => (f.m.parent === null ? 0 : 1)],
  DESCRIPTION: ["xsd:string", () => ""],
  EXPRESSION: ["xsd:string", (f) => f.m.formula],
  IS_PLACEHOLDERMEMBER: ["xsd:boolean", () => "false"],
  IS_DATAMEMBER: ["xsd:boolean", () => "false"],
  MEMBER_ALIAS: ["xsd:string", (f) => caption(f.m, f.aliasTable)],
  GEN_NUMBER: ["xsd:unsignedInt", (f) => f.m.generation],
};

/**
 * The properties a hierarchy of an axis carries beyond the five, for the names the query's `DIMENSION
 * PROPERTIES` lists: an intrinsic one for every hierarchy (or the one its qualified name names), an attribute
 * dimension's name for the members associated with it (Essbase's attribute properties). A name the server has no
 * property for is a fault: [MS-SSAS] gives a member one element per property asked, so none can be dropped.
 */
export function memberPropertiesOf(
  outline: CubeOutline,
  dimension: string,
  wanted: readonly PropertyRequest[],
): MemberProperty[] {
  const out: MemberProperty[] = [];
  const seen = new Set<string>();
  for (const w of wanted) {
    if (w.dimension !== null && !same(w.dimension, dimension)) {
      // A property qualified by another dimension is for that one's hierarchy; check that it names something.
      if (!outline.dimension(w.dimension))
        throw new XmlaFault(
          "bad-request",
          `The property ${w.dimension}.${w.name} names no dimension of the cube.`,
        );
      continue;
    }
    if (CARRIED.has(w.name) || seen.has(w.name)) continue;
    seen.add(w.name);
    const h = bracket(dimension);
    const intrinsic = INTRINSIC[w.name];
    if (intrinsic) {
      const [type, value] = intrinsic;
      out.push({ declared: { tag: w.name, name: `${h}.[${w.name}]`, type }, value });
      continue;
    }
    const attribute = outline.dimensions.find((d) => d.kind === "attribute" && same(d.name, w.name));
    if (attribute) {
      out.push({
        declared: {
          tag: xmlColumnName(attribute.name),
          name: `${h}.${bracket(attribute.name)}`,
          type: "xsd:string",
        },
        value: (f) => f.m.attributes[attribute.name],
      });
      continue;
    }
    throw new XmlaFault(
      "bad-request",
      `${w.name} is not a member property of ${dimension}: ask for an intrinsic one (${Object.keys(INTRINSIC).join(", ")}) or an attribute dimension.`,
    );
  }
  return out;
}
