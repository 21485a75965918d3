import { Member, type Outline } from "./outline.ts";

/** What a Dynamic Time Series member stands for: the series (`Q-T-D`) and the latest period (`Feb`). */
export interface ToDate {
  dts: string;
  latest: Member;
}

const toDates = new WeakMap<Member, ToDate>();
const byOutline = new WeakMap<Outline, Map<string, Member>>();

/**
 * The Dynamic Time Series member `DTS(latest)` (e.g. `Q-T-D(Feb)`), typed in an ad hoc grid. One object per
 * outline for each pair, so that grids compare it like any member: named `Q-T-D(Feb)`, in the time dimension,
 * outside its tree (no parent, no children), at the latest period's generation and level, Dynamic Calc (never
 * written), with an ordinal past the dimension's members (it keys grid tuples, never cube storage). A cube
 * reads it as the to-date value ({@link toDateOf}). Undefined when the time dimension does not enable that
 * series or `latest` is not one of its periods.
 */
export function dynamicTimeSeriesMember(outline: Outline, dts: string, latest: Member): Member | undefined {
  const name = dts.toUpperCase();
  const time = latest.dimension;
  if (time.type !== "time" || !time.dynamicTimeSeries.has(name) || toDates.has(latest)) return undefined;
  if (outline.dimension(time.name) !== time) return undefined;
  let members = byOutline.get(outline);
  if (!members) {
    members = new Map();
    byOutline.set(outline, members);
  }
  const key = `${name}|${latest.stored.ordinal}`;
  let m = members.get(key);
  if (!m) {
    m = new Member(
      time.size + members.size,
      { name: `${name}(${latest.stored.name})`, storage: "dynamic-calc" },
      time,
      null,
      "dynamic-calc",
    );
    (m as { generation: number }).generation = latest.generation;
    m.level = latest.level;
    toDates.set(m, { dts: name, latest: latest.stored });
    members.set(key, m);
  }
  return m;
}

/** The series and latest period of a Dynamic Time Series member; undefined for an outline member. */
export function toDateOf(member: Member): ToDate | undefined {
  return toDates.get(member);
}
