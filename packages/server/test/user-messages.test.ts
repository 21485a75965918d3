import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type Connector,
  ERROR_CODE_LIST,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeDefinition,
  errorBody,
  type Reason,
  readerReason,
  readerRefusalReason,
  SERVER_REFUSAL,
  supportOf,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { callTimedOut, wireCallTimedOut } from "../src/call-deadline.ts";
import { variables } from "../src/config-registry.ts";
import { checkProviderAddress } from "../src/provider-address.ts";

/**
 * The message of an error is read by the person in front of the add-in: it says what happened and what to do, in
 * plain words. The names a developer needs (an API field, a setting, a connector value, a call of Oracle's or of
 * the API, an HTTP header) go to the fields a developer reads (`field`, `detail`), never into the sentence.
 */

const SETTINGS: readonly string[] = Object.values(variables).map((v) => v.env);

/** The API and administrator names a sentence holds, if any. */
function namesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bsettings\.[A-Za-z]+/g)) found.push(m[0]);
  for (const m of text.matchAll(/\bQB_[A-Z_]+/g)) found.push(m[0]);
  // The key page's routes, which a user reaches by a link, never by name.
  for (const m of text.matchAll(/\b(?:generatekey|listkeys|deletekey)\b/g)) found.push(m[0]);
  for (const env of SETTINGS) if (new RegExp(`(?<![\\w])${env}(?![\\w])`).test(text)) found.push(env);
  // A connector value, as the API spells it (lower case), not a product's name ("Essbase", "Planning") nor a
  // part of an address's path ("/essbase/japi").
  for (const c of CONNECTORS) if (new RegExp(`(?<![\\w/.-])${c}(?![\\w/-])`).test(text)) found.push(c);
  // The calls QiBates makes to the servers behind it, as Oracle and Microsoft name them.
  for (const m of text.matchAll(ORACLE_CALLS)) found.push(m[0]);
  // The API's own routes ("nav/openform", "GET /operations/…").
  for (const m of text.matchAll(/\b(?:action|nav|admin|keys|operations)\/[A-Za-z{]+|\/qibates\/api\//g))
    found.push(m[0]);
  for (const m of text.matchAll(HEADERS)) found.push(m[0]);
  // Body and path fields of the API that no screen of the add-in shows.
  for (const m of text.matchAll(/\b(?:overwrite|keyname)\b/g)) found.push(m[0]);
  return found;
}

/** Oracle's and Microsoft's names of the calls and messages the connectors send. */
const ORACLE_CALLS =
  /\b(?:[ie][mx]portdataslice|[ie][mx]portDataSlice|Export Form Data|Get Dimension Details|OpenApplication|GetDefaultGrid|WriteBack|UPDATE CUBE|Enum[A-Z][A-Za-z]+)\b/g;

/** HTTP header names and values a finance user never sends. */
const HEADERS =
  /\b(?:Prefer:|respond-async|qibateskey|Accept-Language|Content-(?:Type|Encoding|Length)|Expect:)/gi;

/** The API fields a refusal names in `field`, as they would read in a sentence ("pov.Entity", "subforms[0]…"). */
function fieldsIn(text: string): string[] {
  return [...text.matchAll(/\b(?:pov\.[A-Za-z]|subforms\[|prompts\[|ruleType\b|formName\b)/g)].map(
    (m) => m[0],
  );
}

/**
 * The codes answered only to a request the add-in never sends (its headers and body are the contract's): their
 * reader is the developer who wrote the request, and they may name the header or the route at fault.
 */
const REQUEST_SHAPE_ONLY: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "QB_ERR_AUTH_KEY_MISSING",
  "QB_ERR_EXPECTATION_FAILED",
  "QB_ERR_MEDIA_TYPE",
  "QB_ERR_CONTENT_ENCODING",
  "QB_ERR_NOT_FOUND",
  "QB_ERR_METHOD_NOT_ALLOWED",
]);

/** What `namesIn` finds, less the header and route names a request-shape code's developer reads. */
function userNamesIn(code: ErrorCode, text: string): string[] {
  const found = namesIn(text);
  if (!REQUEST_SHAPE_ONLY.has(code)) return found;
  const header = new RegExp(HEADERS.source, "i");
  return found.filter((n) => !header.test(n) && !n.includes("/"));
}

const LOCALES = ["en", "fr"] as const;

describe("the messages of the error registry", () => {
  it.each(ERROR_CODE_LIST)("%s names no API field, setting, connector value, call or header", (code) => {
    const def: ErrorCodeDefinition = ERROR_CODES[code];
    expect({ en: userNamesIn(code, def.en), fr: userNamesIn(code, def.fr) }).toEqual({ en: [], fr: [] });
  });

  it("an operation refused for the operations a key holds says to wait; the header goes to the detail", () => {
    for (const locale of LOCALES) {
      const body = errorBody("QB_ERR_OPERATION_LIMIT", {
        params: { limit: 1000, seconds: 60 },
        locale,
        requestId: "r",
      });
      expect(namesIn(body.message), body.message).toEqual([]);
      expect(body.message).toMatch(locale === "en" ? /retry in 60 s\.$/ : /réessayez dans 60\u202fs\.$/);
      expect(body.detail).toContain("Prefer: respond-async");
    }
  });

  it("a value the user chose that a form or a rule refuses is said without the API field", () => {
    const sentence = {
      en: 'The form "Revenue Plan" does not offer "000" for Entity',
      fr: "Le formulaire « Revenue Plan » ne propose pas « 000 » pour Entity",
    };
    for (const locale of LOCALES) {
      const body = errorBody("QB_ERR_VALIDATION", {
        params: { field: "pov.Entity", sentence },
        field: "pov.Entity",
        locale,
        requestId: "r",
      });
      expect(body.message).toBe(`${sentence[locale]}.`);
      expect(fieldsIn(body.message)).toEqual([]);
      expect(body.field).toBe("pov.Entity");
    }
  });
});

describe("the words the server puts in those messages", () => {
  it("a refused provider address names the server type, the connector value only in the detail", () => {
    for (const connector of CONNECTORS) {
      const problem = checkProviderAddress("https://example.com/wrong", connector, {
        demo: true,
        allowedHosts: ["example.com"],
      });
      expect("code" in problem && problem.code).toBe("QB_ERR_PROVIDER_ADDRESS");
      if (!("code" in problem)) continue;
      for (const locale of LOCALES) {
        const body = errorBody(problem.code, { params: problem.params, locale, requestId: "r" });
        expect(namesIn(body.message), body.message).toEqual([]);
        expect(body.detail).toContain(`connector ${connector}`);
      }
    }
  });

  it("a call stopped at its deadline says what to do without naming the setting, which the detail names", () => {
    const stopped = [
      ...["refresh", "saveGrid", "submitForm", "setVariable", "setTaskStatus"].map((operationId) =>
        callTimedOut({ operationId }, 900),
      ),
      wireCallTimedOut(900, false),
      wireCallTimedOut(900, true),
    ];
    for (const error of stopped) {
      for (const locale of LOCALES) {
        const body = errorBody(error.code, { params: error.params, locale, requestId: "r" });
        expect(namesIn(body.message), body.message).toEqual([]);
        expect(body.detail).toBe("The call's deadline, CONNECTION_TIMEOUT_SECONDS, is 900 s.");
      }
    }
  });

  it("a refusal by the user's own server says so without names", () => {
    for (const locale of LOCALES) expect(namesIn(SERVER_REFUSAL[locale])).toEqual([]);
  });

  it("what a server cannot do is said in the user's words where the capability table has them", () => {
    for (const connector of CONNECTORS as readonly Connector[]) {
      for (const { id } of CAPABILITIES) {
        const reason = readerReason(connector, id);
        if (reason === undefined) continue;
        for (const locale of LOCALES) expect(namesIn(reason[locale]), `${connector} ${id}`).toEqual([]);
      }
      // A capability the connector never has: its message says the user's words, else the developer's.
      for (const { id } of CAPABILITIES) {
        const support = supportOf(connector, id);
        if (support.status !== "no") continue;
        const said = support.reader ?? support.why;
        for (const locale of LOCALES) expect(namesIn(said[locale]), `${connector} ${id}`).toEqual([]);
      }
      // A case refused on a real server: the message says the case's words for the user where the table has
      // them, else the developer's reason.
      const { refusals } = CONNECTOR_PROFILES[connector];
      for (const [capability, cases] of Object.entries(refusals) as [Capability, Record<string, Reason>][]) {
        for (const [because, reason] of Object.entries(cases)) {
          const said = readerRefusalReason(connector, capability, because) ?? reason;
          for (const text of typeof said === "string" ? [said] : [said.en, said.fr]) {
            expect(namesIn(text), `${connector}: ${text}`).toEqual([]);
          }
        }
      }
    }
  });
});
