import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { type CellKind, GridError, type GridResponse, resolveSettings } from "@qibates/engine/grid";
import { MdxError, runMdxGrid } from "@qibates/engine/mdx";
import { MDX_QUERY_ENDS, mdxReason } from "@qibates/grid-bridge/mdx-errors";
// Numbers as the API's messages write them (50,000; in French 50 000).
import { formatNumber } from "@qibates/provider/error-codes";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import styles from "./styles.module.css";

type Cube = ReturnType<typeof createSampleBasicCube>;
type Locale = "en" | "fr";

/** The most cells a query may answer here, as the API's cell limit does on a server. */
const MAX_CELLS = 50_000;

const EXAMPLES: { id: string; query: string }[] = [
  {
    id: "colaEast",
    query:
      "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS,\n  {[East], [New York]} ON ROWS\nFROM Sample.Basic\nWHERE ([Sales], [100-10], [Actual])",
  },
  {
    id: "quarters",
    query:
      "SELECT [Year].Children ON COLUMNS,\n  [Market].Children ON ROWS\nFROM Sample.Basic\nWHERE ([Sales], [Actual], [100])",
  },
  {
    id: "margin",
    query:
      "WITH MEMBER [Measures].[Margin %] AS '[Profit] / [Sales] * 100'\nSELECT {[Sales], [Profit], [Margin %]} ON COLUMNS,\n  NON EMPTY {[Market].Children} ON ROWS\nFROM Sample.Basic\nWHERE ([Jul], [100-10], [Actual])",
  },
  {
    id: "top",
    query:
      "SELECT {[Sales]} ON COLUMNS,\n  TopCount([Market].Levels(0).Members, 3, [Sales]) ON ROWS\nFROM Sample.Basic\nWHERE ([Year], [Product], [Actual])",
  },
];

const TEXT = {
  en: {
    title: "Try an MDX query on Sample.Basic",
    example: "Example",
    examples: {
      colaEast: "Cola sales, East and New York",
      quarters: "Product 100 by quarter and region",
      margin: "A calculated member (WITH MEMBER)",
      top: "The three best-selling states",
    },
    query: "MDX query",
    aliases: "Show aliases",
    suppress: "Suppress missing rows",
    run: "Run",
    ran: (rows: number, columns: number) =>
      `The query returned a grid of ${formatNumber(rows, "en")} rows and ${formatNumber(columns, "en")} columns.`,
    result: "Result",
    syntax: (e: MdxError) =>
      `QB_ERR_MDX_SYNTAX: The MDX query is not valid MDX: ${cutShort(e) ? `${MDX_QUERY_ENDS.en},` : `unexpected "${e.token}"`} at line ${e.line}, column ${e.column}.`,
    member: (e: MdxError) => `QB_ERR_MEMBER_UNKNOWN: Unknown member "${e.token}".`,
    invalid: (e: MdxError) =>
      `QB_ERR_MDX_INVALID: The MDX query cannot run: ${e.detail} (at "${e.token}", line ${e.line}, column ${e.column}).`,
    tooLarge: `QB_ERR_GRID_TOO_LARGE: this example returns at most ${formatNumber(MAX_CELLS, "en")} cells.`,
  },
  fr: {
    title: "Essayez une requête MDX sur Sample.Basic",
    example: "Exemple",
    examples: {
      colaEast: "Ventes de Cola, East et New York",
      quarters: "Produit 100 par trimestre et par région",
      margin: "Un membre calculé (WITH MEMBER)",
      top: "Les trois États qui vendent le plus",
    },
    query: "Requête MDX",
    aliases: "Afficher les alias",
    suppress: "Supprimer les lignes manquantes",
    run: "Exécuter",
    ran: (rows: number, columns: number) =>
      `La requête a renvoyé une grille de ${formatNumber(rows, "fr")}\u00a0lignes et ${formatNumber(columns, "fr")}\u00a0colonnes.`,
    result: "Résultat",
    syntax: (e: MdxError) =>
      `QB_ERR_MDX_SYNTAX\u00a0: La requête MDX n'est pas du MDX valide\u00a0: ${cutShort(e) ? `${MDX_QUERY_ENDS.fr},` : `«\u00a0${e.token}\u00a0» inattendu`} à la ligne ${e.line}, colonne ${e.column}.`,
    member: (e: MdxError) => `QB_ERR_MEMBER_UNKNOWN\u00a0: Membre inconnu «\u00a0${e.token}\u00a0».`,
    invalid: (e: MdxError) =>
      `QB_ERR_MDX_INVALID\u00a0: La requête MDX ne peut pas s'exécuter\u00a0: ${mdxReason(e).fr} (sur «\u00a0${e.token}\u00a0», ligne ${e.line}, colonne ${e.column}).`,
    tooLarge: `QB_ERR_GRID_TOO_LARGE\u00a0: cet exemple renvoie au plus ${formatNumber(MAX_CELLS, "fr")}\u00a0cellules.`,
  },
} as const;

