import type { CellValue } from "../data-source.ts";
import type { Dimension, Member } from "../outline.ts";
import { combine, OP_PLUS, TB_NONE, tbCode, timeBalance } from "./arithmetic.ts";
import type { CubeCells } from "./cells.ts";
import { CubeError } from "./cube-error.ts";

/**
 * A Dynamic Time Series value such as `Q-T-D(May)`: the to-date consolidation of the periods from the start
 * of the DTS generation's ancestor up to `latest`, honouring time balance of the account.
 */
export function readToDate(
  cube: CubeCells,
  tuple: readonly Member[],
  dts: string,
  latest: Member,
): CellValue {
  cube.flush();
  if (cube.timeDim < 0) throw new CubeError("The outline has no time dimension");
  const time = cube.dims[cube.timeDim] as Dimension;
  const gen = time.dynamicTimeSeries.get(dts.toUpperCase());
  if (gen === undefined) throw new CubeError(`Dynamic Time Series ${dts} is not enabled`);
  if (latest.dimension !== time) throw new CubeError(`"${latest.name}" is not a time period`);
  let anc: Member | null = latest;
  while (anc && anc.generation > gen) anc = anc.parent;
  if (!anc) return null;
  const periods = [anc, ...anc.descendants()].filter((x) => x.level === latest.level && !x.isShared);
  const upto = periods.slice(0, periods.indexOf(latest) + 1);
  const coords = cube.coordsOf(tuple);
  const acct =
    cube.accountsDim >= 0 ? cube.member(cube.accountsDim, coords[cube.accountsDim] as number) : null;
  const vals = upto.map((p) => {
    coords[cube.timeDim] = p.ordinal;
    return cube.valueAt(coords);
  });
  const tb = acct && acct.timeBalance !== "none" ? tbCode(acct.timeBalance) : TB_NONE;
  const v =
    tb === TB_NONE
      ? vals.reduce((a, b) => combine(a, b, OP_PLUS), Number.NaN)
      : timeBalance(vals, tb, acct?.timeBalanceSkip ?? "none");
  return !Number.isNaN(v) ? v : null;
}
