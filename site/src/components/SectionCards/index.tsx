import Link from "@docusaurus/Link";
import type { ReactNode } from "react";
import styles from "./styles.module.css";

type CardProps = { to: string; title: string; children: ReactNode };

/** One entry of the documentation overview: a title that links to a section and one sentence about it. */
export function SectionCard({ to, title, children }: CardProps): ReactNode {
  return (
    <Link to={to} className={`qb-card ${styles.card}`}>
      <span className={styles.title}>{title}</span>
      <span className={styles.body}>{children}</span>
    </Link>
  );
}

/** A responsive grid of `SectionCard`s (one column on phones, two on wider screens). */
export function SectionCards({ children }: { children: ReactNode }): ReactNode {
  return <div className={styles.grid}>{children}</div>;
}
