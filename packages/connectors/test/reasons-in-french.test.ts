import { sliceRowWithoutData, sliceWithoutColumns } from "@qibates/protocols/planning-rest";
import { XML_REFUSED } from "@qibates/protocols/xml";
import {
  type ErrorCode,
  formatErrorMessage,
  ProviderError,
  type ProviderText,
  providerErrorMessage,
} from "@qibates/provider";
import { afterColonFrench } from "@qibates/provider/error-codes";
import { describe, expect, it } from "vitest";
import { WORKER_STOPPED } from "../../embedded/src/grid-workers.ts";
import { EssbaseRestClient } from "../src/essbase-rest/client.ts";
import { CONNECTOR_REASONS, UNREADABLE } from "../src/net/unreadable.ts";
import { fakeUpstream, json, loopbackUpstreams, planningJobs } from "./support/fake-upstream.ts";

/**
 * A French message of the API never ends in English words of QiBates' own (a company server's words may stay as it
 * sent them): every reason a connector or the embedded provider writes into a registry message, enumerated from
 * the tables that hold them and through the connectors themselves, is said in French. In French,
 * QB_ERR_PROVIDER_MALFORMED said « … illisible pour QiBates : the login answer set no session cookie. », a failed
 * Planning rule « … a échoué : job 7 ended with status 1 ».
 */

/** Words of English that French does not use (as grid-bridge's MDX reasons check them). */
const ENGLISH =
  /\b(the|is|are|was|must|and|of|not|no|with|without|answer|answered|answers|set|lists|needs|than|more|to|has|have|whose|that|ended|status|job|such|file|for|this|user|refused|unread|larger|declares|nests|deep|stopped|ran|longer|needed|memory|record|readable|generations|launch|member|name|value|version|list)\b/;

const ADDRESS = "https://essbase.example.com";
const XML = XML_REFUSED;

/** One sample of each connector reason an answer cannot be read for: a new reason without its sample fails to compile. */
const UNREADABLE_SAMPLES: { readonly [K in keyof typeof UNREADABLE]: () => ProviderText } = {
  noSessionCookie: () => UNREADABLE.noSessionCookie(),
  status: () => UNREADABLE.status("GET /applications", 204),
  notJson: () => UNREADABLE.notJson("GET /applications"),
  withoutJson: () => UNREADABLE.withoutJson("GET /applications/Vision/jobs/7"),
  noItems: () => UNREADABLE.noItems("GET /plantypes"),
  answerWithout: () => UNREADABLE.answerWithout("ConnectToProvider", "sID"),
  noGrid: () => UNREADABLE.noGrid("ExecuteQuery"),
  noServer: () => UNREADABLE.noServer(),
  otherAnswer: () => UNREADABLE.otherAnswer("res_Refresh", "OpenCube"),
  notSmartView: () => UNREADABLE.notSmartView("Refresh", "html"),
  notXml: () => UNREADABLE.notXml("Refresh"),
  xmlRefused: () => UNREADABLE.xmlRefused("Refresh", XML.doctype()),
  notSoap: () => UNREADABLE.notSoap("Discover"),
  notDataSet: () => UNREADABLE.notDataSet(),
  noDimension: () => UNREADABLE.noDimension("EnumDims", "Basic"),
  columnTuples: () => UNREADABLE.columnTuples(3, 4),
  memberOfNoDimension: () => UNREADABLE.memberOfNoDimension(),
  tooDeep: () => UNREADABLE.tooDeep("/applications/Sample/databases/Basic/dimensions/Year", 256),
  variableWithoutName: () => UNREADABLE.variableWithoutName("/applications/Sample/variables"),
  jobWithoutId: () => UNREADABLE.jobWithoutId(),
  noSlice: () => UNREADABLE.noSlice("/applications/Sample/databases/Basic/grid"),
  noReadableGrid: () => UNREADABLE.noReadableGrid("/applications/Sample/databases/Basic/grid/mdx"),
  noVersion: () => UNREADABLE.noVersion("v3"),
  noPlanNames: () => UNREADABLE.noPlanNames(),
  memberWithoutName: () => UNREADABLE.memberWithoutName(),
  launchWithoutJobId: () => UNREADABLE.launchWithoutJobId(),
  statusWithoutCode: () => UNREADABLE.statusWithoutCode(),
  formOfNoPlanType: () => UNREADABLE.formOfNoPlanType("Revenue"),
  tooManyItems: () => UNREADABLE.tooManyItems("GET /plantypes", 1000),
  tooManyAnswers: () => UNREADABLE.tooManyAnswers("MDSCHEMA_MEMBERS (Product)", 50),
  tooManyBytes: () => UNREADABLE.tooManyBytes("ExecuteQuery (Market)", 100000),
};

