import { unknownMemberMessage } from "@qibates/protocols/planning-rest/members";
import { numberOfText } from "../grid/parse.ts";
import type { Dimension, Member } from "../outline.ts";
import { type CellWrite, ChangeSet, type PlanningJournalStep } from "./changes.ts";
import { gridInvalid as invalid, PlanningError } from "./errors.ts";
import { planningWriteBlocker } from "./forms.ts";
import type { PlanTypeStore } from "./plan-types.ts";

/**
 * Planning REST's `importdataslice` over a plan type: a data grid (`pov` members, `columns` one member list per
 * column dimension, `rows` of `headers` and `data`) written cell by cell. A cell the user cannot enter (upper
 * level, Dynamic Calc, label only, an approval lock) or whose value does not fit the cell is rejected with its
 * reason; the others are written (totals follow, as a form entry). Unlike a form save no on-save rule runs.
 */

export interface DataSliceImportRequest {
  cube: string;
  pov: readonly string[];
  columns: readonly (readonly string[])[];
  rows: readonly { headers: readonly string[]; data: readonly (string | number | null)[] }[];
  /** Adds numbers to the values already there; text, date and Smart List cells are then rejected. */
  aggregateEssbaseData?: boolean;
}

export interface RejectedCell {
  memberNames: string[];
  readOnlyReasons: string[];
  otherReasons: string[];
}

export interface DataSliceImportResult {
  numAcceptedCells: number;
  /** Accepted cells whose value changed. */
  numUpdateCells: number;
  numRejectedCells: number;
  rejectedCells: RejectedCell[];
  changes: CellWrite[];
  journal: PlanningJournalStep[];
}

/** A member by name or Default-table alias, Planning's words when it is unknown. */
function memberOf(s: PlanTypeStore, name: unknown, field: string): Member {
  if (typeof name !== "string" || name.trim() === "") {
    throw invalid({ en: "A member name is required.", fr: "un nom de membre est requis." }, field);
  }
  const m = s.outline.resolve(name.trim(), "Default") ?? s.outline.resolve(name.trim(), null);
  if (!m) {
    throw new PlanningError("PLANNING_MEMBER_UNKNOWN", unknownMemberMessage(name.trim()), field, {
      params: { member: name.trim() },
    });
  }
  return m;
}

