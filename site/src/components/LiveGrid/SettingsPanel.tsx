import type { ZoomMode } from "@qibates/engine/grid";
import { ZOOM_MODES } from "@qibates/engine/grid/settings";
import type { ReactNode } from "react";
import type { MemberDisplay, Options } from "./backend";
import type { LivePreset } from "./presets";
import { memberDisplayLabels, text, zoomModeLabels } from "./strings";
import styles from "./styles.module.css";

/** The display settings a live example offers (its preset's `controls`); they apply to the next operation. */
export function SettingsPanel({
  preset,
  options,
  onChange: setOptions,
}: {
  preset: LivePreset;
  options: Options;
  onChange: (options: Options) => void;
}): ReactNode {
  const zoomLabels = zoomModeLabels();
  const displayLabels = memberDisplayLabels();
  return (
    <fieldset className={styles.settings}>
      <legend>{text.settings()}</legend>
      {preset.controls.includes("zoomMode") && (
        <label className={styles.control}>
          {text.zoomMode()}
          <select
            value={options.zoomMode}
            onChange={(e) => setOptions({ ...options, zoomMode: e.target.value as ZoomMode })}
          >
            {ZOOM_MODES.map((m) => (
              <option key={m} value={m}>
                {zoomLabels[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      {preset.controls.includes("includeSelection") && (
        <label className={styles.control}>
          <input
            type="checkbox"
            checked={options.includeSelection}
            onChange={(e) => setOptions({ ...options, includeSelection: e.target.checked })}
          />
          {text.includeSelection()}
        </label>
      )}
      {preset.controls.includes("missingSuppression") && (
        <label className={styles.control}>
          <input
            type="checkbox"
            checked={options.missingSuppression}
            onChange={(e) => setOptions({ ...options, missingSuppression: e.target.checked })}
          />
          {text.missingSuppression()}
        </label>
      )}
      {preset.controls.includes("missingLabel") && (
        <label className={styles.control}>
          {text.missingLabel()}
          <input
            type="text"
            size={10}
            value={options.missingLabel}
            onChange={(e) => setOptions({ ...options, missingLabel: e.target.value })}
          />
        </label>
      )}
      {preset.controls.includes("withoutIndentation") && (
        <label className={styles.control}>
          <input
            type="checkbox"
            checked={options.withoutIndentation}
            onChange={(e) => setOptions({ ...options, withoutIndentation: e.target.checked })}
          />
          {text.withoutIndentation()}
        </label>
      )}
      {preset.controls.includes("memberDisplay") && (
        <label className={styles.control}>
          {text.memberDisplay()}
          <select
            value={options.memberDisplay}
            onChange={(e) => setOptions({ ...options, memberDisplay: e.target.value as MemberDisplay })}
          >
            {(["name", "alias", "nameAndAlias"] as const).map((m) => (
              <option key={m} value={m}>
                {displayLabels[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      {preset.controls.includes("navigateWithoutData") && (
        <label className={styles.control}>
          <input
            type="checkbox"
            checked={options.navigateWithoutData}
            onChange={(e) => setOptions({ ...options, navigateWithoutData: e.target.checked })}
          />
          {text.navigateWithoutData()}
        </label>
      )}
      <span className={styles.note}>{text.optionsApply()}</span>
    </fieldset>
  );
}
