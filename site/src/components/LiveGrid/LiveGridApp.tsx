import type { ReactNode } from "react";
import { sampleBasicBackend } from "./essbase";
import { LiveSheet } from "./LiveSheet";
import type { PresetName } from "./presets";

/** A live Sample.Basic ad hoc grid (its own lazy chunk: the engine and the Sample.Basic data). */
export default function LiveGridApp({ example }: { example: PresetName }): ReactNode {
  return <LiveSheet example={example} backend={sampleBasicBackend} />;
}
