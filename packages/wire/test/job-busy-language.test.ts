import { child, parseXml } from "@qibates/protocols/xml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMARTVIEW_PATH, smartViewEndpoint } from "../src/smartview/index.ts";
import { startWire } from "./support/server.ts";
import { envelope, executeBody, faultOf, startXmla } from "./support/xmla.ts";

/**
 * A job refused past the job queue's bounds is said in each protocol's language (`protocolLocale`): on XMLA in
 * the language of the request's `LocaleIdentifier` property, else the one its `Accept-Language` asks for first
 * (as Analysis Services chooses the language of what it says per request), as Essbase REST and Planning REST say it (their
 * 429); on Smart View in English whatever the request asks for, as Provider Services says its own refusals
 * (`smartview/NOTES.md`).
 */

type Server = Awaited<ReturnType<typeof startXmla>>;

/** Holds the queue's running place with a job of another owner until the returned function is called. */
function holdQueue(server: Pick<Server, "provider">) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = server.provider.jobs.admit("test: another owner")?.run(() => held);
  return async () => {
    release();
    await done;
  };
}

/**
 * Sends `count` calls at once while the queue is held: the user's first few are admitted and wait behind the held
 * job, the others are refused at once. Waits for every call but the admitted ones (`admitted`, the bound per user),
 * then frees the queue and answers every call's result.
 */
async function whileHeld<T>(
  server: Pick<Server, "provider">,
  count: number,
  admitted: number,
  send: () => Promise<T>,
) {
  const release = holdQueue(server);
  let settled = 0;
  let allButAdmitted: () => void = () => {};
  const refusedAll = new Promise<void>((resolve) => {
    allButAdmitted = resolve;
  });
  const calls = Array.from({ length: count }, () =>
    send().finally(() => {
      if (++settled === count - admitted) allButAdmitted();
    }),
  );
  await refusedAll;
  await release();
  return Promise.all(calls);
}

const FRENCH =
  /^Trop de travaux de cet utilisateur sont en cours ou en attente\u202f; réessayez dans \d+\u202fs\.$/;
const ENGLISH = /^Too many jobs of this user are running or waiting; retry in \d+ s\.$/;

describe("XMLA: What-If writes refused past the job queue's bound", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startXmla();
  });
  afterAll(async () => {
    await server.app.close();
    await server.provider.close();
  });

  const write = (language: string, properties: Record<string, string> = {}) =>
    fetch(`${server.origin}/olap/msmdpump.dll`, {
      method: "POST",
      headers: {
        "content-type": "text/xml",
        authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
        "accept-language": language,
      },
      body: envelope(
        executeBody(
          "UPDATE CUBE [Sample].[Basic] SET ([Qtr1], [East], [100-10], [Sales], [Actual]) = 300 USE_EQUAL_ALLOCATION",
          properties,
        ),
      ),
    }).then(async (r) => ({ status: r.status, fault: faultOf({ ...(await asAnswer(r)) }) }));

  it("says it in French to a request that asks for French, in English otherwise", async () => {
    const french = await whileHeld(server, 8, 4, () => write("fr-FR,fr;q=0.9"));
    const english = await whileHeld(server, 8, 4, () => write("en-US"));
    const refusals = (all: typeof french) =>
      all.map((a) => a.fault?.faultstring).filter((t) => t !== undefined);
    expect(refusals(french).length).toBeGreaterThan(0);
    for (const text of refusals(french)) expect(text).toMatch(FRENCH);
    expect(refusals(english).length).toBeGreaterThan(0);
    for (const text of refusals(english)) expect(text).toMatch(ENGLISH);
  });

  it("says it in the language of the request's LocaleIdentifier first, whatever Accept-Language asks", async () => {
    const refusals = (all: { fault: { faultstring?: string } | null }[]) =>
      all.map((a) => a.fault?.faultstring).filter((t) => t !== undefined);
    // 1036: French of France; 3084: French of Canada; 1033: English of the United States; 1031: German, which
    // the endpoint does not speak, answered in its default language, English.
    for (const [lcid, language, want] of [
      ["1036", "en-US", FRENCH],
      ["3084", "", FRENCH],
      ["1033", "fr-FR", ENGLISH],
      ["1031", "fr-FR", ENGLISH],
    ] as const) {
      const answers = await whileHeld(server, 8, 4, () => write(language, { LocaleIdentifier: lcid }));
      expect(refusals(answers).length, lcid).toBeGreaterThan(0);
      for (const text of refusals(answers)) expect(text, lcid).toMatch(want);
    }
  });
});

describe("Smart View: calculation scripts refused past the job queue's bound", () => {
  let server: Awaited<ReturnType<typeof startWire>>;
  beforeAll(async () => {
    server = await startWire(smartViewEndpoint, {});
  });
  afterAll(async () => {
    await server.app.close();
    await server.provider.close();
  });

  const post = async (body: string, language = "en-US") => {
    const r = await fetch(`${server.origin}${SMARTVIEW_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/xml", "accept-language": language },
      body,
    });
    return parseXml(await r.text());
  };

  it("says it in English whatever the request asks for, as Provider Services does", async () => {
    const connected = await post(
      '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
    );
    const sid = child(connected, "sID")?.text ?? "";
    for (const m of ["OpenApplication", "OpenCube"]) {
      const opened = await post(
        `<req_${m}><sID>${sid}</sID><usr>demo</usr><pwd>demo</pwd><srv>EssbaseCluster-1</srv><app>Sample</app><cube>Basic</cube></req_${m}>`,
      );
      expect(opened.name).toBe(`res_${m}`);
    }
    const launch = (language: string) =>
      post(
        `<req_LaunchBusinessRule><sID>${sid}</sID><cube>Basic</cube><rule type="type">CalcAll</rule><prompts/></req_LaunchBusinessRule>`,
        language,
      );
    const french = await whileHeld(server, 8, 4, () => launch("fr"));
    const english = await whileHeld(server, 8, 4, () => launch("en"));
    const refusals = (all: typeof french) =>
      all.filter((a) => a.name === "exception").map((a) => child(a, "desc")?.text ?? "");
    expect(refusals(french).length).toBeGreaterThan(0);
    for (const text of refusals(french)) expect(text).toMatch(ENGLISH);
    expect(refusals(english).length).toBeGreaterThan(0);
    for (const text of refusals(english)) expect(text).toMatch(ENGLISH);
  });
});

/** A fetch answer as the XMLA helpers read it. */
async function asAnswer(r: Response) {
  const text = await r.text();
  let parsed = null;
  try {
    parsed = parseXml(text);
  } catch {
    parsed = null;
  }
  return { status: r.status, headers: r.headers, text, envelope: parsed };
}
