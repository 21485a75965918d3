import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A server (or a proxy before it) that echoes the credentials it was sent in its own error message: that message
 * is passed on to the caller, and stored with an operation's error, so the password must not be in it. It was:
 * "The provider returned an error: Login failed for ada:S3cret-pass!" on Essbase 21c, Planning and SSAS.
 */

const PASSWORD = "S3cret-pass!";
const BASIC = Buffer.from(`ada:${PASSWORD}`).toString("base64");
const server = listeningServer({});
let upstream: Server;
let address: string;

/** What the server heard of the credentials: the Basic header decoded, or the last `<pwd>` sent. */
let heard = "";

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const auth = req.headers.authorization ?? "";
      if (auth.startsWith("Basic ")) heard = `${Buffer.from(auth.slice(6), "base64")} (${auth.slice(6)})`;
      const pwd = /<pwd>([^<]*)<\/pwd>/.exec(body)?.[1];
      if (pwd !== undefined) heard = `ada:${pwd}`;
      if (req.url?.endsWith("/SmartView")) {
        res.writeHead(200, { "content-type": "application/xml" });
        res.end(
          body.includes("req_ConnectToProvider")
            ? "<res_ConnectToProvider><sID>1234</sID></res_ConnectToProvider>"
            : `<exception errcode="1051012" type="error"><desc>Not allowed for ${heard}</desc></exception>`,
        );
      } else if (req.url?.endsWith("/msmdpump.dll")) {
        res.writeHead(200, { "content-type": "text/xml" });
        res.end(
          `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>XMLAnalysisError.0xc10a0003</faultcode><faultstring>Access denied for ${heard}</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
        );
      } else {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `Login failed for ${heard}` }));
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream?.close(resolve));
});

describe("a server's error message that echoes the credentials", () => {
  it.each([
    ["essbase-stndln", "/essbase/japi", "action/login"],
    ["planning", "/HyperionPlanning/SmartView", "action/login"],
    ["pbcs", "/HyperionPlanning/SmartView", "action/loginpbcs"],
    ["ssas", "/aps/JAPI", "action/login"],
  ])("reaches a %s caller without the password", async (connector, suffix, path) => {
    const { status, json } = await server.post(
      path,
      { username: "ada", password: PASSWORD, providerAddress: `${address}${suffix}` },
      { connector },
    );
    expect(status).toBe(502);
    expect(json.code).toBe("QB_ERR_PROVIDER_ERROR");
    // The server did echo the password: the message keeps its words, the password masked.
    expect(heard).toContain(PASSWORD);
    expect(json.message).toContain("ada:***");
    expect(json.message).not.toContain(PASSWORD);
    expect(json.message).not.toContain(BASIC);
  });

  it("reaches an essbase caller without the password, in a call after the login", async () => {
    const login = await server.post(
      "action/login",
      { username: "ada", password: PASSWORD, providerAddress: `${address}/aps/JAPI` },
      { connector: "essbase" },
    );
    expect(login.status).toBe(200);
    const { status, json } = await server.post(
      "nav/applications",
      { loginid: login.json.loginid, server: "EssbaseCluster-1" },
      { connector: "essbase" },
    );
    expect(status).toBe(502);
    expect(heard).toContain(PASSWORD);
    expect(json.message).toContain("Not allowed for ada:***");
    expect(json.message).not.toContain(PASSWORD);
  });
});
