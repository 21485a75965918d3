import type { DocLocale } from "../src/capability-docs.ts";

/** The "Features and compatibility" documentation pages, by language. */
export const FEATURE_PAGES: Record<DocLocale, URL> = {
  en: new URL("../../../site/docs/QiBates/features-compatibility.md", import.meta.url),
  fr: new URL(
    "../../../site/i18n/fr/docusaurus-plugin-content-docs/current/QiBates/features-compatibility.md",
    import.meta.url,
  ),
};
