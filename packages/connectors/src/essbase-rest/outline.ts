import type { Consolidation, DimensionSpec, MemberSpec, Storage } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import {
  cubePath,
  DATA_STORAGE,
  type DimensionBean,
  type MemberBean,
  outlinePath,
  type RestCollection,
} from "@qibates/protocols/essbase-rest";
import type { RemoteDimension, RemoteOutline } from "../remote/outline.ts";
import type { EssbaseRestClient } from "./client.ts";

/**
 * The outline of a remote cube, read through the outline endpoints (`GET /outline/{app}/{cube}` for the
 * dimensions, `?parent=` for each member's children, paged) and rebuilt as an engine `Outline`, so that the
 * connector reads sheets, lists trees, applies member filters and lays out the zoom modes the REST API lacks
 * with the same rules as the embedded engine. Attribute dimensions are known by their type, without their
 * associations to base members (the REST API does not list them): attribute members read from a sheet are
 * sent to the server as they are.
 */

/** A member as the outline endpoints answer it. */
export type RestMember = MemberBean;

const PAGE = 500;
const PARALLEL = 8;

const CONSOLIDATION: Record<string, Consolidation> = {
  "+": "+",
  "-": "-",
  "*": "*",
  "/": "/",
  "%": "%",
  "~": "~",
  "^": "^",
  ADDITION: "+",
  SUBTRACTION: "-",
  MULTIPLICATION: "*",
  DIVISION: "/",
  PERCENT: "%",
  IGNORE: "~",
  NEVER: "^",
};

/** Storage types, matched without case, spaces or underscores (`STOREDATA`, `Dynamic Calc`, `LABEL_ONLY`). */
const STORAGE: Record<string, Storage> = {
  [DATA_STORAGE.store]: "store",
  STORE: "store",
  [DATA_STORAGE.dynamicCalc]: "dynamic-calc",
  [DATA_STORAGE.dynamicCalcAndStore]: "dynamic-calc-and-store",
  [DATA_STORAGE.labelOnly]: "label-only",
  [DATA_STORAGE.shared]: "shared",
  SHARED: "shared",
  [DATA_STORAGE.neverShare]: "never-share",
};

function dimensionType(raw: string | undefined): RemoteDimension["type"] {
  const t = (raw ?? "").toLowerCase();
  if (t.startsWith("account")) return "accounts";
  if (t === "time") return "time";
  if (t.startsWith("attribute")) return "attribute";
  return "regular";
}

const enc = encodeURIComponent;

/** Reads the whole outline of `app.cube`, a page of children per call, a few calls at a time. */
export async function readRemoteOutline(
  client: EssbaseRestClient,
  app: string,
  cube: string,
): Promise<RemoteOutline> {
  const base = outlinePath(app, cube);
  const page = async (query: string): Promise<RestMember[]> => {
    const all: RestMember[] = [];
    // The next page starts where this one ended: a server may answer fewer items than `limit` asks.
    for (let offset = 0; ; ) {
      const r = await client.get<Partial<RestCollection<RestMember>>>(
        `${base}?${query}offset=${offset}&limit=${PAGE}`,
      );
      if (!Array.isArray(r.items)) throw client.malformed(`${base} without an items list`);
      all.push(...r.items);
      if (!r.hasMore || r.items.length === 0) return all;
      offset += r.items.length;
    }
  };
  const [roots, dimList, aliasList] = await Promise.all([
    page(""),
    client.get<Partial<RestCollection<DimensionBean>>>(`${cubePath(app, cube)}/dimensions`),
    client.get<Partial<RestCollection<string>>>(`${cubePath(app, cube)}/aliases`),
  ]);
  const types = new Map((dimList.items ?? []).map((d) => [d.name.toLowerCase(), dimensionType(d.type)]));

  // Breadth first: the children of every member that has some, PARALLEL requests at a time.
  const children = new Map<RestMember, RestMember[]>();
  let frontier = roots;
  while (frontier.length > 0) {
    const parents = frontier.filter((m) => (m.numberOfChildren ?? 0) > 0);
    const next: RestMember[] = [];
    for (let i = 0; i < parents.length; i += PARALLEL) {
      const batch = parents.slice(i, i + PARALLEL);
      const answers = await Promise.all(batch.map((m) => page(`parent=${enc(m.name)}&`)));
      batch.forEach((m, k) => {
        const kids = answers[k] ?? [];
        children.set(m, kids);
        next.push(...kids);
      });
    }
    frontier = next;
  }

  const member = (m: RestMember): MemberSpec => {
    const spec: MemberSpec = { name: m.name };
    if (m.aliases && Object.keys(m.aliases).length > 0) spec.aliases = { ...m.aliases };
    const consolidation = CONSOLIDATION[m.consolidation ?? ""];
    if (consolidation) spec.consolidation = consolidation;
    const storage = STORAGE[(m.dataStorageType ?? "").toUpperCase().replace(/[^A-Z]/g, "")];
    if (storage) spec.storage = storage;
    if (m.uda && m.uda.length > 0) spec.udas = [...m.uda];
    if (typeof m.formula === "string" && m.formula.trim() !== "") spec.formula = m.formula;
    const kids = children.get(m) ?? [];
    if (kids.length > 0) spec.children = kids.map(member);
    return spec;
  };

  const dimensions: RemoteDimension[] = roots.map((r) => ({
    name: r.name,
    type: types.get(r.name.toLowerCase()) ?? (r.attribute ? "attribute" : r.account ? "accounts" : "regular"),
  }));
  const specs: DimensionSpec[] = roots.map((r, i) => {
    const type = dimensions[i]?.type ?? "regular";
    const storage = STORAGE[(r.dataStorageType ?? "").toUpperCase().replace(/[^A-Z]/g, "")];
    return {
      name: r.name,
      type,
      ...(storage ? { storage } : {}),
      ...(r.aliases && Object.keys(r.aliases).length > 0 ? { aliases: { ...r.aliases } } : {}),
      members: (children.get(r) ?? []).map(member),
    };
  });
  const aliasTables = (aliasList.items ?? []).filter((t): t is string => typeof t === "string");
  const outline = new Outline({
    name: `${app}.${cube}`,
    aliasTables: aliasTables.length > 0 ? aliasTables : ["Default"],
    dimensions: specs,
  });
  return { outline, dimensions, aliasTables: aliasTables.length > 0 ? aliasTables : ["Default"] };
}
