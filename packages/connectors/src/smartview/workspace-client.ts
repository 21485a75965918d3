import {
  answers,
  helloBody,
  provisionedDataSourcesBody,
  readProvisionedDataSources,
  SMARTVIEW_PROVIDERS_PATH,
  ssoConnectBody,
  ssoXml,
  svText,
} from "@qibates/protocols/smartview";
import { ProviderError } from "@qibates/provider";
import { CONNECTOR_REASONS, UNREADABLE } from "../net/unreadable.ts";
import type { Upstreams } from "../net/upstream.ts";
import type { Credentials } from "../remote/client-base.ts";
import { loginRefused } from "../remote/login.ts";
import { SmartViewClient } from "./client.ts";

/** `https://h:p/HyperionPlanning/SmartView` → `https://h:p/workspace/SmartViewProviders` (EPM Workspace). */
export function workspaceUrlFor(address: string | URL): URL {
  return new URL(SMARTVIEW_PROVIDERS_PATH, new URL(String(address)).origin);
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
    credentials: Credentials,
  ) {
    super(upstreams, url, credentials);
  }

  override async connect(): Promise<void> {
    await this.post("ConnectToProvider", helloBody());
    const sources = await this.post(
      "GetProvisionedDataSources",
      provisionedDataSourcesBody(this.username, this.password),
      this.workspace,
    );
    if (!answers(sources, "GetProvisionedDataSources")) {
      throw loginRefused();
    }
    const { sso, planning } = readProvisionedDataSources(sources);
    if (sso === "") throw this.malformed(UNREADABLE.answerWithout("GetProvisionedDataSources", "sso"));
    if (!planning) {
      const reason = CONNECTOR_REASONS.noPlanningProvider();
      throw new ProviderError("PROVIDER_FAILED", reason.en, { reason });
    }
    const answer = await this.post("ConnectToProvider", ssoConnectBody(sso));
    if (!answers(answer, "ConnectToProvider")) {
      throw new ProviderError("LOGIN_FAILED", "Planning refused the single sign-on token of EPM Workspace.");
    }
    const sid = svText(answer, "sID");
    if (sid === "") throw this.malformed(UNREADABLE.answerWithout("ConnectToProvider", "sID"));
    this.sso = sso;
    this.sid = sid;
    this.open = null;
  }

  protected override credentials(): string[] {
    return [ssoXml(this.sso)];
  }
}

/**
 * The Smart View session of a `planning` login at `address` (`…/HyperionPlanning/SmartView`), logged in through
 * EPM Workspace: what `PlanningSmartViewProvider` is given as its `smartView` option.
 */
export function planningSmartViewClient(
  upstreams: Upstreams,
  address: URL,
  credentials: Credentials,
): PlanningSmartViewClient {
  return new PlanningSmartViewClient(upstreams, address, workspaceUrlFor(address), credentials);
}
