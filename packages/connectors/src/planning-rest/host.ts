import type { Outline } from "@qibates/engine";
import type { MemberAsReceived as RestMember } from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession } from "@qibates/provider";
import type { OutlineCache } from "../remote/outline-cache.ts";
import type { PlanningRestClient } from "./client.ts";
import type { MemberCache } from "./member-cache.ts";
import type { RuleJobHost } from "./rule-jobs.ts";

/** What one signed-in Planning REST session holds: its client and what it has read of the application. */
export interface UpstreamSession {
  client: PlanningRestClient;
  /** Dimension trees as read (`root`) and as an engine outline, per `app\ndim` (lower case). */
  dimensions: OutlineCache<{ root: RestMember; outline: Outline }>;
  /** The members forms showed, read one by one, per `app\ndim\nmember` (lower case). */
  members: MemberCache;
  /**
   * Whether the server refused a member read for another reason than an unknown member (Get Member is the
   * Service Administrator's): forms then read the dimensions whole, as before, without asking again.
   */
  memberReadsRefused: boolean;
}

/** A dimension as the server gave it (`root`) and as an engine outline. */
export interface DimensionRead {
  root: RestMember;
  outline: Outline;
}

/**
 * What the Planning operations (forms, members, rules) read through the provider: a session's upstream state
 * and the application's plan types and dimensions, read and kept as the provider's cube side reads them
 * (`provider.ts`).
 */
export interface PlanningRestHost extends RuleJobHost {
  upstream(session: ProviderSession): UpstreamSession;
  /** The application's name as the server spells it, or `APPLICATION_UNKNOWN`. */
  application(session: ProviderSession, ref: ApplicationRef): Promise<string>;
  /** The application's plan types. */
  cubes(session: ProviderSession, ref: ApplicationRef): Promise<PlanTypeList>;
  /** {@link cubes} of the application `app`, its name as the server spells it (read already). */
  cubesOf(session: ProviderSession, ref: ApplicationRef, app: string): Promise<PlanTypeList>;
  /** A dimension read by the member read of its root, Default aliases. */
  dimension(session: ProviderSession, app: string, dim: string): Promise<DimensionRead>;
  /** A dimension with one alias table's aliases, on the plan type named, else the first that has it. */
  hierarchy(
    session: ProviderSession,
    ref: ApplicationRef,
    app: string,
    dim: string,
    table: string,
    cube?: string,
  ): Promise<DimensionRead>;
  /** Get Dimension Details of one plan type. */
  details(
    session: ProviderSession,
    app: string,
    cube: string,
    dim: string,
    table: string,
  ): Promise<DimensionRead>;
  /** A plan type's substitution variables. */
  variables(session: ProviderSession, app: string, cube: string): Promise<{ name: string; value: string }[]>;
}

/** An application's plan types, as the provider contract lists a server's cubes. */
export interface PlanTypeList {
  server: string;
  application: string;
  cubes: { name: string }[];
}
