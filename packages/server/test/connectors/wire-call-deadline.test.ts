import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { App } from "../support/app.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";
import { basicAuth, xmlaDiscover } from "../support/wire-login.ts";

/**
 * The wire endpoints in front of a server (QIBATES_WIRE_UPSTREAM) answer within the call deadline,
 * CONNECTION_TIMEOUT_SECONDS, as the API does: a server that trickles its answer (a byte every 1.5 s, each within
 * the read timeout of 3 s) is cut at 7 s, and the request is answered 504 with QB_ERR_CALL_TIMEOUT's message in the
 * endpoint's own error format and the language it asks for. Before: the endpoint waited for the server while the
 * connection's idle timeout (the same 7 s) closed the connection, and the client got an empty reply.
 */

const DEADLINE_S = 7;
const WAITS = {
  CALC_JOB_TIMEOUT_SECONDS: "2",
  PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
  PROVIDER_READ_TIMEOUT_SECONDS: "3",
  CONNECTION_TIMEOUT_SECONDS: String(DEADLINE_S),
};

/** The server behind: the demo, its protocol endpoints answering the fronts' connectors. */
const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** A front: an API node serving some wire endpoints in front of the server, through a proxy of its own. */
interface Front {
  app: App | undefined;
  base: string;
  /** Which requests its proxy trickles (none: every request passes at once). */
  trickling: RegExp | null;
}

/**
 * A front serving `endpoints` in front of its own proxy through `upstream` (connector=path), listening once the
 * file's hooks have run. Each test has a front and a proxy of its own, so that the tests, which each wait out the
 * deadline, wait at once.
 */
function front(endpoints: string, upstream: string): Front {
  const f: Front = { app: undefined, base: "", trickling: null };
  const proxy = slowProxy(
    () => server.base,
    ({ method, path }) =>
      f.trickling?.test(`${method} ${path}`)
        ? {
            answer: (res) => {
              res.writeHead(200, { "content-type": "application/json" });
              const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 1500);
              res.on("close", () => clearInterval(timer));
            },
          }
        : { delayMs: 0 },
  );
  beforeAll(async () => {
    f.app = await buildTestApp({
      config: testConfig({
        ...WAITS,
        QIBATES_WIRE_ENDPOINTS: endpoints,
        ALLOWED_HOSTS: "127.0.0.1",
        QIBATES_WIRE_UPSTREAM: upstream.replace("{proxy}", proxy.base),
      }),
      logger: false,
    });
    await f.app.listen({ port: 0, host: "127.0.0.1" });
    f.base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await f.app?.close();
  });
  return f;
}

const essbaseFront = () => front("essbase-rest,xmla,smartview", "essbase-stndln={proxy}/essbase/japi");
const planningFront = () => front("planning-rest", "pbcs={proxy}/HyperionPlanning/SmartView");

/** A request as a client sends it: its status, content type and body, or `null` when the connection ended without an answer. */
async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; type: string; body: string } | null> {
  try {
    const res = await fetch(url, {
      ...init,
      headers: { authorization: basicAuth("demo", "demo"), ...init.headers },
    });
    return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
  } catch {
    return null;
  }
}

const NOTHING_WRITTEN = {
  en: `The request did not end within ${DEADLINE_S} seconds and QiBates stopped it: nothing was written; try again, or ask your administrator to let QiBates wait longer for the server.`,
  fr: `La requête ne s'est pas terminée en ${DEADLINE_S} secondes et QiBates l'a arrêtée : rien n'a été écrit\u202f; réessayez, ou demandez à votre administrateur de laisser QiBates attendre le serveur plus longtemps.`,
};

