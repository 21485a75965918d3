/**
 * Fuzzing of the wire endpoints: the servers' own protocols QiBates answers when
 * `QIBATES_WIRE_ENDPOINTS=all` — XMLA at `/olap/msmdpump.dll` and `/aps/XMLA`, Smart View XML at
 * `/aps/SmartView`, Essbase REST at `/essbase/rest/v1`, Planning REST at `/HyperionPlanning/rest/v3` and Data
 * Management at `/aif/rest/V1`. Each request starts from a valid baseline of its protocol (the demo user,
 * Sample.Basic or Vision), then is made hostile: XML or JSON broken, nested, inflated or given entities,
 * element texts and fields given hostile values (costly MDX among them), credentials removed or wrong, paths
 * and queries hostile, other methods and content types.
 *
 * Judged by `judgeWire`: no answer ≥ 500 except a SOAP Fault on XMLA (the protocol's own error answer), no
 * connection dropped, never the site's HTML nor the API's registry format, and an answer in the protocol's
 * format (XML or JSON). Request `i` of seed `s` is always the same request.
 */

import { esc } from "@qibates/protocols/xml";
import { mixSeed, Rng } from "./fuzzer.ts";

export type WireProtocol = "xmla" | "smartview" | "essbase-rest" | "planning-rest" | "aif";

