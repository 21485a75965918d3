import type { DimensionSpec, DimensionType, MemberSpec, OutlineSpec } from "./outline.ts";

/**
 * Reads the outline-file format of the conformance corpus (a `dimensions` list of `{name, members}`, each
 * member `{name, alias?, children?}` plus optional properties). Takes the parsed document (YAML or JSON): the
 * engine has no parser dependency, callers parse with the `yaml` package.
 */
export function outlineSpecFromDocument(doc: unknown, name = ""): OutlineSpec {
  const root = asRecord(doc, "outline");
  const defaultTable = typeof root.defaultAliasTable === "string" ? root.defaultAliasTable : "Default";
  const tables = new Set<string>(["Default", defaultTable]);
  if (!Array.isArray(root.dimensions)) throw new TypeError("outline: `dimensions` must be a list");
  const dimensions = root.dimensions.map((d, i): DimensionSpec => {
    const dim = asRecord(d, `dimensions[${i}]`);
    const dimName = requireString(dim.name, `dimensions[${i}].name`);
    const members = Array.isArray(dim.members) ? dim.members : [];
    const spec: DimensionSpec = {
      name: dimName,
      type: (typeof dim.type === "string" ? dim.type : guessType(dimName)) as DimensionType,
      ...(typeof dim.density === "string" ? { density: dim.density as "dense" | "sparse" } : {}),
      members: members.map((m, j) => memberSpec(m, `${dimName}[${j}]`, defaultTable, tables)),
    };
    // Optional dimension properties (absent from the corpus file, accepted for hand-written outlines).
    if (typeof dim.storage === "string") spec.storage = dim.storage as DimensionSpec["storage"];
    if (typeof dim.attributeKind === "string")
      spec.attributeKind = dim.attributeKind as DimensionSpec["attributeKind"];
    if (typeof dim.baseDimension === "string") spec.baseDimension = dim.baseDimension;
    for (const key of ["generationNames", "levelNames"] as const) {
      const v = dim[key];
      if (v && typeof v === "object") spec[key] = numberKeyed(v as Record<string, unknown>);
    }
    if (dim.dynamicTimeSeries && typeof dim.dynamicTimeSeries === "object") {
      spec.dynamicTimeSeries = Object.fromEntries(
        Object.entries(dim.dynamicTimeSeries as Record<string, unknown>).filter(
          (e): e is [string, number] => typeof e[1] === "number",
        ),
      );
    }
    return spec;
  });
  // The outline's substitution variables (a snapshot's outline file keeps them at the root), names as spelled.
  const variables =
    root.substitutionVariables && typeof root.substitutionVariables === "object"
      ? Object.entries(root.substitutionVariables as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === "string",
        )
      : [];
  return {
    name,
    aliasTables: [...tables],
    dimensions,
    ...(variables.length > 0 ? { substitutionVariables: Object.fromEntries(variables) } : {}),
  };
}

function memberSpec(raw: unknown, where: string, defaultTable: string, tables: Set<string>): MemberSpec {
  const m = asRecord(raw, where);
  const spec: MemberSpec = { name: requireString(m.name, `${where}.name`) };
  const aliases: Record<string, string> = {};
  if (typeof m.alias === "string") aliases[defaultTable] = m.alias;
  if (m.aliases && typeof m.aliases === "object") {
    for (const [t, a] of Object.entries(m.aliases as Record<string, unknown>)) {
      if (typeof a === "string") {
        aliases[t] = a;
        tables.add(t);
      }
    }
  }
  if (Object.keys(aliases).length > 0) spec.aliases = aliases;
  for (const key of ["consolidation", "storage", "formula", "timeBalance", "timeBalanceSkip"] as const) {
    if (typeof m[key] === "string") (spec as unknown as Record<string, unknown>)[key] = m[key];
  }
  for (const key of ["expense", "twoPass"] as const) if (typeof m[key] === "boolean") spec[key] = m[key];
  if (m.attributes && typeof m.attributes === "object") {
    spec.attributes = Object.fromEntries(
      Object.entries(m.attributes as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
  }
  if (Array.isArray(m.udas)) spec.udas = m.udas.filter((u): u is string => typeof u === "string");
  if (Array.isArray(m.children)) {
    spec.children = m.children.map((c, k) => memberSpec(c, `${where}.children[${k}]`, defaultTable, tables));
  }
  return spec;
}

function numberKeyed(v: Record<string, unknown>): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [k, x] of Object.entries(v))
    if (typeof x === "string" && Number.isInteger(Number(k))) out[Number(k)] = x;
  return out;
}

function guessType(name: string): DimensionType {
  const n = name.toLowerCase();
  if (n === "account" || n === "accounts" || n === "measures") return "accounts";
  if (n === "period" || n === "year" || n === "time") return n === "year" ? "regular" : "time";
  return "regular";
}

function asRecord(v: unknown, where: string): Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new TypeError(`${where}: expected an object`);
  return v as Record<string, unknown>;
}

function requireString(v: unknown, where: string): string {
  if (typeof v !== "string" || v === "") throw new TypeError(`${where}: expected a non-empty string`);
  return v;
}
