import {
  DATA_ENTRY_THRESHOLD,
  DISPLAY_MEMBER_AS,
  type DisplayMemberAs,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
} from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { callerOf, HttpError, type PlanningContext } from "../context.ts";
import { formData, formDataCells, formDefinition, formId } from "../forms.ts";

const v = `/${PLANNING_REST_VERSION}`;

interface FoundForm {
  formName: string;
  folder: string;
  type: string;
  cube: string;
  description: string;
}

/** Page dimensions: POV dimensions the form lets the user choose among several members. */
function pageDimensions(form: { povChoices: Record<string, string[]> }): string[] {
  return Object.entries(form.povChoices)
    .filter(([, members]) => members.length > 1)
    .map(([d]) => d);
}

/**
 * Export Form Data (`GET …/forms/{idorname}/data`) and the form definition (`GET …/formdefinitions/{idorname}`)
 * of a simple form opened through the provider. `exportFormData` false refuses Export Form Data as a
 * deployment without AI Studio would.
 */
export function formRoutes(
  scope: FastifyInstance,
  ctx: PlanningContext,
  o: { exportFormData: boolean; maxFormCells: number },
): void {
  const ops = ctx.planning;

  /** A form by name (any folder, any case) or by its id, walking the form folders from `/Forms`. */
  async function findForm(
    session: ProviderSession,
    ref: ApplicationRef,
    idOrName: string,
  ): Promise<FoundForm> {
    const wanted = idOrName.toLowerCase();
    const queue = ["/Forms"];
    const seen = new Set<string>();
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (seen.has(folder) || seen.size > 500) continue;
      seen.add(folder);
      const list = await ops.listForms(session, ref, folder);
      const hit = list.forms.find(
        (f) => f.formName.toLowerCase() === wanted || formId(f.folder, f.formName) === wanted,
      );
      if (hit) return { ...hit, description: hit.description ?? "" } as FoundForm;
      queue.push(...list.folders);
    }
    throw new HttpError(404, `Form ${idOrName} does not exist.`);
  }

  const openSimple = (
    session: ProviderSession,
    ref: ApplicationRef,
    found: FoundForm,
    pov: Record<string, string>,
  ) =>
    ops.openForm(session, ref, {
      folder: found.folder,
      formName: found.formName,
      type: "regular",
      preferences: { missingRowSuppression: false, missingColSuppression: false, missingLabel: "" },
      pov,
    });

  /** Member name (any case) → its dimension, over the plan type's dimensions (read once per plan type). */
  const dimensionIndexes = new Map<string, Promise<Map<string, string>>>();
  async function dimensionIndex(session: ProviderSession, ref: ApplicationRef, cube: string) {
    const key = `${ref.application}\n${cube}`.toLowerCase();
    let index = dimensionIndexes.get(key);
    if (!index) {
      index = (async () => {
        const map = new Map<string, string>();
        for (const dim of await ops.planTypeDimensions(session, ref, cube)) {
          const list = await ops.members(session, ref, { cube, dim, filter: "Hierarchy", arg: null });
          for (const m of list.members)
            if (!map.has(m.name.toLowerCase())) map.set(m.name.toLowerCase(), dim);
        }
        return map;
      })();
      dimensionIndexes.set(key, index);
      index.catch(() => dimensionIndexes.delete(key));
    }
    const map = await index;
    return (member: string) => map.get(member.toLowerCase()) ?? null;
  }

  scope.get<{ Params: { app: string; form: string }; Querystring: Record<string, string | string[]> }>(
    `${v}${PLANNING_PATHS.formData}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      if (!o.exportFormData) {
        throw new HttpError(
          400,
          "Export Form Data requires an Oracle Fusion Cloud deployment with AI Studio.",
        );
      }
      const found = await findForm(session, ref, request.params.form);
      if (found.type === "composite") {
        throw new HttpError(
          400,
          `Form ${found.formName} is a composite form: export the data of its simple forms.`,
        );
      }
      const q = request.query;
      const one = (k: string) => (Array.isArray(q[k]) ? q[k][0] : q[k]);
      const as = (one("displayMemberAs") ?? "MEMBER_NAME").toUpperCase();
      if (!DISPLAY_MEMBER_AS.includes(as as DisplayMemberAs)) {
        throw new HttpError(400, `displayMemberAs must be one of ${DISPLAY_MEMBER_AS.join(", ")}.`);
      }
      const fieldsParam = one("fields");
      const fields =
        fieldsParam === undefined || fieldsParam === ""
          ? null
          : new Set(fieldsParam.split(",").map((f) => f.trim()));
      // Page members: `pageMbrList` (Oracle's table; comma-separated here) or repeated `page` (its example URL).
      const pages = [q.pageMbrList, q.page]
        .flatMap((x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]))
        .flatMap((x) => x.split(","))
        .map((x) => x.trim())
        .filter((x) => x !== "");
      const first = await openSimple(session, ref, found, {});
      const pageDims = pageDimensions(first);
      const pov: Record<string, string> = {};
      for (const name of pages) {
        const dim = pageDims.find((d) =>
          (first.povChoices[d] ?? []).some((m) => m.toLowerCase() === name.toLowerCase()),
        );
        if (!dim) throw new HttpError(400, `${name} is not a page member of form ${found.formName}.`);
        pov[dim] = name;
      }
      const form = pages.length > 0 ? await openSimple(session, ref, found, pov) : first;
      // A form past the data-entry threshold is refused as Planning refuses it, its data cells counted as a
      // data slice's are (headers left out).
      if (formDataCells(form) > o.maxFormCells) throw new HttpError(400, DATA_ENTRY_THRESHOLD);
      const dimensionOf = await dimensionIndex(session, ref, form.cube);
      return formData(form, {
        displayMemberAs: as as DisplayMemberAs,
        delimiter: one("memberAliasDelimiter") ?? ":",
        fields,
        dimensionOf,
        pageDims,
      });
    },
  );

  scope.get<{ Params: { app: string; form: string } }>(
    `${v}${PLANNING_PATHS.formDefinition}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      const found = await findForm(session, ref, request.params.form);
      if (found.type === "composite") {
        throw new HttpError(
          400,
          `Form ${found.formName} is a composite form: only simple forms have a definition here.`,
        );
      }
      const form = await openSimple(session, ref, found, {});
      const rules = await ops.listOnSaveRules(session, ref, {
        folder: found.folder,
        formName: found.formName,
      });
      return formDefinition(
        form,
        found,
        rules.rules.map((r) => r.ruleName),
        { dimensionOf: await dimensionIndex(session, ref, form.cube), pageDims: pageDimensions(form) },
      );
    },
  );
}
