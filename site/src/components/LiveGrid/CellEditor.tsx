import type { ReactNode } from "react";
import { text } from "./strings";
import styles from "./styles.module.css";

/** The text box that opens in a cell being edited: Enter or Tab keeps the value, Escape drops it. */
export function CellEditor({
  name,
  value,
  onChange,
  onCommit,
  onCancel,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  onCancel: () => void;
}): ReactNode {
  return (
    <input
      className={styles.editor}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the reader's own keystroke
      autoFocus
      aria-label={text.editCell(name)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onCommit}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === "Tab") {
          e.preventDefault();
          onCommit();
        } else if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
      }}
    />
  );
}
