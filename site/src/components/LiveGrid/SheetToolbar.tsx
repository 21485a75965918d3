import type { ReactNode } from "react";
import type { LiveAction } from "./presets";
import { text } from "./strings";
import styles from "./styles.module.css";

/** The operations of a live sheet, one button each, and Reset. */
export function SheetToolbar({
  actions,
  labels,
  onAction,
  onReset,
}: {
  actions: readonly LiveAction[];
  labels: Record<LiveAction, string>;
  onAction: (action: LiveAction) => void;
  onReset: () => void;
}): ReactNode {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={text.operations()}>
      {actions.map((a) => (
        <button
          key={a}
          type="button"
          className="button button--primary button--sm"
          data-action={a}
          onClick={() => onAction(a)}
        >
          {labels[a]}
        </button>
      ))}
      <button
        type="button"
        className="button button--secondary button--sm"
        data-action="reset"
        onClick={onReset}
      >
        {text.reset()}
      </button>
    </div>
  );
}
