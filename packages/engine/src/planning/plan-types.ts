import type { Cube } from "../cube/cube.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import type { PlanningSession } from "./calls.ts";
import { TextStore } from "./changes.ts";
import type { PlanningApplicationDefinition, SmartListDefinition } from "./definitions.ts";
import { gridInvalid, PlanningError } from "./errors.ts";
import { compileLocks, type FormCube } from "./forms.ts";
import { resolveMember } from "./selection.ts";

/** A plan type of the application: its cube, text cells, Smart Lists, locks, form defaults. */
export interface PlanTypeStore extends FormCube {
  variableNames: readonly string[];
  name: string;
  outline: Outline;
  data: Cube;
  texts: TextStore;
}

/** The alias table a session labels members with (`Default` unless it chose another). */
export function sessionAliasTable(session: PlanningSession): string {
  return session.aliasTable && session.aliasTable !== "none" ? session.aliasTable : "Default";
}

/**
 * The plan types of an application, by name (any case): built from the definition (text members, Smart
 * Lists, approval locks and form defaults resolved against each outline), and what the calls look up in them —
 * a plan type, a cell tuple from member names, a dimension, the alias tables.
 */
export class PlanTypes {
  private readonly stores = new Map<string, PlanTypeStore>();

  constructor(
    private readonly appName: string,
    def: PlanningApplicationDefinition,
  ) {
    for (const pt of def.planTypes) {
      const outline = pt.data.outline;
      const textMembers = new Set((pt.textMembers ?? []).map((n) => resolveMember(outline, n).stored));
      const smartLists = new Map<Member, SmartListDefinition>();
      for (const list of pt.smartLists ?? []) {
        for (const n of list.members) smartLists.set(resolveMember(outline, n).stored, list);
      }
      const locks = compileLocks(
        outline,
        (def.locks ?? []).filter((l) => l.cube.toLowerCase() === pt.name.toLowerCase()),
      );
      const defaults = new Map<Dimension, Member>();
      for (const [dimName, memberName] of Object.entries(pt.defaults ?? {})) {
        const dim = outline.dimension(dimName);
        if (!dim) throw new Error(`Plan type ${pt.name}: unknown dimension ${dimName}`);
        defaults.set(dim, resolveMember(outline, memberName, dim));
      }
      this.stores.set(pt.name.toLowerCase(), {
        name: pt.name,
        outline,
        data: pt.data,
        texts: new TextStore(),
        textMembers,
        smartLists,
        locks,
        defaults,
        variableNames: pt.variableNames ?? [],
      });
    }
  }

  /** Plan type names, in definition order. */
  get names(): string[] {
    return this.all().map((s) => s.name);
  }

  /** Every plan type, in definition order. */
  all(): PlanTypeStore[] {
    return [...this.stores.values()];
  }

  /** A plan type by name (any case); `PLANNING_CUBE_UNKNOWN` on input `field` otherwise. */
  get(cube: string, field = "cube"): PlanTypeStore {
    const s = this.stores.get(String(cube).toLowerCase());
    if (!s) {
      throw new PlanningError(
        "PLANNING_CUBE_UNKNOWN",
        `Application ${this.appName} has no plan type "${cube}"; it has ${this.names.join(", ")}.`,
        field,
        { params: { cube: String(cube), application: this.appName } },
      );
    }
    return s;
  }

  /** The cell of a plan type named by one member per base dimension (outline order). */
  tupleOf(s: PlanTypeStore, members: readonly string[]): Member[] {
    const dims = s.outline.baseDimensions;
    if (members.length !== dims.length) {
      const names = dims.map((d) => d.name).join(", ");
      throw gridInvalid(
        {
          en: `A cell of ${s.name} needs ${dims.length} members (${names}).`,
          fr: `une cellule de ${s.name} demande ${dims.length}\u00a0membres (${names}).`,
        },
        "members",
      );
    }
    return dims.map((d, i) => resolveMember(s.outline, members[i] as string, d));
  }

  /** A base dimension by name, in one plan type or the first plan type that has it. */
  dimension(
    cube: string | undefined,
    dim: string,
  ): { outline: Outline; dimension: Dimension; variableNames: readonly string[] } {
    const stores = cube ? [this.get(cube)] : this.all();
    for (const s of stores) {
      const d = s.outline.dimension(String(dim));
      if (d && d.type !== "attribute")
        return { outline: s.outline, dimension: d, variableNames: s.variableNames };
    }
    // The plan types looked in: the one named, else every plan type of the application.
    throw new PlanningError("PLANNING_DIMENSION_UNKNOWN", `Unknown dimension "${dim}".`, "dim", {
      params: { dimension: String(dim), cube: stores.map((s) => s.name).join(", ") },
    });
  }

  /** Alias tables of the application (union over plan types, first spelling kept). */
  aliasTableNames(): string[] {
    const out: string[] = [];
    for (const s of this.stores.values()) {
      for (const t of s.outline.aliasTables)
        if (!out.some((x) => x.toLowerCase() === t.toLowerCase())) out.push(t);
    }
    return out;
  }

  /**
   * An alias table by name (any case), as the application spells it; `PLANNING_ALIAS_TABLE_UNKNOWN` on `field`
   * otherwise (`aliasId` for action/setalias, `aliastable` for the member calls).
   */
  aliasTable(aliasId: string, field = "aliasId"): string {
    const t = this.aliasTableNames().find((x) => x.toLowerCase() === String(aliasId).toLowerCase());
    if (!t) {
      throw new PlanningError(
        "PLANNING_ALIAS_TABLE_UNKNOWN",
        `Unknown alias table "${aliasId}"; the tables are ${this.aliasTableNames().join(", ")}.`,
        field,
        { params: { aliasTable: String(aliasId) } },
      );
    }
    return t;
  }

  /** The alias table a call asks for in `aliastable` (`Default` when none). */
  checkAliasTable(table: string | null | undefined): string {
    if (table === undefined || table === null || table === "") return "Default";
    return this.aliasTable(table, "aliastable");
  }
}
