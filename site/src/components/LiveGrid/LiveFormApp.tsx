import type { ReactNode } from "react";
import { LiveSheet } from "./LiveSheet";
import type { PresetName } from "./presets";
import { visionBackend } from "./vision";

/** A live Vision form (its own lazy chunk: the engine's planning layer and the Vision demo application). */
export default function LiveFormApp({ example }: { example: PresetName }): ReactNode {
  return <LiveSheet example={example} backend={visionBackend} />;
}