export interface WireRequest {
  index: number;
  protocol: WireProtocol;
  /** The baseline's name, then what was changed. */
  operationId: string;
  kind: string;
  what: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

/** What the wire fuzzer needs from the running server: a Smart View session id, opened by the runner. */
export interface WireContext {
  smartViewSession: string;
}

const BASIC = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const XML_PROTOCOLS: readonly WireProtocol[] = ["xmla", "smartview"];

interface Baseline {
  protocol: WireProtocol;
  name: string;
  method: string;
  path: string;
  /** The body, with `{sID}` standing for the Smart View session. */
  body?: string;
  contentType?: string;
  soapAction?: string;
}

const soap = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const discover = (type: string, restrictions = "") =>
  soap(
    `<Discover xmlns="urn:schemas-microsoft-com:xml-analysis"><RequestType>${type}</RequestType><Restrictions><RestrictionList>${restrictions}</RestrictionList></Restrictions><Properties><PropertyList><Catalog>Sample</Catalog></PropertyList></Properties></Discover>`,
  );
const execute = (mdx: string) =>
  soap(
    `<Execute xmlns="urn:schemas-microsoft-com:xml-analysis"><Command><Statement>${mdx}</Statement></Command><Properties><PropertyList><Catalog>Sample</Catalog><Format>Multidimensional</Format></PropertyList></Properties></Execute>`,
  );
/** The baselines of a JSON REST protocol: each call `[name, method, path, body?]`, named after `protocol`. */
const restBaselines = (
  protocol: WireProtocol,
  calls: readonly (readonly [name: string, method: string, path: string, body?: string])[],
): Baseline[] =>
  calls.map(([name, method, path, body]) => ({
    protocol,
    name: `${protocol} ${name}`,
    method,
    path,
    ...(body ? { body, contentType: "application/json" } : {}),
  }));
const CUBE_PATH = "/essbase/rest/v1/applications/Sample/databases/Basic";
const VISION = "/HyperionPlanning/rest/v3/applications/Vision";
const SV_CUBE = "<srv>EssbaseCluster-1</srv><app>Sample</app><cube>Basic</cube>";

export const WIRE_BASELINES: readonly Baseline[] = [
  ...["/olap/msmdpump.dll", "/aps/XMLA"].flatMap((path): Baseline[] =>
    [
      ["DISCOVER_DATASOURCES", discover("DISCOVER_DATASOURCES")],
      ["MDSCHEMA_CUBES", discover("MDSCHEMA_CUBES")],
      ["MDSCHEMA_DIMENSIONS", discover("MDSCHEMA_DIMENSIONS", "<CUBE_NAME>Basic</CUBE_NAME>")],
      [
        "MDSCHEMA_MEMBERS",
        discover(
          "MDSCHEMA_MEMBERS",
          "<CUBE_NAME>Basic</CUBE_NAME><MEMBER_UNIQUE_NAME>[Market].[East]</MEMBER_UNIQUE_NAME><TREE_OP>1</TREE_OP>",
        ),
      ],
      [
        "Execute",
        execute(
          "SELECT {[Measures].[Sales], [Measures].[COGS]} ON COLUMNS, [Market].Children ON ROWS FROM [Sample].[Basic]",
        ),
      ],
    ].map(([name, body]) => ({
      protocol: "xmla" as const,
      name: `xmla ${path} ${name}`,
      method: "POST",
      path,
      body: body as string,
      contentType: "text/xml",
      soapAction: `"urn:schemas-microsoft-com:xml-analysis:${(name as string).startsWith("Execute") ? "Execute" : "Discover"}"`,
    })),
  ),
  ...(
    [
      [
        "ConnectToProvider",
        '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
      ],
      ["ListServers", "<req_ListServers><sID>{sID}</sID></req_ListServers>"],
      [
        "OpenApplication",
        `<req_OpenApplication><sID>{sID}</sID><usr>demo</usr><pwd>demo</pwd>${SV_CUBE}</req_OpenApplication>`,
      ],
      ["OpenCube", `<req_OpenCube><sID>{sID}</sID><usr>demo</usr><pwd>demo</pwd>${SV_CUBE}</req_OpenCube>`],
      ["EnumDims", `<req_EnumDims><sID>{sID}</sID>${SV_CUBE}<alsTbl>Default</alsTbl></req_EnumDims>`],
      [
        "EnumMembers",
        `<req_EnumMembers><sID>{sID}</sID>${SV_CUBE}<dimName>Market</dimName><filter name="Children"><arg id="0">East</arg></filter></req_EnumMembers>`,
      ],
      [
        "ExecuteQuery",
        `<req_ExecuteQuery><sID>{sID}</sID>${SV_CUBE}<query>SELECT {[Sales]} ON COLUMNS, {[East]} ON ROWS FROM Sample.Basic</query></req_ExecuteQuery>`,
      ],
    ] as const
  ).map(
    ([name, body]): Baseline => ({
      protocol: "smartview",
      name: `smartview ${name}`,
      method: "POST",
      path: "/aps/SmartView",
      body: `<?xml version="1.0" encoding="UTF-8"?>${body}`,
      contentType: "text/xml",
    }),
  ),
  ...restBaselines("essbase-rest", [
    ["about", "GET", "/essbase/rest/v1/about"],
    ["applications", "GET", "/essbase/rest/v1/applications?limit=50"],
    ["application", "GET", "/essbase/rest/v1/applications/Sample"],
    ["databases", "GET", "/essbase/rest/v1/applications/Sample/databases"],
    ["dimensions", "GET", `${CUBE_PATH}/dimensions`],
    ["outline children", "GET", "/essbase/rest/v1/outline/Sample/Basic?parent=Market&offset=0&limit=0"],
    ["variables", "GET", "/essbase/rest/v1/variables"],
    [
      "grid refresh",
      "POST",
      `${CUBE_PATH}/grid`,
      // The grid appliedolap's essbase-rest-client sends (its exchanges in packages/wire/test/fixtures).
      JSON.stringify({
        grid: {
          dimensions: [
            { column: 0, row: -1, pov: "", expanded: false, hidden: false, name: "Year" },
            { column: -1, row: 1, pov: "", expanded: false, hidden: false, name: "Measures" },
            { column: -1, row: -1, pov: "Product", expanded: false, hidden: false, name: "Product" },
            { column: -1, row: -1, pov: "Market", expanded: false, hidden: false, name: "Market" },
            { column: -1, row: -1, pov: "Scenario", expanded: false, hidden: false, name: "Scenario" },
          ],
          alias: "Default",
          slice: {
            rows: 3,
            columns: 4,
            dirtyTexts: [],
            dirtyCells: [],
            data: {
              ranges: [
                {
                  filters: [],
                  types: ["7", "0", "0", "0", "7", "0", "7", "7", "0", "2", "7", "7"],
                  enumIds: [],
                  texts: [],
                  start: 0,
                  statuses: [],
                  dataFormats: [],
                  values: [
                    "",
                    "Product",
                    "Market",
                    "Scenario",
                    "",
                    "Measures",
                    "",
                    "",
                    "Year",
                    "112121.0",
                    "",
                    "",
                  ],
                  end: 11,
                },
              ],
            },
          },
        },
        action: "refresh",
        coordinates: [],
        ranges: [],
      }),
    ],
    [
      "mdx",
      "POST",
      `${CUBE_PATH}/mdx`,
      JSON.stringify({ query: "SELECT {[Sales]} ON COLUMNS, [Market].Children ON ROWS FROM Sample.Basic" }),
    ],
    [
      "jobs",
      "POST",
      "/essbase/rest/v1/jobs",
      JSON.stringify({
        application: "Sample",
        db: "Basic",
        jobtype: "calc",
        parameters: { file: "CalcAll.csc" },
      }),
    ],
  ]),
  ...restBaselines("planning-rest", [
    ["versions", "GET", "/HyperionPlanning/rest/"],
    ["v3", "GET", "/HyperionPlanning/rest/v3"],
    ["applications", "GET", "/HyperionPlanning/rest/v3/applications"],
    ["jobdefinitions", "GET", `${VISION}/jobdefinitions`],
    ["plantypes", "GET", `${VISION}/plantypes`],
    ["member", "GET", `${VISION}/dimensions/Entity/members/410`],
    ["substitutionvariables", "GET", `${VISION}/substitutionvariables`],
    [
      "exportdataslice",
      "POST",
      `${VISION}/plantypes/Plan1/exportdataslice`,
      JSON.stringify({
        gridDefinition: {
          suppressMissingBlocks: true,
          pov: { members: [["BaseData"], ["FY15"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]] },
          columns: [{ members: [["Jan"]] }],
          rows: [{ members: [["4110"]] }],
        },
      }),
    ],
    ["jobs", "POST", `${VISION}/jobs`, JSON.stringify({ jobType: "RULES", jobName: "AggregateData" })],
  ]),
  { protocol: "aif", name: "aif version", method: "GET", path: "/aif/rest/V1" },
  { protocol: "aif", name: "aif application", method: "GET", path: "/aif/rest/V1/applications/Vision" },
];

/** MDX that cost a lot or recursed before the hardening pass, and other hostile statements. */
const HOSTILE_MDX = [
  `WITH ${Array.from({ length: 30 }, (_, i) => `MEMBER [Measures].[x${i + 1}] AS '${i === 0 ? "[Measures].[Sales]" : `[Measures].[x${i}]`} + ${i === 0 ? "[Measures].[Sales]" : `[Measures].[x${i}]`}'`).join(" ")} SELECT {[Measures].[x30]} ON COLUMNS FROM [Sample].[Basic]`,
  "SELECT CrossJoin([Year].Members, [Measures].Members, [Product].Members, [Market].Members, [Scenario].Members, [Caffeinated].Members, [Ounces].Members) ON COLUMNS FROM [Sample].[Basic]",
  "WITH SET [s] AS '[s]' SELECT [s] ON COLUMNS FROM [Sample].[Basic]",
  `SELECT {${"(".repeat(3000)}[Sales]${")".repeat(3000)}} ON COLUMNS FROM [Sample].[Basic]`,
  `WITH MEMBER [Measures].[a] AS '${"Abs(".repeat(2000)}1${")".repeat(2000)}' SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
  `WITH MEMBER [Measures].[a] AS '${Array(5000).fill("1").join("+")}' SELECT {[Measures].[a]} ON COLUMNS FROM [Sample].[Basic]`,
  "WITH MEMBER [Measures].[S] AS 'Sum(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), [Measures].[Sales])' SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Scenario].Members, [Year].Members) ON ROWS FROM [Sample].[Basic]",
  "UPDATE CUBE [Sample].[Basic] SET ([Sales], [Jan], [New York], [100-10], [Actual]) = 1e308 * 10",
  "SELECT {[Sales]} ON COLUMNS FROM [Other].[Cube]",
  "SELECT ON COLUMNS FROM",
  "SELECT {[Sales]} ON AXIS(99) FROM [Sample].[Basic]",
  "DROP CUBE [Sample].[Basic]",
];

const HOSTILE_TEXT = [
  "",
  " ",
  "../../../../etc/passwd",
  "%2e%2e%2f%2e%2e%2f",
  "\u0000",
  "\ud800",
  "🙂".repeat(100),
  "A".repeat(70_000),
  "-1",
  "99999999999999999999999",
  "NaN",
  "1e309",
  "' OR '1'='1",
  "$" + "{jndi:ldap://127.0.0.1/a}",
  "<script>alert(1)</script>",
  "]]>",
  "&amp;&lt;",
  "http://169.254.169.254/latest/meta-data/",
  ...HOSTILE_MDX,
];

/** Whole hostile XML documents. */
function hostileXml(rng: Rng, base: string): { body: string; what: string } {
  const root = /<([A-Za-z_][\w.:-]*)/.exec(base.replace(/^<\?xml[^>]*\?>/, ""))?.[1] ?? "x";
  const choices: [string, () => string][] = [
    [
      "billion laughs",
      () =>
        `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${"b".repeat(i + 1)} "${`&${i === 0 ? "a" : "b".repeat(i)};`.repeat(10)}">`).join("")}]><${root}>&${"b".repeat(9)};</${root}>`,
    ],
    [
      "external entity",
      () =>
        `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><${root}>&x;</${root}>`,
    ],
    [
      "external DTD",
      () => `<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://127.0.0.1:1/evil.dtd"><${root}/>`,
    ],
    ["deep nesting", () => `${"<a>".repeat(50_000)}${"</a>".repeat(50_000)}`],
    [
      "many attributes",
      () => `<${root} ${Array.from({ length: 20_000 }, (_, i) => `a${i}="${i}"`).join(" ")}/>`,
    ],
    ["many elements", () => `<${root}>${"<sID>1</sID>".repeat(50_000)}</${root}>`],
    ["a 2 MB text", () => `<${root}>${"x".repeat(2 * 1024 * 1024)}</${root}>`],
    ["unclosed", () => base.slice(0, Math.max(1, rng.int(base.length)))],
    ["mismatched tags", () => `<${root}><a></b></${root}>`],
    ["not XML", () => '{"json": true}'],
    ["empty", () => ""],
    ["BOM and junk", () => `\ufeff\u0000${base}`],
    ["undeclared prefix", () => `<p:${root} xmlns:q="urn:x"><p:a/></p:${root}>`],
    [
      "processing instructions",
      () => `<?xml version="1.0"?><?evil x?>${base.replace(/^<\?xml[^>]*\?>/, "")}<?after?>`,
    ],
    [
      "CDATA text",
      () => base.replace(/>([^<>]+)</, ">![CDATA[$1]]<").replace(/>([^<>]+)</, "><![CDATA[$1]]><"),
    ],
    ["duplicate root", () => `${base}${base.replace(/^<\?xml[^>]*\?>/, "")}`],
  ];
  const [what, make] = rng.pick(choices);
  return { body: make(), what };
}

