import {
  CAPABILITIES,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type Connector,
  ERROR_CODE_LIST,
  ERROR_CODES,
  type ErrorCodeDefinition,
  errorBody,
  readerReason,
  SERVER_REFUSAL,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { callTimedOut, wireCallTimedOut } from "../src/call-deadline.ts";
import { variables } from "../src/config-registry.ts";
import { checkProviderAddress } from "../src/provider-address.ts";

/**
 * The message of an error is read by the person in front of the add-in: it says what happened and what to do, in
 * plain words. The names a developer needs (an API field, a setting, a connector value) go to the fields a
 * developer reads (`field`, `detail`), never into the sentence.
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
  return found;
}

const LOCALES = ["en", "fr"] as const;

describe("the messages of the error registry", () => {
  it.each(ERROR_CODE_LIST)("%s names no API field, setting or connector value", (code) => {
    const def: ErrorCodeDefinition = ERROR_CODES[code];
    expect({ en: namesIn(def.en), fr: namesIn(def.fr) }).toEqual({ en: [], fr: [] });
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
      for (const cases of Object.values(CONNECTOR_PROFILES[connector].refusals)) {
        for (const reason of Object.values(cases ?? {})) {
          for (const text of typeof reason === "string" ? [reason] : [reason.en, reason.fr]) {
            expect(namesIn(text), `${connector}: ${text}`).toEqual([]);
          }
        }
      }
    }
  });
});
