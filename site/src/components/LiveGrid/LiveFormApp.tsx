import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { type ReactNode, useCallback } from "react";
import { LiveSheet } from "./LiveSheet";
import type { PresetName } from "./presets";
import { visionBackend } from "./vision";

/** A live Vision form (its own lazy chunk: the engine's planning layer and the Vision demo application). */
export default function LiveFormApp({ example }: { example: PresetName }): ReactNode {
  const { i18n } = useDocusaurusContext();
  const locale = i18n.currentLocale === "fr" ? "fr" : "en";
  // The on-save rules' messages and the refusals in the page's language, as the API says them.
  const backend = useCallback(() => visionBackend(locale), [locale]);
  return <LiveSheet example={example} backend={backend} />;
}
