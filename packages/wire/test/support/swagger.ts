import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Checks requests and answers against Oracle's description of the Essbase REST API (`processed.json`, Swagger
 * 2.0): each definition is a JSON Schema (draft-04 subset) that Ajv 8 reads as it is; `format: int32/int64`
 * come from ajv-formats.
 *
 * Where the description contradicts Oracle's own published example, the example wins, and the exception is
 * listed here:
 * - `GET /applications/actions/tree` is declared `type: string`; Oracle's example answers an object
 *   `{items: [{name, databases: [{name}]}], count, totalResults}`, checked with that shape instead.
 * - `JobRecordBean.jobInputInfo` / `jobOutputInfo` are Java `Map<String, Object>`, written `additionalProperties:
 *   {type: object}`; Oracle's example holds strings and booleans there, so any value is accepted.
 */

interface Operation {
  parameters?: { in: string; schema?: object }[];
  responses?: Record<string, { schema?: object }>;
  produces?: string[];
}
interface Swagger {
  basePath: string;
  paths: Record<string, Record<string, Operation>>;
  definitions: Record<string, { properties?: Record<string, object> }>;
}

const FIXTURE = new URL("../fixtures/essbase-rest/processed.json", import.meta.url);
export const swagger = JSON.parse(readFileSync(FIXTURE, "utf8")) as Swagger;

const definitions = structuredClone(swagger.definitions);
const job = definitions.JobRecordBean?.properties ?? {};
for (const key of ["jobInputInfo", "jobOutputInfo"]) {
  job[key] = { type: "object" };
}

const TREE_EXAMPLE_SHAPE = {
  type: "object",
  required: ["items"],
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "databases"],
        properties: {
          name: { type: "string" },
          databases: {
            type: "array",
            items: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          },
        },
      },
    },
    count: { type: "integer" },
    totalResults: { type: "integer" },
  },
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: "essbase", definitions }, "essbase");

const compiled = new Map<string, ValidateFunction>();
function validator(schema: object): ValidateFunction {
  const rewritten = JSON.stringify(schema).replaceAll('"#/definitions/', '"essbase#/definitions/');
  let v = compiled.get(rewritten);
  if (!v) {
    v = ajv.compile(JSON.parse(rewritten));
    compiled.set(rewritten, v);
  }
  return v;
}

/** The Swagger path template a request path (with or without the base path) falls under, and its operation. */
export function operationOf(method: string, url: string): { template: string; operation: Operation } {
  const path = decodeURI(url.split("?")[0] ?? "").replace(swagger.basePath, "");
  const segments = path.split("/").filter(Boolean);
  let best: { template: string; operation: Operation; score: number } | null = null;
  for (const [template, ops] of Object.entries(swagger.paths)) {
    const operation = ops[method.toLowerCase()];
    if (!operation) continue;
    const parts = template.split("/").filter(Boolean);
    // The Files API's `{path}` is a catalog path ("this is the folder path"): it spans the segments left.
    const rest = parts[parts.length - 1] === "{path}" && parts[0] === "files" && segments[0] === "files";
    if (rest ? segments.length < parts.length : parts.length !== segments.length) continue;
    let score = 0;
    let ok = true;
    parts.forEach((p, i) => {
      if (p.startsWith("{")) return;
      if (p === segments[i]) score++;
      else ok = false;
    });
    if (ok && (!best || score > best.score)) best = { template, operation, score };
  }
  if (!best) throw new Error(`${method} ${path} is not in the Essbase REST description`);
  return best;
}

function errorsOf(v: ValidateFunction): string {
  return ajv.errorsText(v.errors, { separator: "\n" });
}

/** Throws when a request body does not match the operation's `body` parameter. */
export function checkRequest(method: string, url: string, body: unknown): void {
  const { template, operation } = operationOf(method, url);
  const param = operation.parameters?.find((p) => p.in === "body");
  if (!param?.schema) {
    if (body !== undefined) throw new Error(`${method} ${template} takes no body`);
    return;
  }
  const v = validator(param.schema);
  if (!v(body))
    throw new Error(`request of ${method} ${template} does not match the description:\n${errorsOf(v)}`);
}

/**
 * Throws when a 200 answer does not match the operation's response schema. `text` is the body as sent; JSON
 * bodies are parsed, and a declared `string`/`integer` answer is read from the text.
 */
export function checkResponse(
  method: string,
  url: string,
  status: number,
  contentType: string,
  text: string,
): void {
  if (status !== 200) return;
  const { template, operation } = operationOf(method, url);
  let schema = operation.responses?.["200"]?.schema;
  if (template === "/applications/actions/tree" && method === "GET") schema = TREE_EXAMPLE_SHAPE;
  if (!schema) return;
  const declared = (schema as { type?: string }).type;
  let value: unknown;
  if (declared === "string") value = text;
  else if (declared === "integer") value = /^-?\d+$/.test(text) ? Number(text) : text;
  else {
    if (!contentType.startsWith("application/json")) {
      throw new Error(`${method} ${template} answered ${contentType}, not JSON`);
    }
    value = JSON.parse(text);
  }
  const v = validator(schema);
  if (!v(value))
    throw new Error(`answer of ${method} ${template} does not match the description:\n${errorsOf(v)}`);
}
