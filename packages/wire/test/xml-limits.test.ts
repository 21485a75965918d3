import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRE_LOGIN_CHARS } from "../src/smartview/session.ts";
import { startSmartView } from "./support/smartview.ts";

/**
 * XML request documents are bounded before they are parsed (a 10 MiB Smart View body of attributes,
 * sent before any login, held the event loop 6.4 s): size, elements, attributes and depth, counted in one
 * pass; a Smart View request that names no live session is held to 64 KiB, since its password is in the body.
 */

describe("the Smart View endpoint", () => {
  let sv: Awaited<ReturnType<typeof startSmartView>>;
  beforeAll(async () => {
    sv = await startSmartView();
  });
  afterAll(async () => {
    await sv.app.close();
    await sv.provider.close();
  });
  const post = (body: string) =>
    fetch(`${sv.origin}/aps/SmartView`, { method: "POST", headers: { "content-type": "text/xml" }, body });

  it("refuses a large request that names no live session with 413 and its exception element, unparsed", async () => {
    const big = `<req_ConnectToProvider><usr>demo</usr><pwd>demo</pwd><x>${"y".repeat(PRE_LOGIN_CHARS)}</x></req_ConnectToProvider>`;
    const a = await post(big);
    expect(a.status).toBe(413);
    expect(await a.text()).toMatch(
      /^<exception errcode="4" type="error">\n<desc>A request outside a session/,
    );
    const forged = await post(
      `<req_ListServers><sID>12345</sID><x>${"y".repeat(PRE_LOGIN_CHARS)}</x></req_ListServers>`,
    );
    expect(forged.status).toBe(413);
  });

  it("takes the same large request within a live session", async () => {
    const login = await (
      await post("<req_ConnectToProvider><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>")
    ).text();
    const sid = /<sID>([^<]+)<\/sID>/.exec(login)?.[1] ?? "";
    const a = await post(
      `<req_ListServers><sID>${sid}</sID><x>${"y".repeat(PRE_LOGIN_CHARS)}</x></req_ListServers>`,
    );
    expect(a.status).toBe(200);
    expect(await a.text()).toMatch(/^<res_ListServers>/);
  });
});