// Each test waits out the deadline through a front of its own: they run at once.
describe.concurrent("in front of a server that trickles its answers", () => {
  const restFront = essbaseFront();
  it("Essbase REST answers its error body, 504, in French when asked", async ({ expect }) => {
    restFront.trickling = null;
    const url = `${restFront.base}/essbase/rest/v1/applications`;
    expect((await send(url, {}))?.status).toBe(200);
    restFront.trickling = /\/essbase\/rest\//;
    const r = await send(`${url}/Sample/databases/Basic/dimensions`, {
      headers: { "accept-language": "fr" },
    });
    restFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    expect([r?.status, JSON.parse(r?.body ?? "null")]).toEqual([504, { errorMessage: NOTHING_WRITTEN.fr }]);
  });

  const xmlaFront = essbaseFront();
  it("XMLA answers a SOAP fault, 504, with the message", async ({ expect }) => {
    xmlaFront.trickling = /\/essbase\/rest\//;
    const r = await send(`${xmlaFront.base}/olap/msmdpump.dll`, {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: xmlaDiscover(
        "MDSCHEMA_CUBES",
        "<Restrictions><RestrictionList/></Restrictions><Properties><PropertyList/></Properties>",
      ),
    });
    xmlaFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    expect(r?.status).toBe(504);
    expect(r?.type).toMatch(/^text\/xml/);
    expect(r?.body).toMatch(/<SOAP-ENV:Fault>/);
    expect(r?.body).toContain(NOTHING_WRITTEN.en);
  });

  const xmlaFrenchFront = essbaseFront();
  it("XMLA says it in the language of the request's LocaleIdentifier, whatever Accept-Language asks", async ({
    expect,
  }) => {
    const discover = () =>
      send(`${xmlaFrenchFront.base}/olap/msmdpump.dll`, {
        method: "POST",
        headers: { "content-type": "text/xml", "accept-language": "en-US" },
        body: xmlaDiscover(
          "MDSCHEMA_CUBES",
          "<Restrictions><RestrictionList/></Restrictions><Properties><PropertyList><LocaleIdentifier>1036</LocaleIdentifier></PropertyList></Properties>",
        ),
      });
    // A first call logs in (HTTP Basic is checked on arrival, before the body and its LocaleIdentifier are read);
    // the second, logged in, is cut once its body is read.
    xmlaFrenchFront.trickling = null;
    expect((await discover())?.status).toBe(200);
    xmlaFrenchFront.trickling = /\/essbase\/rest\//;
    const r = await discover();
    xmlaFrenchFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    expect(r?.status).toBe(504);
    const text = (r?.body ?? "").replaceAll("&apos;", "'").replaceAll("&#39;", "'");
    expect(text).toContain(NOTHING_WRITTEN.fr);
  });

  const smartViewFront = essbaseFront();
  it("Smart View answers its exception, 504, with the message in English whatever the language asked", async ({
    expect,
  }) => {
    smartViewFront.trickling = null;
    const smartView = (body: string) =>
      send(`${smartViewFront.base}/aps/SmartView`, {
        method: "POST",
        headers: { "content-type": "text/xml", "accept-language": "fr-FR,fr;q=0.9" },
        body,
      });
    const connected = await smartView(
      '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
    );
    const sid = /<sID>([^<]+)<\/sID>/.exec(connected?.body ?? "")?.[1];
    expect(sid, connected?.body).toBeDefined();
    smartViewFront.trickling = /\/essbase\/rest\//;
    const r = await smartView(
      `<req_ListApplications><sID>${sid}</sID><srv>EssbaseCluster-1</srv><type/><url/></req_ListApplications>`,
    );
    smartViewFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    expect(r?.status).toBe(504);
    expect(r?.body).toBe(
      `<exception errcode="4" type="error">\n<desc>${NOTHING_WRITTEN.en}</desc>\n</exception>`,
    );
  });

  const variablesFront = essbaseFront();
  it("Essbase REST: a variable set may have been changed on the server", async ({ expect }) => {
    variablesFront.trickling = /^(POST|PUT) .*\/variables/;
    const r = await send(
      `${variablesFront.base}/essbase/rest/v1/applications/Sample/databases/Basic/variables`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "DeadlineTest", value: "Jan" }),
      },
    );
    variablesFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    expect([r?.status, JSON.parse(r?.body ?? "null")]).toEqual([
      504,
      {
        errorMessage: `The request did not end within ${DEADLINE_S} seconds and QiBates stopped it: the change may have been made on the server: check it before you make it again.`,
      },
    ]);
  });

  const planningRestFront = planningFront();
  it("Planning REST answers its error body, 504, in French when asked", async ({ expect }) => {
    planningRestFront.trickling = null;
    const applications = `${planningRestFront.base}/HyperionPlanning/rest/v3/applications`;
    const json = { accept: "application/json" };
    expect((await send(applications, { headers: json }))?.status).toBe(200);
    planningRestFront.trickling = /\/HyperionPlanning\/rest\//;
    const r = await send(`${applications}/Vision/plantypes`, {
      headers: { ...json, "accept-language": "fr" },
    });
    planningRestFront.trickling = null;
    expect(r, "the connection ended without an answer").not.toBeNull();
    const message = NOTHING_WRITTEN.fr;
    expect([r?.status, JSON.parse(r?.body ?? "null")]).toEqual([
      504,
      { status: 504, detail: message, message, localizedMessage: message },
    ]);
  });
});