/** Writes a data grid into a plan type; rejected cells are reported, the others written in one change set. */
export function importDataSlice(s: PlanTypeStore, req: DataSliceImportRequest): DataSliceImportResult {
  if (!Array.isArray(req.pov)) {
    throw invalid(
      { en: "dataGrid.pov must be a list of members.", fr: "dataGrid.pov doit être une liste de membres." },
      "pov",
    );
  }
  if (!Array.isArray(req.columns) || req.columns.length === 0) {
    throw invalid(
      {
        en: "dataGrid.columns must list one member list per column dimension.",
        fr: "dataGrid.columns doit donner une liste de membres par dimension en colonne.",
      },
      "columns",
    );
  }
  if (!Array.isArray(req.rows)) {
    throw invalid({ en: "dataGrid.rows must be a list.", fr: "dataGrid.rows doit être une liste." }, "rows");
  }
  const base = new Map<Dimension, Member>();
  const claim = (m: Member, field: string) => {
    if (base.has(m.dimension) && base.get(m.dimension) !== m) {
      throw invalid(
        {
          en: `Dimension ${m.dimension.name} is named twice in the grid.`,
          fr: `la dimension ${m.dimension.name} est nommée deux fois dans la grille.`,
        },
        field,
      );
    }
  };
  req.pov.forEach((name, i) => {
    const m = memberOf(s, name, `pov[${i}]`);
    claim(m, `pov[${i}]`);
    base.set(m.dimension, m);
  });
  const width = req.columns[0]?.length ?? 0;
  const cols: Member[][] = [];
  for (let c = 0; c < width; c++) {
    cols.push(
      req.columns.map((list, h) => {
        if (!Array.isArray(list) || list.length !== width) {
          throw invalid(
            {
              en: "Every column member list must be as long as the first.",
              fr: "chaque liste de membres des colonnes doit être aussi longue que la première.",
            },
            `columns[${h}]`,
          );
        }
        return memberOf(s, list[c], `columns[${h}][${c}]`);
      }),
    );
  }
  const changes = new ChangeSet();
  const rejected: RejectedCell[] = [];
  let accepted = 0;
  let updated = 0;
  try {
    req.rows.forEach((row, r) => {
      if (!row || !Array.isArray(row.headers) || !Array.isArray(row.data)) {
        throw invalid(
          { en: "A row needs headers and data.", fr: "une ligne doit avoir headers et data." },
          `rows[${r}]`,
        );
      }
      const headers = (row.headers as readonly string[]).map((h, i) =>
        memberOf(s, h, `rows[${r}].headers[${i}]`),
      );
      for (const [c, raw] of (row.data as readonly (string | number | null)[]).entries()) {
        const col = cols[c];
        if (!col) {
          throw invalid(
            {
              en: `Row ${r} has more data than there are columns.`,
              fr: `la ligne ${r} a plus de données que de colonnes.`,
            },
            `rows[${r}].data`,
          );
        }
        if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) continue;
        const at = new Map(base);
        for (const m of [...headers, ...col]) at.set(m.dimension, m);
        const tuple = s.outline.baseDimensions.map((d) => at.get(d) ?? s.defaults.get(d) ?? d.root);
        const names = tuple.map((m) => m.name);
        const reject = (readOnly: string[], other: string[]): void => {
          rejected.push({ memberNames: names, readOnlyReasons: readOnly, otherReasons: other });
        };
        const blocker = planningWriteBlocker(s.data, tuple);
        if (blocker) {
          reject([blocker], []);
          continue;
        }
        const lock = s.locks.find((l) =>
          [...l.members].every(([d, set]) => set.has((at.get(d) ?? s.defaults.get(d) ?? d.root).stored)),
        );
        if (lock) {
          reject([lock.reason], []);
          continue;
        }
        const text = String(raw).trim();
        const isMissing = text.toLowerCase() === "#missing";
        if (tuple.some((m) => s.textMembers.has(m.stored))) {
          if (req.aggregateEssbaseData) {
            reject([], ["Text cells cannot be aggregated."]);
            continue;
          }
          accepted++;
          if (changes.writeText(s, tuple, isMissing ? "" : String(raw))) updated++;
          continue;
        }
        let smartList = null;
        for (const m of tuple) smartList ??= s.smartLists.get(m.stored) ?? null;
        let value: number | null;
        if (isMissing) value = null;
        else if (smartList) {
          if (req.aggregateEssbaseData) {
            reject([], ["Smart List cells cannot be aggregated."]);
            continue;
          }
          const i = smartList.entries.findIndex((e) => e.toLowerCase() === text.toLowerCase());
          const n = i >= 0 ? i + 1 : Number(text);
          if (!Number.isInteger(n) || n < 1 || n > smartList.entries.length) {
            reject([], [`"${text}" is not an entry of Smart List ${smartList.name}.`]);
            continue;
          }
          value = n;
        } else {
          const n = typeof raw === "number" ? raw : numberOfText(text);
          if (!Number.isFinite(n)) {
            reject([], [`"${text}" is not a number.`]);
            continue;
          }
          if (req.aggregateEssbaseData) {
            const now = s.data.read(tuple);
            value = (typeof now === "number" ? now : 0) + n;
          } else value = n;
        }
        accepted++;
        if (changes.writeValue(s, tuple, value)) updated++;
      }
    });
  } catch (e) {
    changes.rollback();
    throw e;
  }
  return {
    numAcceptedCells: accepted,
    numUpdateCells: updated,
    numRejectedCells: rejected.length,
    rejectedCells: rejected,
    changes: changes.writes(),
    journal: changes.journal(),
  };
}