const XML_SAMPLES: { readonly [K in keyof typeof XML_REFUSED]: () => ProviderText } = {
  doctype: () => XML.doctype(),
  attributes: () => XML.attributes(100),
  elementNamespaces: () => XML.elementNamespaces(10),
  namespaces: () => XML.namespaces(100),
  elements: () => XML.elements(1000),
  depth: () => XML.depth(64),
  chars: () => XML.chars(65536),
};

/** Each reason, and the registry message it ends: its code and its other parameters. */
interface Row {
  code: ErrorCode;
  params: Record<string, string>;
  reason: ProviderText;
}

/** The other reasons a connector writes, each in the registry message it ends. */
const CONNECTOR_SAMPLES: { readonly [K in keyof typeof CONNECTOR_REASONS]: Row } = {
  // Planning: a rule job that failed without details.
  jobEnded: {
    code: "QB_ERR_RULE_FAILED",
    params: { rule: "Seed" },
    reason: CONNECTOR_REASONS.jobEnded(7, 1),
  },
  // Essbase 21c: a calculation job without a status message.
  jobStatus: {
    code: "QB_ERR_CALC_FAILED",
    params: { script: "CalcAll" },
    reason: CONNECTOR_REASONS.jobStatus(400),
  },
  // Essbase 21c: a file the server does not have.
  noSuchFile: { code: "QB_ERR_PROVIDER_ERROR", params: {}, reason: CONNECTOR_REASONS.noSuchFile() },
  // Planning through EPM Workspace: no Planning provider for the user.
  noPlanningProvider: {
    code: "QB_ERR_PROVIDER_ERROR",
    params: {},
    reason: CONNECTOR_REASONS.noPlanningProvider(),
  },
};

/** The embedded provider's reasons for a call whose worker it ended. */
const WORKER_SAMPLES: { readonly [K in keyof typeof WORKER_STOPPED]: Row } = {
  time: { code: "QB_ERR_PROVIDER_ERROR", params: {}, reason: WORKER_STOPPED.time(30) },
  memory: { code: "QB_ERR_PROVIDER_ERROR", params: {}, reason: WORKER_STOPPED.memory(512) },
};

const malformed = (reason: ProviderText): Row => ({
  code: "QB_ERR_PROVIDER_MALFORMED",
  params: { address: ADDRESS },
  reason,
});

const ROWS: Record<string, Row> = {
  ...Object.fromEntries(
    Object.entries(UNREADABLE_SAMPLES).map(([k, sample]) => [`unreadable: ${k}`, malformed(sample())]),
  ),
  ...Object.fromEntries(
    Object.entries(XML_SAMPLES).map(([k, sample]) => [
      `XML refused unread: ${k}`,
      malformed(UNREADABLE.xmlRefused("ExecuteQuery", sample())),
    ]),
  ),
  "Planning REST: a data slice without columns": malformed(sliceWithoutColumns("exportdataslice")),
  "Planning REST: a form's row without data": malformed(sliceRowWithoutData("Export Form Data")),
  ...Object.fromEntries(Object.entries(CONNECTOR_SAMPLES).map(([k, row]) => [`connector: ${k}`, row])),
  ...Object.fromEntries(
    Object.entries(WORKER_SAMPLES).map(([k, row]) => [`embedded worker stopped: ${k}`, row]),
  ),
};

