import type { operations } from "@qibates/client/schema";
import { limitAddress } from "@qibates/protocols/ip";
import type { GridAnswer, CallContext as ProviderCall, SliceScheduler } from "@qibates/provider";
import { answerValue, gridSize, isGridAnswer } from "@qibates/provider";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formatsPlugin from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answerBody } from "./answer-slices.ts";
import { ApiError } from "./api-error.ts";
import { bodyLimitOf, REQUEST_ENCODINGS } from "./body-limits.ts";
import { hasCallDeadline, unboundedCall, withDeadline } from "./call-deadline.ts";
import { holdConnection } from "./connection-hold.ts";
import { CONTRACT_SCHEMA_ID, type Contract, type JsonObject, type Operation } from "./contract-operations.ts";
import { ENCODING_ADVICE, quoted } from "./framework-errors.ts";
import { jsonSteps } from "./json-steps.ts";
import { hashKey, isAdministrator, presentedKey, type VerifiedKey } from "./keys.ts";
import {
  asyncPreference,
  type OperationName,
  type OperationOutcome,
  type OperationOwner,
  operationError,
  retryAfterSeconds,
} from "./long-operations.ts";
import { CHOOSER_HEADERS } from "./oauth/chooser.ts";
import { keyPageRefusal, keyPageRefusalPage, prefersHtml } from "./oauth/key-page-refusals.ts";
import type { Connector } from "./provider-address.ts";
import { requestLocale } from "./request-locale.ts";
import type { Services } from "./services.ts";
import { SessionCalls } from "./session-provider.ts";
import { BODY_REASONS, explainValidation, type RefResolver } from "./validation-reasons.ts";

/** The operations of the contract, by `operationId` (types generated from `openapi/qibates.yaml`). */
export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { "application/json": infer B } } ? B : never;

/** The JSON request body of an operation, as the contract describes it (after defaults are applied). */
export type RequestBody<Id extends OperationId> = operations[Id] extends { requestBody: infer R }
  ? JsonContent<R>
  : operations[Id] extends { requestBody?: infer R }
    ? JsonContent<NonNullable<R>>
    : Record<string, never>;

type SuccessOf<R> = { [S in keyof R]: S extends 200 | 201 ? JsonContent<R[S]> : never }[keyof R];

/** What an operation answers with success: its 200/201 JSON body (`unknown` for HTML and redirects). */
export type Answer<Id extends OperationId> = [SuccessOf<operations[Id]["responses"]>] extends [never]
  ? unknown
  : SuccessOf<operations[Id]["responses"]>;

/** What a handler receives: the validated input and what authentication established. */
export interface CallContext<Id extends OperationId = OperationId> {
  operation: Operation;
  request: FastifyRequest;
  reply: FastifyReply;
  body: RequestBody<Id>;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The API key's owner (operations secured by `qibateskey`). */
  key: VerifiedKey | null;
  /** The `connector` header, checked against the operation's accepted values. */
  connector: Connector | null;
  services: Services;
  /** The sessions the call uses, kept from idling out until it ends (`requireSession`). */
  sessionCalls: SessionCalls;
  /** What the call hands the provider with its session (its deadline, its signal): `ProviderSession.call`. */
  call: ProviderCall;
  /** Told when the handler hands its long step to the provider (`longCall`), for `Prefer: respond-async`. */
  handOver(): void;
}

/**
 * A handler answers its operation's success body (a grid call's as the provider returned it: the object, or the
 * JSON a grid worker wrote, `GridAnswer`), or sends the reply itself (redirects, HTML).
 */
export type Handler<Id extends OperationId = OperationId> = (
  ctx: CallContext<Id>,
) => Promise<Answer<Id> | GridAnswer<Answer<Id>> | FastifyReply>;

/** The caller's key; `registerApi` has already refused a call without one for operations that need it. */
export function callerKey(ctx: { key: VerifiedKey | null }): VerifiedKey {
  if (!ctx.key) throw new ApiError("QB_ERR_AUTH_KEY_MISSING", {}, "qibateskey");
  return ctx.key;
}
/** One handler per operation of the contract: a handler whose input or answer breaks it fails the typecheck. */
export type Handlers = { [Id in OperationId]: Handler<Id> };