/** A syntax error at the end of the query: nothing to quote, the message says the query ends there (as the API). */
const cutShort = (e: MdxError): boolean => e.reason.id === "syntax" && e.reason.found === null;

/** What the API would answer for an error of the engine, as its registry words it. */
function errorText(e: unknown, t: (typeof TEXT)[Locale]): string {
  if (e instanceof MdxError) {
    if (e.code === "MDX_SYNTAX") return t.syntax(e);
    if (e.code === "MDX_UNKNOWN_MEMBER") return t.member(e);
    if (e.code === "MDX_TOO_LARGE") return t.tooLarge;
    return t.invalid(e);
  }
  if (e instanceof GridError && e.code === "GRID_TOO_LARGE") return t.tooLarge;
  return e instanceof Error ? e.message : String(e);
}

const MEMBER_KINDS = new Set<CellKind>(["pov", "column-header", "row-header"]);

interface Answer {
  grid: GridResponse | null;
  error: string | null;
}

export default function LiveMdxApp(): ReactNode {
  const { i18n } = useDocusaurusContext();
  const locale: Locale = i18n.currentLocale === "fr" ? "fr" : "en";
  const t = TEXT[locale];
  const id = useId();
  const cube = useRef<Cube | null>(null);
  const [example, setExample] = useState(EXAMPLES[0]?.id ?? "");
  const [query, setQuery] = useState(EXAMPLES[0]?.query ?? "");
  const [aliases, setAliases] = useState(true);
  const [suppress, setSuppress] = useState(false);

  /** The grid `action/mdx` would answer, or its error, computed by the engine in the page. */
  const answerOf = (text: string, withAliases: boolean, suppressed: boolean): Answer => {
    if (cube.current === null) cube.current = createSampleBasicCube();
    try {
      const settings = resolveSettings({ missingSuppression: suppressed }, withAliases ? "Default" : null);
      return { grid: runMdxGrid(cube.current, text, { settings, maxCells: MAX_CELLS }), error: null };
    } catch (e) {
      return { grid: null, error: errorText(e, t) };
    }
  };
  const [answer, setAnswer] = useState<Answer>(() => answerOf(query, aliases, suppress));
  const run = (text = query, withAliases = aliases, suppressed = suppress) =>
    setAnswer(answerOf(text, withAliases, suppressed));

  const width = useMemo(() => answer.grid?.grid.reduce((w, r) => Math.max(w, r.length), 0) ?? 0, [answer]);

  return (
    <section className={styles.liveMdx} aria-labelledby={`${id}-title`} data-live-mdx>
      <h3 id={`${id}-title`} className={styles.title}>
        {t.title}
      </h3>
      <div className={styles.toolbar}>
        <label htmlFor={`${id}-example`}>{t.example}</label>
        <select
          id={`${id}-example`}
          value={example}
          onChange={(e) => {
            const picked = EXAMPLES.find((x) => x.id === e.target.value);
            setExample(e.target.value);
            if (picked) {
              setQuery(picked.query);
              run(picked.query);
            }
          }}
        >
          {EXAMPLES.map((x) => (
            <option key={x.id} value={x.id}>
              {t.examples[x.id as keyof typeof t.examples]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-query`}>{t.query}</label>
        <textarea
          id={`${id}-query`}
          className={styles.query}
          value={query}
          rows={6}
          spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className={styles.toolbar}>
        <label>
          <input
            type="checkbox"
            checked={aliases}
            onChange={(e) => {
              setAliases(e.target.checked);
              run(query, e.target.checked, suppress);
            }}
          />{" "}
          {t.aliases}
        </label>
        <label>
          <input
            type="checkbox"
            checked={suppress}
            onChange={(e) => {
              setSuppress(e.target.checked);
              run(query, aliases, e.target.checked);
            }}
          />{" "}
          {t.suppress}
        </label>
        <button type="button" className="button button--primary button--sm" onClick={() => run()} data-run>
          {t.run}
        </button>
      </div>
      <p className={styles.status} role="status" data-status>
        {answer.grid ? t.ran(answer.grid.grid.length, width) : ""}
      </p>
      {answer.error ? (
        <p className={styles.error} role="alert">
          {answer.error}
        </p>
      ) : null}
      {answer.grid ? (
        <div className={styles.scroll}>
          <table className={styles.grid} aria-label={t.result}>
            <tbody>
              {answer.grid.grid.map((line, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a grid have no other identity
                <tr key={r}>
                  {Array.from({ length: width }, (_, c) => {
                    const kind: CellKind = answer.grid?.kinds[r]?.[c] ?? "blank";
                    const text = line[c] ?? "";
                    const className = [
                      MEMBER_KINDS.has(kind) ? styles.member : "",
                      kind === "data" || kind === "missing" ? styles.data : "",
                      kind === "missing" ? styles.missing : "",
                    ]
                      .filter(Boolean)
                      .join(" ");
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of a grid row have no other identity
                      <td key={c} className={className} data-kind={kind}>
                        {kind === "row-header" ? text.replace(/^ +/, (s) => "\u00a0".repeat(s.length)) : text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