describe("every reason QiBates writes into a registry message is French in a French message", () => {
  it("the tables hold every reason the samples give (none left out)", () => {
    expect(Object.keys(UNREADABLE_SAMPLES).sort()).toEqual(Object.keys(UNREADABLE).sort());
    expect(Object.keys(XML_SAMPLES).sort()).toEqual(Object.keys(XML_REFUSED).sort());
    expect(Object.keys(CONNECTOR_SAMPLES).sort()).toEqual(Object.keys(CONNECTOR_REASONS).sort());
    expect(Object.keys(WORKER_SAMPLES).sort()).toEqual(Object.keys(WORKER_STOPPED).sort());
    expect(Object.keys(ROWS).length).toBeGreaterThan(45);
  });

  it("an XML answer that is not Smart View's is said to be in another format (it said « pas du Smart View »)", () => {
    expect(UNREADABLE.notSmartView("Refresh", "html").fr).toBe(
      "une réponse Refresh qui n'est pas au format Smart View (<html>)",
    );
  });

  it.each(Object.entries(ROWS))("%s", (_name, { code, params, reason }) => {
    // The English is what it was; the French is another text, without English words.
    expect(reason.en).toMatch(ENGLISH);
    expect(reason.fr).not.toBe(reason.en);
    expect(reason.fr).not.toMatch(ENGLISH);
    const fr = formatErrorMessage(code, { ...params, reason }, "fr");
    const en = formatErrorMessage(code, { ...params, reason }, "en");
    // After a colon, the reason starts in lower case, as French says it (unless it starts with a name).
    expect(
      [reason.fr, afterColonFrench(reason)].some((text) => fr.includes(text)),
      fr,
    ).toBe(true);
    expect(fr).not.toMatch(ENGLISH);
    expect(en).toContain(reason.en);
  });
});

/** The French message of what a connector throws. */
async function frenchOf(call: Promise<unknown>): Promise<{ en: string; fr: string }> {
  const e = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ProviderError);
  const error = e as ProviderError;
  return { en: providerErrorMessage(error, "en"), fr: providerErrorMessage(error, "fr") };
}

describe("through the connectors, the French message holds no English reason", () => {
  it("an Essbase 21c login whose answer sets no session cookie", async () => {
    const upstream = await fakeUpstream(() => json(200, {}));
    try {
      const client = new EssbaseRestClient(loopbackUpstreams(), `${upstream.origin}/essbase/rest/v1`, {
        username: "u",
        password: "p",
      });
      const { en, fr } = await frenchOf(client.login());
      expect(en).toBe(
        `The provider at ${upstream.origin} returned something QiBates cannot read: the login answer set no session cookie.`,
      );
      expect(fr).toBe(
        `Le fournisseur à l'adresse ${upstream.origin} a renvoyé une réponse illisible pour QiBates : la réponse à la connexion n'a déposé aucun cookie de session.`,
      );
    } finally {
      await upstream.close();
    }
  });

  it("an Essbase 21c answer that is not JSON", async () => {
    const upstream = await fakeUpstream(({ path }) =>
      path.endsWith("/session")
        ? { json: {}, headers: { "set-cookie": "JSESSIONID=1; Path=/" } }
        : { text: "<html>maintenance</html>", type: "text/html" },
    );
    try {
      const client = new EssbaseRestClient(loopbackUpstreams(), `${upstream.origin}/essbase/rest/v1`, {
        username: "u",
        password: "p",
      });
      await client.login();
      const { fr } = await frenchOf(client.get("/applications"));
      expect(fr).toContain("GET /applications n'a pas répondu en JSON");
      expect(fr).not.toMatch(ENGLISH);
    } finally {
      await upstream.close();
    }
  });

  it("a Planning rule whose job failed without details (pbcs)", async () => {
    const jobs = await planningJobs({ RULES: [{ jobType: "RULES", jobName: "Seed" }] }, () => ({
      status: 1,
      details: null,
    }));
    try {
      const ref = { server: "Planning", application: "Vision" };
      const { en, fr } = await frenchOf(
        jobs.provider.planning.launchRule(jobs.session, ref, {
          cube: "Plan1",
          ruleName: "Seed",
          prompts: [],
        }),
      );
      expect(en).toBe('The business rule "Seed" failed: job 1 ended with status 1');
      expect(fr).toBe("La règle métier « Seed » a échoué : le travail 1 s'est terminé avec l'état 1");
    } finally {
      await jobs.close();
    }
  });
});
