import { ProviderError } from "../errors.ts";
import type { Upstreams } from "../net/upstream.ts";
import { leaf, SmartViewClient, svChild, svText } from "../smartview/client.ts";

/** `https://h:p/HyperionPlanning/SmartView` → `https://h:p/workspace/SmartViewProviders` (EPM Workspace). */
export function workspaceUrlFor(address: string | URL): URL {
  return new URL("/workspace/SmartViewProviders", new URL(String(address)).origin);
}

/**
 * A Smart View session with Hyperion Planning on premises (`…/HyperionPlanning/SmartView`), logged in as
 * terameta/EPMToolBox-v3's client does it (described in `NOTES-planning-smartview.md`): a `ConnectToProvider`
 * hello without credentials to Planning, `GetProvisionedDataSources` with the user name and password to EPM
 * Workspace (`/workspace/SmartViewProviders`), which answers a single sign-on token `sso` and the providers
 * (`Product id="HP"` is Planning), then `ConnectToProvider` with the token to Planning, which answers `sID`.
 * `OpenApplication` carries the token (agardiner/SmartView sends `sso` there when it logged in with one).
 */
export class PlanningSmartViewClient extends SmartViewClient {
  private sso = "";

  constructor(
    upstreams: Upstreams,
    url: URL,
    private readonly workspace: URL,
    username: string,
    password: string,
  ) {
    super(upstreams, url, username, password);
  }

  override async connect(): Promise<void> {
    await this.post(
      "ConnectToProvider",
      [
        leaf("ClientXMLVersion", "4.2.5.7.3"),
        '<lngs enc="0">en_US</lngs>',
        leaf("usr", ""),
        leaf("pwd", ""),
      ].join("\n"),
    );
    const sources = await this.post(
      "GetProvisionedDataSources",
      [leaf("usr", this.username), leaf("pwd", this.password), leaf("filters", "")].join("\n"),
      this.workspace,
    );
    if (sources.name !== "res_GetProvisionedDataSources") {
      throw new ProviderError("LOGIN_FAILED", "The server refused the user name or password.");
    }
    const sso = svText(sources, "sso");
    if (sso === "") throw this.malformed("a GetProvisionedDataSources answer without sso");
    const planning = sources.children.find((c) => c.name === "Product" && c.attrs.id === "HP");
    if (!planning || !svChild(planning, "Server")) {
      const reason = "EPM Workspace lists no Planning provider (Product HP) for this user";
      throw new ProviderError("PROVIDER_FAILED", reason, { reason });
    }
    const answer = await this.post(
      "ConnectToProvider",
      [leaf("ClientXMLVersion", "4.2.5.6.0"), '<lngs enc="0">en_US</lngs>', leaf("sso", sso)].join("\n"),
    );
    if (answer.name !== "res_ConnectToProvider") {
      throw new ProviderError("LOGIN_FAILED", "Planning refused the single sign-on token of EPM Workspace.");
    }
    const sid = svText(answer, "sID");
    if (sid === "") throw this.malformed("a ConnectToProvider answer without sID");
    this.sso = sso;
    this.sid = sid;
    this.open = null;
  }

  protected override credentials(): string[] {
    return [leaf("sso", this.sso)];
  }
}
