import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { type ReactNode, useCallback } from "react";
import { sampleBasicBackend } from "./essbase";
import { LiveSheet } from "./LiveSheet";
import type { PresetName } from "./presets";

/** A live Sample.Basic ad hoc grid (its own lazy chunk: the engine and the Sample.Basic data). */
export default function LiveGridApp({ example }: { example: PresetName }): ReactNode {
  const { i18n } = useDocusaurusContext();
  const locale = i18n.currentLocale === "fr" ? "fr" : "en";
  // The engine's refusals are said as the API says them, in the page's language.
  const backend = useCallback(() => sampleBasicBackend(locale), [locale]);
  return <LiveSheet example={example} backend={backend} />;
}