/** A contract's validator and the schemas it has compiled, by their JSON text. */
interface Validator {
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

/**
 * One validator a contract document for the whole process: compiling the contract's schemas is most of the cost
 * of building an app (about half of `buildApp`'s CPU), and a compiled schema depends on nothing but its text and
 * the options below. A process serves one app; tests and tools build many, each then compiles nothing again.
 */
const validators = new WeakMap<JsonObject, Validator>();

function validatorOf(contract: Contract): Validator {
  let v = validators.get(contract.document);
  if (!v) {
    v = { ajv: createValidator(contract), compiled: new Map() };
    validators.set(contract.document, v);
  }
  return v;
}

function createValidator(contract: Contract): Ajv2020 {
  // `verbose`: an error carries its schema, so that an unknown property's refusal can list the known ones.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: false,
    useDefaults: true,
    verbose: true,
  });
  // ajv-formats is CommonJS: its default export arrives wrapped under NodeNext.
  const mod = formatsPlugin as unknown as { default?: (a: Ajv2020) => void };
  const addFormats = (mod.default ?? formatsPlugin) as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addSchema({ ...contract.document, $id: CONTRACT_SCHEMA_ID });
  return ajv;
}

/** `settings.zoomInMode`, or the request's top-level field, for an AJV error. */
export function errorField(e: ErrorObject): string | undefined {
  const base = e.instancePath
    .split("/")
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : p))
    .join(".")
    .replace(/\.\[/g, "[");
  const extra =
    e.keyword === "required"
      ? (e.params as { missingProperty: string }).missingProperty
      : e.keyword === "additionalProperties"
        ? (e.params as { additionalProperty: string }).additionalProperty
        : undefined;
  const field = [base, extra].filter((s) => s).join(".");
  return field || undefined;
}

/**
 * The refusal of a property its object does not list (`additionalProperties: false`, as `settings` has): the
 * message names the object and the property, and lists the properties the object takes; `field` is the property.
 */
function unknownPropertyError(e: ErrorObject, field: string): ApiError {
  const property = (e.params as { additionalProperty: string }).additionalProperty;
  const name = quoted(property);
  const known = Object.keys((e.parentSchema?.properties as object | undefined) ?? {}).join(", ");
  // `settings.zoomMode` → `settings` (the property's own name may hold dots).
  const object = field.slice(0, Math.max(0, field.length - property.length - 1)) || "body";
  const reason =
    object === "settings"
      ? {
          en: `unknown setting "${name}"; the settings are ${known}`,
          fr: `option inconnue «\u00a0${name}\u00a0»\u202f; les options sont ${known}`,
        }
      : {
          en: `unknown property "${name}"; the properties are ${known}`,
          fr: `propriété inconnue «\u00a0${name}\u00a0»\u202f; les propriétés sont ${known}`,
        };
  return new ApiError("QB_ERR_VALIDATION", { field: object, reason }, field);
}

/**
 * A key page refusal answered to a browser: the page a person reads, with the status and the sentence of the JSON
 * error and the provider choice page's headers (no caching, no framing, no script).
 */
function keyPageRefused(refusal: ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const accept = request.headers["accept-language"];
  return reply
    .code(refusal.status)
    .headers(CHOOSER_HEADERS)
    .send(keyPageRefusalPage(refusal, Array.isArray(accept) ? accept[0] : accept));
}

/** Refuses a request the contract's schemas refused, with the reason in English and French (validation-reasons.ts). */
function validationError(
  where: string,
  errors: ErrorObject[] | null | undefined,
  resolve: RefResolver,
): ApiError {
  const explained = explainValidation(errors ?? [], resolve);
  if (!explained)
    return new ApiError("QB_ERR_VALIDATION", { field: where, reason: BODY_REASONS.unexplained });
  const { error: e, reason } = explained;
  const field = errorField(e);
  if (e.keyword === "additionalProperties" && field) return unknownPropertyError(e, field);
  return new ApiError("QB_ERR_VALIDATION", { field: field ?? where, reason }, field ?? null);
}

/** The schema a `$ref` of the contract names (`qibates#/components/schemas/Range` or `#/components/…`). */
function refResolver(document: JsonObject): RefResolver {
  return (ref) => {
    const pointer = ref.slice(ref.indexOf("#") + 1);
    let node: unknown = document;
    for (const part of pointer.split("/").slice(1)) {
      const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
      node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }
    return node && typeof node === "object" ? (node as Record<string, unknown>) : undefined;
  };
}

