/**
 * The old addresses of the documentation's pages, each with the page that answers it now. The QiBates server
 * answers an old address with a permanent redirect (301) to the new one, in each locale (`/docs/…` and
 * `/fr/docs/…`): site/src/plugins/redirects.ts writes them into each locale's build (`redirects.json`), checked
 * against the pages built, and packages/server/src/site.ts serves them. Paths without the locale prefix.
 * site/test/redirects.test.ts checks that every docs page moved in the repository's history is listed here.
 * A page that moves is added here in the same change; an entry is never removed.
 */
export interface Redirect {
  /** The old address (no locale prefix, no trailing slash). */
  readonly from: string;
  /** The page that answers it now. */
  readonly to: string;
  /** Why it moved, for the reader of this file. */
  readonly why: string;
}

const toAdmin = "2.1: the Connect pages went to the administrator's section";
const toDevelop = "2.1: the developer's pages went to the developer's section";
const legacy =
  "2.0: the 1.x documentation, served at /docs/<page> before QiBates 2, is kept as the docs version 1.x";
const spelling = "2.2: the Keep conditional formatting page's address is spelled right";
const snapshots = "2.2: the offline copy of a cube is called a snapshot everywhere, as in the command";

export const REDIRECTS: readonly Redirect[] = [
  { from: "/docs/QiBates/connect-essbase-11", to: "/docs/admin/connect-essbase-11", why: toAdmin },
  { from: "/docs/QiBates/connect-essbase-21c", to: "/docs/admin/connect-essbase-21c", why: toAdmin },
  { from: "/docs/QiBates/connect-planning", to: "/docs/admin/connect-planning", why: toAdmin },
  { from: "/docs/QiBates/connect-ssas", to: "/docs/admin/connect-ssas", why: toAdmin },
  { from: "/docs/QiBates/api-guide", to: "/docs/develop/api-guide", why: toDevelop },
  { from: "/docs/QiBates/mdx-queries", to: "/docs/develop/mdx-queries", why: toDevelop },
  { from: "/docs/QiBates/xmla-endpoint", to: "/docs/develop/xmla-endpoint", why: toDevelop },
  { from: "/docs/installation", to: "/docs/1.x/installation", why: legacy },
  { from: "/docs/ad-hoc-analysis", to: "/docs/1.x/ad-hoc-analysis", why: legacy },
  { from: "/docs/planning-forms", to: "/docs/1.x/planning-forms", why: legacy },
  { from: "/docs/admin/offline-copy", to: "/docs/admin/snapshots", why: snapshots },
  {
    from: "/docs/QiBates/features/settings/KeepConditionnalFormatting",
    to: "/docs/QiBates/features/settings/KeepConditionalFormatting",
    why: spelling,
  },
];

/** The redirects of one locale, as the server reads them: old path → new path, both with the locale's prefix. */
export function localeRedirects(baseUrl: string): Record<string, string> {
  const prefix = baseUrl.replace(/\/$/, "");
  return Object.fromEntries(REDIRECTS.map((r) => [`${prefix}${r.from}`, `${prefix}${r.to}`]));
}