/** Replaces the text of one element (or one attribute value) of an XML body with a hostile value. */
function hostileXmlText(rng: Rng, base: string): { body: string; what: string } {
  const texts = [...base.matchAll(/>([^<>]+)</g)];
  const value = rng.pick(HOSTILE_TEXT);
  const t = texts.length > 0 ? rng.pick(texts) : null;
  if (!t || t.index === undefined) return { body: base, what: "unchanged" };
  const start = t.index + 1;
  const raw = rng.chance(0.2);
  const text = raw ? value : esc(value);
  return {
    body: base.slice(0, start) + text + base.slice(start + (t[1] as string).length),
    what: `text "${(t[1] as string).slice(0, 30)}" → ${raw ? "raw " : ""}${value.slice(0, 40)}${value.length > 40 ? "…" : ""}`,
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function hostileJsonValue(rng: Rng): Json {
  return rng.pick<() => Json>([
    () => rng.pick(HOSTILE_TEXT),
    () => null,
    () => -1,
    () => 1e308,
    () => 2 ** 53 + 1,
    () => true,
    () => [],
    () => ({}),
    () => Array.from({ length: 10_000 }, () => ["x"]),
    () => {
      let v: Json = "x";
      for (let i = 0; i < 200; i++) v = [v];
      return v;
    },
    () => ({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }) as Json,
  ])();
}

/** Replaces one field of a JSON body (at any depth) with a hostile value, or removes it. */
function hostileJson(rng: Rng, base: string): { body: string; what: string } {
  const doc = JSON.parse(base) as Json;
  const paths: (string | number)[][] = [];
  const walk = (v: Json, path: (string | number)[]) => {
    if (v === null || typeof v !== "object") return;
    for (const [k, child] of Object.entries(v)) {
      const p = [...path, Array.isArray(v) ? Number(k) : k];
      paths.push(p);
      walk(child as Json, p);
    }
  };
  walk(doc, []);
  if (paths.length === 0) return { body: base, what: "unchanged" };
  const path = rng.pick(paths);
  let parent = doc as { [k: string]: Json } | Json[];
  for (const k of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[k] as typeof parent;
  const last = path[path.length - 1] as string | number;
  if (rng.chance(0.2) && !Array.isArray(parent)) {
    delete (parent as Record<string, Json>)[last as string];
    return { body: JSON.stringify(doc), what: `removed ${path.join(".")}` };
  }
  const value = hostileJsonValue(rng);
  (parent as Record<string | number, Json>)[last] = value;
  const shown = JSON.stringify(value) ?? "";
  return { body: JSON.stringify(doc), what: `${path.join(".")} → ${shown.slice(0, 40)}` };
}

const HOSTILE_SEGMENTS = [
  "..",
  "%2e%2e",
  "%00",
  "%ff",
  "a".repeat(3000),
  "Sample%2F..%2F..",
  "%E2%80%AE",
  "*",
  "NoSuchApp",
  "%F0%9F%99%82",
  "CON",
  "%252e%252e",
];
const HOSTILE_QUERIES = [
  "limit=-1",
  "limit=abc",
  "limit=0",
  "offset=1e309",
  "limit=99999999999",
  "filter=*",
  "filter=%00",
  "expand=all&expand=all",
  `q=${"a".repeat(5000)}`,
  "__proto__[polluted]=1",
];
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
const CONTENT_TYPES = [
  "application/json",
  "text/xml",
  "application/xml",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/xml; charset=utf-16",
  "application/soap+xml",
  "",
];

export class WireFuzzer {
  readonly baselines = WIRE_BASELINES;
  constructor(readonly seed: number) {}

  private materialise(b: Baseline, ctx: WireContext): WireRequest & { text: string } {
    const text = (b.body ?? "").replaceAll("{sID}", ctx.smartViewSession);
    const headers: Record<string, string> = { authorization: BASIC };
    if (b.contentType) headers["content-type"] = b.contentType;
    if (b.soapAction) headers.soapaction = b.soapAction;
    if (b.protocol === "essbase-rest" || b.protocol === "planning-rest" || b.protocol === "aif")
      headers.accept = "application/json";
    return {
      index: -1,
      protocol: b.protocol,
      operationId: b.name,
      kind: "baseline",
      what: "unchanged",
      method: b.method,
      path: b.path,
      headers,
      ...(b.body !== undefined ? { body: Buffer.from(text) } : {}),
      text,
    };
  }

  /** Every baseline unchanged, in order. */
  baseline(i: number, ctx: WireContext): WireRequest {
    const { text: _text, ...r } = this.materialise(this.baselines[i] as Baseline, ctx);
    return r;
  }

  /** Request `index`: a baseline made hostile, the same for the same seed and index. */
  request(index: number, ctx: WireContext): WireRequest {
    // Scrambled first: two seeds are then two unrelated runs, not the same requests in another order.
    const rng = new Rng(mixSeed(mixSeed(this.seed, 0x5eed), index));
    const base = rng.pick(this.baselines);
    const r = this.materialise(base, ctx);
    const xml = XML_PROTOCOLS.includes(base.protocol);
    const kinds: [string, number][] = [
      ["body", r.body !== undefined ? 4 : 0],
      ["document", xml ? 2 : r.body !== undefined ? 1 : 0],
      ["auth", 1],
      ["path", 1.5],
      ["method", 0.5],
      ["content-type", r.body !== undefined ? 0.7 : 0],
      ["header", 0.5],
    ];
    const kind = rng.weighted(kinds);
    let what = "";
    let text = r.text;
    switch (kind) {
      case "body": {
        const m = xml ? hostileXmlText(rng, text) : hostileJson(rng, text);
        text = m.body;
        what = m.what;
        break;
      }
      case "document": {
        if (xml) {
          const m = hostileXml(rng, text);
          text = m.body;
          what = m.what;
        } else {
          const choice = rng.int(5);
          const broken = [
            () => text.slice(0, Math.max(1, rng.int(text.length))),
            () => `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
            () => `{"a":"${"x".repeat(2 * 1024 * 1024)}"}`,
            () => "<xml/>",
            () => "",
          ];
          text = (broken[choice] as () => string)();
          what = ["truncated", "deep arrays", "a 2 MB string", "XML instead of JSON", "empty"][
            choice
          ] as string;
        }
        break;
      }
      case "auth": {
        const choice = rng.int(6);
        const values = [
          null,
          `Basic ${Buffer.from("demo:wrong").toString("base64")}`,
          `Basic ${Buffer.from("nobody:demo").toString("base64")}`,
          "Basic !!!not-base64!!!",
          `Basic ${Buffer.from(`demo:${"x".repeat(6000)}`).toString("base64")}`,
          "Bearer abc",
        ];
        const v = values[choice];
        if (v === null || v === undefined) delete r.headers.authorization;
        else r.headers.authorization = v;
        what = [
          "no credentials",
          "wrong password",
          "unknown user",
          "malformed Basic",
          "huge password",
          "Bearer",
        ][choice] as string;
        break;
      }
      case "path": {
        const segments = r.path.split("?")[0]?.split("/") ?? [];
        const choice = rng.int(3);
        if (choice === 0 && segments.length > 2) {
          const at = 2 + rng.int(segments.length - 2);
          const s = rng.pick(HOSTILE_SEGMENTS);
          segments[at] = s;
          r.path = segments.join("/");
          what = `segment ${at} → ${s.slice(0, 30)}`;
        } else if (choice === 1) {
          const q = rng.pick(HOSTILE_QUERIES);
          r.path = `${r.path}${r.path.includes("?") ? "&" : "?"}${q}`;
          what = `query ${q.slice(0, 30)}`;
        } else {
          const tail = rng.pick(["nosuch", "a/b/c/d/e", "%00", "..%2f..%2f", "_", ".json"]);
          r.path = `${r.path.split("?")[0]}/${tail}`;
          what = `unknown path …/${tail}`;
        }
        break;
      }
      case "method": {
        r.method = rng.pick(METHODS.filter((m) => m !== r.method));
        what = `method ${r.method}`;
        break;
      }
      case "content-type": {
        const t = rng.pick(CONTENT_TYPES);
        if (t === "") delete r.headers["content-type"];
        else r.headers["content-type"] = t;
        what = `content-type ${t || "(none)"}`;
        break;
      }
      case "header": {
        const choice = rng.int(4);
        if (choice === 0) {
          r.headers.soapaction = rng.pick(['"urn:x:Nothing"', "", "\u00ff".repeat(10), '"Execute"']);
          what = "SOAPAction";
        } else if (choice === 1) {
          r.headers.cookie = `JSESSIONID=${rng.pick(["", "x", "a".repeat(4000), "../../"])}`;
          what = "cookie";
        } else if (choice === 2) {
          r.headers["content-encoding"] = rng.pick(["gzip", "deflate", "br", "x-unknown"]);
          what = `content-encoding ${r.headers["content-encoding"]}`;
        } else {
          r.headers["x-forwarded-for"] = "127.0.0.1, 10.0.0.1";
          r.headers["accept-language"] = "fr-FR";
          what = "forwarded, French";
        }
        break;
      }
    }
    const { text: _t, ...out } = r;
    const body = r.body !== undefined || kind === "document" ? Buffer.from(text) : undefined;
    // Framed by its length whatever the method (Node sends a GET's body unframed otherwise).
    if (body) out.headers["content-length"] = String(body.length);
    return { ...out, index, kind, what, ...(body ? { body } : {}) };
  }
}

/** Why a wire answer is a failure, or null. */
/** The wire prefixes: under them every answer is in the protocol's format. */
const PREFIXES: [RegExp, WireProtocol][] = [
  [/^\/olap(\/|$|\?)/i, "xmla"],
  [/^\/aps\/xmla(\/|$|\?)/i, "xmla"],
  [/^\/aps(\/|$|\?)/i, "smartview"],
  [/^\/essbase\/rest(\/|$|\?)/i, "essbase-rest"],
  [/^\/hyperionplanning\/rest(\/|$|\?)/i, "planning-rest"],
  [/^\/aif\/rest(\/|$|\?)/i, "aif"],
];

/** The protocol whose format an answer to `path` must have: null outside the wire prefixes (the API's own). */
export function protocolOfPath(path: string): WireProtocol | null {
  return PREFIXES.find(([re]) => re.test(path))?.[1] ?? null;
}

export function judgeWire(
  r: Pick<WireRequest, "method" | "path">,
  a: { status: number | null; headers: Record<string, unknown>; body: Buffer; error: string | null },
): string | null {
  if (a.error) return `dropped connection (${a.error})`;
  if (a.status === null) return "no status";
  const type = String(a.headers["content-type"] ?? "").toLowerCase();
  const text = a.body
    .toString("utf8")
    .replace(/^\ufeff/, "")
    .trimStart();
  const protocol = protocolOfPath(r.path);
  // A hostile path that left the wire prefixes is the API's or the site's (its HTML page included).
  if (protocol === null) return a.status >= 500 ? `answered ${a.status}` : null;
  const xml = protocol !== null && XML_PROTOCOLS.includes(protocol);
  const soapFault = /<([\w-]+:)?Fault[\s>]/.test(text);
  // XMLA: a fault is the protocol's error answer whatever its status; another method than POST answers 501,
  // as IIS does for msmdpump.dll (the endpoint's NOTES).
  const xmlaRefusal = protocol === "xmla" && (soapFault || (a.status === 501 && r.method !== "POST"));
  if (a.status >= 500 && !xmlaRefusal) return `answered ${a.status}`;
  if (type.startsWith("text/html") || /^<(!doctype html|html)/i.test(text))
    return `answered HTML (${a.status})`;
  if (r.method === "HEAD" || text.length === 0) return null;

  if (xml) {
    if (!text.startsWith("<"))
      return `answer ${a.status} is not XML (${type || "no type"}): ${text.slice(0, 60)}`;
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answer ${a.status} is not JSON (${type || "no type"}): ${text.slice(0, 60)}`;
  }
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("QB_ERR_"))
    return `answered in the API's error format (${code}), not the protocol's`;
  return null;
}