/** True when the request announces a body (a length other than 0, or a chunked body). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

/**
 * The body's encoding and type, checked from the headers before a byte of the body is read: compressed bodies
 * only on grid calls (gzip, deflate or br), JSON only.
 */
function checkBodyHeaders(request: FastifyRequest, op: Operation): void {
  if (!announcesBody(request)) return;
  const rawEncoding = request.headers["content-encoding"];
  const encoding = (Array.isArray(rawEncoding) ? rawEncoding[0] : rawEncoding)?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    const accepted = op.carriesGrid && (REQUEST_ENCODINGS as readonly string[]).includes(encoding);
    if (!accepted) {
      throw new ApiError("QB_ERR_CONTENT_ENCODING", {
        encoding: quoted(rawEncoding),
        accepted: op.carriesGrid ? ENCODING_ADVICE.grid : ENCODING_ADVICE.none,
      });
    }
  }
  if (op.requestBodySchema) {
    const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      throw new ApiError("QB_ERR_MEDIA_TYPE", { contentType: quoted(request.headers["content-type"]) });
    }
  }
}

/** A grid answer of fewer cells is serialised at once: it takes well under a millisecond. */
const SLICED_ANSWER_CELLS = 10_000;

/**
 * A grid answer as JSON text: at once when small (no garbage of a serialisation in steps), else in slices
 * between other calls (`json-steps.ts`). The same text either way.
 */
function serialised(answer: object, scheduler: SliceScheduler): string | Promise<string> {
  const grid = (answer as { grid?: unknown }).grid;
  const size = Array.isArray(grid) ? gridSize(grid) : { rows: 0, columns: 0 };
  return size.rows * size.columns < SLICED_ANSWER_CELLS
    ? JSON.stringify(answer)
    : scheduler.run({ start: () => jsonSteps(answer) });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether `call` settles within `ms` (its outcome is then read by awaiting it). */
function settlesWithin(call: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settled = () => {
      clearTimeout(timer);
      resolve(true);
    };
    call.then(settled, settled);
  });
}

/**
 * Whether a call still running after the caller's wait ends as soon as it hands its long step to the provider:
 * a job the provider's queue refuses (past QIBATES_JOBS_PER_USER or QIBATES_JOBS_TOTAL) is answered 429 with
 * `Retry-After` at once, as without `respond-async`, never stored as an operation that reads failed. The wait may
 * run out before the handler reaches the provider (its session read from Redis under load, with `wait=0`).
 */
async function settlesOnceHandedOver(call: Promise<unknown>, handedOver: Promise<void>): Promise<boolean> {
  const settled = call.then(
    () => true,
    () => true,
  );
  if (await Promise.race([settled, handedOver.then(() => false)])) return true;
  // The refusal is a rejected promise already: it reaches `call` within this turn of the event loop.
  return settlesWithin(call, 0);
}

/**
 * What a call answers, kept in its operation: the success body exactly as the synchronous call sends it, or the
 * status and error body it answers (an internal fault logged, never shown).
 */
async function outcomeOf(call: Promise<unknown>, request: FastifyRequest): Promise<OperationOutcome> {
  try {
    const result = await call;
    return { status: "succeeded", result: isGridAnswer(result) ? answerValue(result) : result };
  } catch (e) {
    if (e instanceof ApiError) {
      return { status: "failed", error: operationError(e, requestLocale(request), request.id) };
    }
    request.log.error({ err: e }, "internal error");
    return { status: "failed", error: operationError(new ApiError("QB_ERR_INTERNAL"), "en", request.id) };
  }
}

/**
 * Whose operations a call is counted with against OPERATIONS_PER_KEY: its key's; with the public demo key, those of
 * its client address (an IPv6 client's /64 network), as the key's rate limit counts them.
 */
export function operationOwner(key: VerifiedKey, request: FastifyRequest): OperationOwner {
  return { keyId: key.id, visitor: key.owner.provider === "demo" ? limitAddress(request.ip) : null };
}

/** Whether the request's `Origin` names the host it was sent to (browsers send `Origin` on every change). */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (typeof origin !== "string" || origin === "null" || !host) return false;
  try {
    const url = new URL(origin);
    const bare = (h: string) => h.toLowerCase().replace(/:(?:80|443)$/, "");
    return bare(url.host) === bare(host);
  } catch {
    return false;
  }
}

