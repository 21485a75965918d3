import type { Consolidation, DimensionSpec, MemberSpec, Storage } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import type { RemoteDimension, RemoteMemberInfo, RemoteOutline } from "@qibates/grid-bridge";
import {
  cubePath,
  DATA_STORAGE,
  type DimensionBean,
  type MemberBean,
  outlinePath,
  type RestCollection,
} from "@qibates/protocols/essbase-rest";
import { UNREADABLE } from "../net/unreadable.ts";
import type { EssbaseRestClient } from "./client.ts";
import { ListBudget, readPages } from "./paging.ts";

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
/** Deeper than any real outline; the members are rebuilt recursively, one stack frame a generation. */
const MAX_GENERATIONS = 1000;
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

/** A member of the outline endpoints as the members read on demand keep it (`@qibates/grid-bridge`). */
export function memberInfoOf(m: RestMember, position?: number): RemoteMemberInfo {
  const info: RemoteMemberInfo = {
    name: m.name,
    parent: typeof m.parentName === "string" && m.parentName !== "" && !m.dimension ? m.parentName : null,
    childCount: typeof m.numberOfChildren === "number" && m.numberOfChildren > 0 ? m.numberOfChildren : 0,
  };
  const place = typeof m.previousSiblingsCount === "number" ? m.previousSiblingsCount : position;
  if (place !== undefined) info.position = place;
  if (m.aliases && Object.keys(m.aliases).length > 0) info.aliases = { ...m.aliases };
  const consolidation = CONSOLIDATION[m.consolidation ?? ""];
  if (consolidation) info.consolidation = consolidation;
  const storage = STORAGE[(m.dataStorageType ?? "").toUpperCase().replace(/[^A-Z]/g, "")];
  if (storage) info.storage = storage;
  if (m.uda && m.uda.length > 0) info.udas = [...m.uda];
  if (typeof m.formula === "string" && m.formula.trim() !== "") info.formula = m.formula;
  return info;
}

export function dimensionType(raw: string | undefined): RemoteDimension["type"] {
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
  // Every member of the outline counts against one budget: the whole read is bounded, not each page.
  const budget = new ListBudget(client);
  const page = (query: string): Promise<RestMember[]> =>
    readPages<RestMember>(client, base, (offset) => `${base}?${query}offset=${offset}&limit=${PAGE}`, budget);
  const [roots, dimList, aliasList] = await Promise.all([
    page(""),
    client.get<Partial<RestCollection<DimensionBean>>>(`${cubePath(app, cube)}/dimensions`),
    client.get<Partial<RestCollection<string>>>(`${cubePath(app, cube)}/aliases`),
  ]);
  const types = new Map((dimList.items ?? []).map((d) => [d.name.toLowerCase(), dimensionType(d.type)]));

  // The children of every member that has some, asked as soon as the member itself is read, PARALLEL requests
  // in flight at most: a branch goes on while the rest of its generation is read instead of waiting for it
  //. The outline is put together from the roots down whatever the order the answers come in.
  const children = new Map<RestMember, RestMember[]>();
  await new Promise<void>((resolve, reject) => {
    const queue: [RestMember, number][] = [];
    let next = 0;
    let running = 0;
    let failed = false;
    const fail = (e: unknown) => {
      failed = true;
      reject(e);
    };
    const add = (members: RestMember[], generation: number) => {
      if (members.length > 0 && generation > MAX_GENERATIONS) {
        throw client.malformed(UNREADABLE.tooDeep(base, MAX_GENERATIONS));
      }
      for (const m of members) if ((m.numberOfChildren ?? 0) > 0) queue.push([m, generation]);
    };
    const pump = () => {
      while (!failed && running < PARALLEL && next < queue.length) {
        const [m, generation] = queue[next++] as [RestMember, number];
        running++;
        page(`parent=${enc(m.name)}&`).then((kids) => {
          running--;
          if (failed) return;
          children.set(m, kids);
          try {
            add(kids, generation + 1);
          } catch (e) {
            fail(e);
            return;
          }
          pump();
        }, fail);
      }
      if (!failed && running === 0 && next === queue.length) resolve();
    };
    try {
      add(roots, 1);
    } catch (e) {
      fail(e);
      return;
    }
    pump();
  });

  const member = (m: RestMember): MemberSpec => {
    const { name, aliases, consolidation, storage, udas, formula } = memberInfoOf(m);
    const spec: MemberSpec = { name };
    if (aliases) spec.aliases = aliases;
    if (consolidation) spec.consolidation = consolidation;
    if (storage) spec.storage = storage;
    if (udas) spec.udas = udas;
    if (formula) spec.formula = formula;
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
