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
    return {
      name: dimName,
      type: (typeof dim.type === "string" ? dim.type : guessType(dimName)) as DimensionType,
      ...(typeof dim.density === "string" ? { density: dim.density as "dense" | "sparse" } : {}),
      members: members.map((m, j) => memberSpec(m, `${dimName}[${j}]`, defaultTable, tables)),
    };
  });
  return { name, aliasTables: [...tables], dimensions };
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
  for (const key of ["consolidation", "storage", "formula", "timeBalance"] as const) {
    if (typeof m[key] === "string") (spec as unknown as Record<string, unknown>)[key] = m[key];
  }
  if (Array.isArray(m.udas)) spec.udas = m.udas.filter((u): u is string => typeof u === "string");
  if (Array.isArray(m.children)) {
    spec.children = m.children.map((c, k) => memberSpec(c, `${where}.children[${k}]`, defaultTable, tables));
  }
  return spec;
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