/**
 * Registers one route per operation of the contract. Key, connector and schema checks run before the
 * handler, in that order, so a client learns first what it can least guess. The key is checked when the
 * request arrives, before its body is read: a call with a bad key costs no decompression and no parsing, and
 * is counted by the rate limiter against its address (a verified key is counted against the key).
 */
export function registerApi(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  services: Services,
): void {
  const { ajv, compiled } = validatorOf(contract);
  const resolve = refResolver(contract.document);
  /**
   * A schema's validator, compiled when a call first needs it (null: no schema): a server starts without compiling
   * the schemas of calls it is not sent, and a process compiles each schema once (`validatorOf`).
   */
  const compiler = (schema: JsonObject | null): (() => ValidateFunction) | null => {
    if (!schema) return null;
    let fn: ValidateFunction | undefined;
    return () => {
      if (fn) return fn;
      const text = JSON.stringify(schema);
      fn = compiled.get(text);
      if (!fn) {
        fn = ajv.compile(schema);
        compiled.set(text, fn);
      }
      return fn;
    };
  };
  const validateResponses = services.validateResponses;
  app.decorateRequest("qibatesKey", null);
  app.decorateRequest("qibatesLimitKey", null);
  // The rate limiter, run by the key check below rather than as a hook of its own.
  const limit = app.hasDecorator("rateLimit") ? app.rateLimit() : null;

  for (const op of contract.operations) {
    const handler = handlers[op.operationId as OperationId] as Handler | undefined;
    if (!handler) throw new Error(`no handler for contract operation ${op.operationId}`);
    // One deadline for the whole call (call-deadline.ts), every round it makes to the provider's server.
    const deadline = hasCallDeadline(op);
    const bodyValidator = compiler(op.requestBodySchema);
    const paramsValidator = compiler(op.pathSchema);
    const queryValidator = compiler(op.querySchema);
    const responseValidators = new Map<number, () => ValidateFunction>();
    if (validateResponses) {
      for (const [status, schema] of Object.entries(op.responses)) {
        const v = compiler(schema);
        if (v && /^\d+$/.test(status)) responseValidators.set(Number(status), v);
      }
    }

    /**
     * An administrators' operation answers anyone else as a path the API does not have (`QB_ERR_NOT_FOUND`, as
     * the server answers an unknown path), before its parameters are read: the answer says nothing of the
     * operation, nor of the key or the event it names.
     */
    const admitted = (request: FastifyRequest, key: VerifiedKey): VerifiedKey => {
      if (op.administratorsOnly && !isAdministrator(services.config, key)) {
        throw new ApiError("QB_ERR_NOT_FOUND", {
          method: request.method,
          path: request.url.split("?")[0] ?? "",
        });
      }
      return key;
    };
    /** Key, then connector: what a client can least guess comes first. */
    const authenticate = async (request: FastifyRequest): Promise<VerifiedKey | null> => {
      if (!op.needsKey) return null;
      const given = presentedKey(request);
      if (given) {
        const key = await services.keys.verify(given.key, given.hash);
        if (!key) throw new ApiError("QB_ERR_AUTH_KEY_INVALID", {}, "qibateskey");
        return admitted(request, key);
      }
      // A cookie rides along with any request the browser sends, so a change is accepted with it only from this
      // site's own pages (another site's page could otherwise delete a key; SameSite=Lax covers other sites,
      // not a sibling sub-domain).
      const cookieAllowed =
        op.acceptsSessionCookie &&
        services.browserSessionOwner &&
        (SAFE_METHODS.has(request.method) || sameOrigin(request));
      const fromCookie = cookieAllowed ? await services.browserSessionOwner?.(request) : null;
      if (!fromCookie) throw new ApiError("QB_ERR_AUTH_KEY_MISSING", {}, "qibateskey");
      return admitted(request, fromCookie);
    };
    const checkConnector = (request: FastifyRequest): Connector | null => {
      if (!op.connectors) return null;
      const raw = request.headers.connector;
      const given = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!given || !services.connectors.has(given)) {
        throw new ApiError(
          "QB_ERR_CONNECTOR_INVALID",
          { accepted: services.connectors.names.join(", ") },
          "connector",
        );
      }
      if (!op.connectors.includes(given)) {
        throw new ApiError(
          "QB_ERR_CONNECTOR_FAMILY",
          { accepted: op.connectors.join(", "), connector: given },
          "connector",
        );
      }
      return given;
    };

    /**
     * When the request arrives: the key (or session cookie) is verified, the call counted against the
     * verified key or else the client's address, and only then is a bad key refused; the body's headers are
     * checked before it is read.
     */
    const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      let refused: unknown = null;
      try {
        const key = await authenticate(request);
        request.qibatesKey = key;
        if (key) {
          const hash = request.qibatesKeyHash ?? hashKey(`owner:${key.ownerId}`);
          // The public demo key is everyone's: each client address has the budget of a key of its own, so that
          // one visitor's loop does not make every other visitor's calls 429.
          const shared = key.owner.provider === "demo" ? `:ip:${limitAddress(request.ip)}` : "";
          request.qibatesLimitKey = `key:${hash.slice(0, 32)}${shared}`;
        }
      } catch (e) {
        refused = e;
      }
      if (limit) await limit.call(app, request, reply);
      if (refused) {
        // The body is never read: close the connection rather than drain it.
        if (announcesBody(request)) reply.header("connection", "close");
        throw refused;
      }
      checkBodyHeaders(request, op);
    };

    app.route({
      method: op.method,
      url: op.routePath,
      bodyLimit: bodyLimitOf(services.config, op.carriesGrid),
      ...(op.needsKey
        ? {
            onRequest: admit,
            // Counted by `admit`; grid calls may be compressed, and are decompressed after the key check.
            config: { rateLimit: false },
            ...(op.carriesGrid ? { decompress: { requestEncodings: [...REQUEST_ENCODINGS] } } : {}),
          }
        : {}),
      // One handler and, for calls with a key, one hook: each hook costs a promise turn on every call
      // (bench/api-server.ts). The body is validated against the contract below (Ajv 2020-12), not by
      // Fastify's own validator.
      handler: async (request, reply) => {
        const key = op.needsKey ? request.qibatesKey : null;
        const connector = checkConnector(request);
        const params = (request.params ?? {}) as Record<string, string>;
        const query = (request.query ?? {}) as Record<string, string>;
        const validateParams = paramsValidator?.();
        if (validateParams && !validateParams(params)) {
          const refusal = keyPageRefusal(op.operationId, "path", params, query);
          if (refusal && prefersHtml(request.headers.accept)) return keyPageRefused(refusal, request, reply);
          throw refusal ?? validationError("path", validateParams.errors, resolve);
        }
        const validateQuery = queryValidator?.();
        if (validateQuery && !validateQuery(query)) {
          const refusal = keyPageRefusal(op.operationId, "query", params, query);
          if (refusal && prefersHtml(request.headers.accept)) return keyPageRefused(refusal, request, reply);
          throw refusal ?? validationError("query", validateQuery.errors, resolve);
        }
        let body = request.body as Record<string, unknown> | undefined;
        const validateBody = bodyValidator?.();
        if (validateBody) {
          if (body === undefined || body === null) {
            if (op.requestBodyRequired)
              throw new ApiError("QB_ERR_VALIDATION", { field: "body", reason: BODY_REASONS.missing });
            body = {};
          }
          if (typeof body !== "object" || Array.isArray(body)) {
            throw new ApiError("QB_ERR_VALIDATION", { field: "body", reason: BODY_REASONS.notObject });
          }
          // A grid left as text by the JSON parser (`request.qibatesGrid`) was checked against the contract's grid
          // there (json-scan.ts' scanJsonBody): the rest of the body is checked with the empty grid in its place.
          if (!validateBody(body)) throw validationError("request body", validateBody.errors, resolve);
        }
        const sessionCalls = new SessionCalls();
        // Told when the handler hands its long step to the provider (`longCall`), for `Prefer: respond-async`.
        let handOver = () => {};
        const handedOver = new Promise<void>((resolve) => {
          handOver = resolve;
        });
        const run = (call: ProviderCall) =>
          handler({
            operation: op,
            request,
            reply,
            body: (body ?? {}) as RequestBody<OperationId>,
            params,
            query,
            key,
            connector,
            services,
            sessionCalls,
            call,
            handOver,
          });
        // `Prefer: respond-async`: a call still running after the caller's wait goes on as an operation, if the key
        // has room for one more (OPERATIONS_PER_KEY); refused before it runs otherwise, nothing done or stored.
        const preference = op.longRunning
          ? asyncPreference(request.headers.prefer, services.config.calcJobTimeoutSeconds)
          : null;
        const owner = key ? operationOwner(key, request) : null;
        if (preference && owner) {
          const full = await services.operations.full(owner);
          if (full) throw new ApiError("QB_ERR_OPERATION_LIMIT", { limit: full.held, seconds: full.seconds });
        }
        const connectionSeconds = services.config.connectionTimeoutSeconds;
        // Settled once the sessions the call used count their idle time from its end (202 or not).
        const call = sessionCalls.around(
          deadline ? withDeadline(op, connectionSeconds, run) : run(unboundedCall(op)),
        );
        let result: Awaited<typeof call>;
        if (deadline && !op.longRunning) {
          // Answered at the deadline at the latest: the connection is not closed for silence before.
          const release = holdConnection(request, connectionSeconds * 1000);
          try {
            result = await call;
          } finally {
            release();
          }
        } else if (op.longRunning) {
          const release = holdConnection(request, connectionSeconds * 1000);
          try {
            const operation =
              preference &&
              owner &&
              !(await settlesWithin(call, preference.waitSeconds * 1000)) &&
              !(await settlesOnceHandedOver(call, handedOver))
                ? await services.operations
                    .start(owner, op.operationId as OperationName, outcomeOf(call, request), (e) =>
                      request.log.error({ err: e }, "operation not stored"),
                    )
                    // The database out of reach: the call is answered when it ends, as without the header.
                    .catch((e: unknown) => {
                      request.log.warn({ err: e }, "operation not stored: answering when the call ends");
                      return null;
                    })
                : null;
            if (operation) {
              return reply
                .code(202)
                .header("location", `${contract.basePath}/operations/${operation.id}`)
                .header("retry-after", String(retryAfterSeconds(new Date(operation.createdAt))))
                .header("preference-applied", "respond-async")
                .send(operation);
            }
            result = await call;
          } finally {
            release();
          }
        } else {
          result = await call;
        }
        if (reply.sent) return reply;
        // A grid call's answer: the object, or the JSON a grid worker wrote (`@qibates/provider`'s grid-answer.ts).
        const gridAnswer = isGridAnswer(result) ? result : null;
        // The answer as an object: a grid worker's JSON parsed (once) only where it is read.
        let parsed: unknown;
        const answerObject = () => {
          if (!gridAnswer) return result;
          parsed ??= answerValue(gridAnswer);
          return parsed;
        };
        const status = reply.statusCode;
        const check = responseValidators.get(status)?.();
        // A grid worker's JSON is parsed for the check alone: it is sent as it is.
        if (check && !check(answerObject())) {
          // Only when QIBATES_VALIDATE_RESPONSES is on (tests): an answer that breaks the contract is a bug.
          request.log.error(
            { errors: check.errors, operation: op.operationId },
            "response does not match the contract",
          );
          throw new Error(
            `response of ${op.operationId} does not match the contract: ${ajv.errorsText(check.errors)}`,
          );
        }
        // A grid's answer (up to millions of cells) is serialised in slices, other calls served in between.
        // One a grid worker answered arrived as UTF-8 JSON already (a `json` GridAnswer), sent as it is.
        // Either way, a large one goes to the socket a slice per turn of the event loop (answer-slices.ts).
        // An MDX query's grid too, though its request carries none: parsed and written again by Fastify, a
        // 383,000-cell answer held the event loop for hundreds of milliseconds.
        const value = gridAnswer?.kind === "value" ? gridAnswer.value : result;
        if ((op.carriesGrid || gridAnswer) && value !== null && typeof value === "object") {
          const json =
            gridAnswer?.kind === "json" ? gridAnswer.bytes : await serialised(value, services.scheduler);
          const { body: answer, bytes } = answerBody(json);
          return reply
            .type("application/json; charset=utf-8")
            .header("content-length", String(bytes))
            .send(answer);
        }
        return answerObject();
      },
    });
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The verified owner of the request's key or session cookie (calls that need a key), set on arrival. */
    qibatesKey: VerifiedKey | null;
    /** What the rate limiter counts the request against: its verified key, or (null) its address. */
    qibatesLimitKey: string | null;
  }
}
