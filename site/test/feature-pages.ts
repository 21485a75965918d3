import type { DocLocale } from "../tools/capability-docs.ts";

/** The documentation's folders, by language (a page's path under them is the same in both). */
export const DOCS_ROOTS: Record<DocLocale, URL> = {
  en: new URL("../docs/", import.meta.url),
  fr: new URL("../i18n/fr/docusaurus-plugin-content-docs/current/", import.meta.url),
};

/** The changelog's folders, by language. */
export const CHANGELOG_ROOTS: Record<DocLocale, URL> = {
  en: new URL("../changelog/", import.meta.url),
  fr: new URL("../i18n/fr/docusaurus-plugin-content-blog/", import.meta.url),
};

/** The developer's capability table pages (the API's table, written at their end), by language. */
export const FEATURE_PAGES: Record<DocLocale, URL> = {
  en: new URL("develop/capability-table.md", DOCS_ROOTS.en),
  fr: new URL("develop/capability-table.md", DOCS_ROOTS.fr),
};
