import { type Dimension, layerNameOf, type Member } from "../outline.ts";
import type { Expr } from "./ast.ts";

/** A member defined by `WITH MEMBER`. */
export class CalculatedMember {
  readonly calculated = true;
  constructor(
    readonly name: string,
    readonly dimension: Dimension,
    readonly parent: Member | null,
    readonly expr: Expr,
    readonly solveOrder: number,
  ) {}

  toString(): string {
    return this.name;
  }
}

export type MdxMember = Member | CalculatedMember;

/** A cell of an MDX result: a number, a string (a calculated member may give one), `null` for #Missing. */
export type MdxCell = number | string | null;
export type MdxTuple = readonly MdxMember[];

/** A generation or a level of one dimension. */
export type Layer = { by: "level" | "generation"; dimension: Dimension; n: number };

/** The layer argument of Descendants and Ancestor: a level, a generation, or a distance from the member. */
export type AnyLayer = Layer | { by: "distance"; n: number };

/** What an MDX expression evaluates to. */
export type Val =
  | { t: "member"; m: MdxMember }
  | { t: "tuple"; ms: MdxMember[] }
  | { t: "set"; tuples: MdxMember[][] }
  /** NaN is #Missing. */
  | { t: "num"; v: number }
  | { t: "str"; v: string }
  | { t: "bool"; v: boolean }
  | { t: "layer"; layer: Layer }
  | { t: "flag"; name: string }
  | { t: "empty" };

/** The member of each dimension a value is computed at (a dimension left out is at its top member). */
export type Coords = Map<Dimension, MdxMember>;

export const isCalc = (m: MdxMember): m is CalculatedMember => m instanceof CalculatedMember;

/**
 * A generation or level by name: the outline's names (`Quarter`), else Essbase's default names `Gen2,Year` and
 * `Lev0,Year` (a generation or level the dimension has).
 */
export function layerByName(dimension: Dimension, name: string): Layer | null {
  const g = dimension.generationByName(name);
  if (g !== undefined) return { by: "generation", dimension, n: g };
  const l = dimension.levelByName(name);
  if (l !== undefined) return { by: "level", dimension, n: l };
  const m = /^(gen|lev)(\d+),(.+)$/i.exec(name);
  if (!m || (m[3] as string).toLowerCase() !== dimension.name.toLowerCase()) return null;
  const n = Number(m[2]);
  const isGen = (m[1] as string).toLowerCase() === "gen";
  const exists = dimension.members.some((x) => (isGen ? x.generation === n : x.level === n));
  return exists ? { by: isGen ? "generation" : "level", dimension, n } : null;
}

export function layerMembers(layer: Layer): Member[] {
  return layer.by === "level" ? layer.dimension.level(layer.n) : layer.dimension.generation(layer.n);
}

/** A generation's or level's name, as every endpoint names it (`layerNameOf`: `Quarter`, else `Gen2,Year`). */
export function layerName(layer: Layer): string {
  return layerNameOf(layer.dimension, layer.by, layer.n);
}
