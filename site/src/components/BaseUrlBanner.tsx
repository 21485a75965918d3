import ExecutionEnvironment from "@docusaurus/ExecutionEnvironment";
import Head from "@docusaurus/Head";
import { translate } from "@docusaurus/Translate";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import type { ReactNode } from "react";

/** The banner's id; `src/css/custom.css` hides it, so it shows only when the site's CSS did not load either. */
export const BANNER_ID = "qibates-base-url-banner";

/**
 * The script written into the home page: once the HTML is parsed, when the site's JavaScript did not run (its
 * files are not where the page looks for them, as with a wrong `baseUrl`), it puts the banner at the top of the
 * page. Built in the browser, not in the HTML, so that search engines never index it.
 */
function bannerScript(lines: { title: string; cause: string; configured: string; here: string }): string {
  const data = JSON.stringify(lines).replace(/</g, "\\u003c");
  return `document.addEventListener("DOMContentLoaded",function(){
if(typeof window.docusaurus!=="undefined")return;
var t=${data},b=document.createElement("div"),p=location.pathname;
b.id=${JSON.stringify(BANNER_ID)};b.setAttribute("role","alert");
b.style.cssText="border:4px solid #c00;background:#fff3cd;color:#1c1e21;margin:1rem;padding:1rem;font-size:1.1rem";
[["strong",t.title],["span",t.cause],["span",t.configured],["span",t.here.replace("{here}",p.slice(-1)==="/"?p:p+"/")]].forEach(function(l){
var e=document.createElement("p"),s=document.createElement(l[0]);s.textContent=l[1];e.appendChild(s);b.appendChild(e);});
document.body.insertBefore(b,document.body.firstChild);});`;
}

/**
 * Spec §2: a banner warns of a wrong base URL setting when the home path does not match it, in the page's
 * language (it replaces Docusaurus' own banner, which is in English and speaks of Docusaurus).
 */
export default function BaseUrlBanner(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  // Written into the HTML at build time only: in the browser, the script has already run (or was not needed).
  if (ExecutionEnvironment.canUseDOM) return null;
  const script = bannerScript({
    title: translate({
      id: "baseUrlBanner.title",
      message: "This site did not load properly.",
      description: "Banner shown when the site's files are not found (wrong base URL setting): its title",
    }),
    cause: translate({
      id: "baseUrlBanner.cause",
      message:
        "A common cause is a base URL setting (baseUrl) that does not match the address the site is served at.",
      description: "Banner shown when the site's files are not found: the likely cause",
    }),
    configured: translate(
      {
        id: "baseUrlBanner.configured",
        message: "Base URL set: {baseUrl}",
        description: "Banner shown when the site's files are not found: the baseUrl the site was built with",
      },
      { baseUrl: siteConfig.baseUrl },
    ),
    here: translate({
      id: "baseUrlBanner.here",
      message: "Base URL of this address: {here}",
      description:
        "Banner shown when the site's files are not found: the baseUrl matching the page's address",
    }),
  });
  return (
    <Head>
      <script>{script}</script>
    </Head>
  );
}
