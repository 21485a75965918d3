import {
  DEFAULT_ALIAS_TABLE,
  DIMENSION_DETAILS_FIELDS,
  type DimensionNode,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  unknownMemberMessage,
} from "@qibates/protocols/planning-rest";
import { ProviderError } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { callerOf, HttpError, type PlanningContext } from "../context.ts";
import { formId } from "../forms.ts";
import { type MemberNode, memberAnswer, memberTree } from "../members.ts";

const v = `/${PLANNING_REST_VERSION}`;

/** A dimension's hierarchy (Get Dimension Details) and a member with its descendants (the member read). */
export function dimensionRoutes(scope: FastifyInstance, ctx: PlanningContext): void {
  // Get Dimension Details (26.04): the whole hierarchy, `children` nested (leaves without), the alias of
  // the table asked (`aliasTableName`, default Default), the fields asked (default all).
  scope.get<{
    Params: { app: string; pt: string; dim: string };
    Querystring: { fields?: string; aliasTableName?: string };
  }>(`${v}${PLANNING_PATHS.dimension}`, async (request) => {
    const { session } = callerOf(request);
    const ref = await ctx.appRef(session, request.params.app);
    const cube = await ctx.planTypeOf(session, ref, request.params.pt);
    const dims = await ctx.planning.planTypeDimensions(session, ref, cube);
    const dim = dims.find((d) => d.toLowerCase() === request.params.dim.toLowerCase());
    if (!dim)
      throw new HttpError(400, `Dimension ${request.params.dim} does not exist in plan type ${cube}.`);
    const table = request.query.aliasTableName ?? DEFAULT_ALIAS_TABLE;
    const list = await ctx.planning
      .members(session, ref, { cube, dim, filter: "Hierarchy", arg: null, aliasTable: table })
      .catch((e: unknown) => {
        if (e instanceof ProviderError && /alias/i.test(e.code)) {
          throw new HttpError(400, `Alias table ${table} does not exist.`);
        }
        throw e;
      });
    const tree = memberTree(list.members);
    const fields = new Set(
      (request.query.fields ?? DIMENSION_DETAILS_FIELDS).split(",").map((f) => f.trim()),
    );
    const node = (n: MemberNode, path: string): DimensionNode => {
      const here = path === "" ? n.name : `${path}/${n.name}`;
      const out: DimensionNode = {};
      if (fields.has("name")) out.name = n.name;
      if (fields.has("path")) out.path = here;
      if (fields.has("id")) out.id = formId(dim, n.name);
      if (fields.has("alias") && n.alias !== null) out.alias = n.alias;
      if (fields.has("children") && n.children.length > 0)
        out.children = n.children.map((c) => node(c, here));
      return out;
    };
    return node(tree, "");
  });

  scope.get<{ Params: { app: string; dim: string; member: string } }>(
    `${v}${PLANNING_PATHS.member}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      const { tree, byName, properties } = await ctx.dimensionMembers(session, ref, request.params.dim);
      const node = byName.get(request.params.member.toLowerCase());
      if (!node) throw new HttpError(400, unknownMemberMessage(request.params.member));
      return memberAnswer(node, tree.name, properties);
    },
  );
}
