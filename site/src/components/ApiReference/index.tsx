import { translate } from "@docusaurus/Translate";
import { useColorMode } from "@docusaurus/theme-common";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import Layout from "@theme/Layout";
import clsx from "clsx";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { loadScalar, patchScalarAccessibility, type ScalarConfiguration } from "./scalar";
import styles from "./styles.module.css";
import type { ApiSummary } from "./summary";

const API_PATH = "/qibates/api/v2";

type Status = { kind: "loading" } | { kind: "ready" } | { kind: "failed"; message: string };

/** The site root without the locale segment, so both locales share one copy of the Scalar bundle. */
function useRootBaseUrl(): string {
  const { siteConfig, i18n } = useDocusaurusContext();
  const { baseUrl } = siteConfig;
  if (i18n.currentLocale === i18n.defaultLocale) return baseUrl;
  const suffix = `${i18n.currentLocale}/`;
  return baseUrl.endsWith(suffix) ? baseUrl.slice(0, -suffix.length) : baseUrl;
}

function ApiReferenceView({ onReady }: { onReady: () => void }): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  const { colorMode } = useColorMode();
  const rootBaseUrl = useRootBaseUrl();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  const locale = i18n.currentLocale;
  const specUrl = `${siteConfig.baseUrl}openapi/${locale === "fr" ? "qibates.fr.yaml" : "qibates.yaml"}`;
  const thisServer = translate({
    id: "apiReference.server.current",
    message: "This server (demo engine when started with npm start)",
    description: "Description of the try-it server that is the one serving the page",
  });
  const otherServer = translate({
    id: "apiReference.server.other",
    message: "Another QiBates server",
    description: "Description of the try-it server whose address the reader types",
  });
  const originDescription = translate({
    id: "apiReference.server.origin",
    message: "Address of the QiBates server, without a trailing slash",
    description: "Help text of the server address variable in the try-it console",
  });

  const inputLabel = translate({
    id: "apiReference.input.label",
    message: "Value",
    description: "Accessible name of an unlabelled input of the API reference console",
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after a failure.
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const stopPatching = patchScalarAccessibility(element, inputLabel);
    setStatus({ kind: "loading" });
    const configuration: ScalarConfiguration = {
      url: specUrl,
      localization: { locale },
      forceDarkModeState: colorMode,
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      showDeveloperTools: "never",
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      persistAuth: false,
      documentDownloadType: "yaml",
      // "Try it" goes to the server the page comes from; the second entry lets a reader point it elsewhere.
      servers: [
        { url: `${window.location.origin}${API_PATH}`, description: thisServer },
        {
          url: `{origin}${API_PATH}`,
          description: otherServer,
          variables: { origin: { default: "http://localhost:3000", description: originDescription } },
        },
      ],
    };
    loadScalar(`${rootBaseUrl}scalar/standalone.esm.js`)
      .then((scalar) => {
        if (cancelled) return;
        element.replaceChildren();
        destroy = scalar.createApiReference(element, configuration).destroy;
        setStatus({ kind: "ready" });
        onReady();
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setStatus({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
      stopPatching();
      destroy?.();
    };
  }, [
    specUrl,
    locale,
    colorMode,
    rootBaseUrl,
    attempt,
    thisServer,
    otherServer,
    originDescription,
    inputLabel,
  ]);

  return (
    <>
      {status.kind === "loading" && (
        <div className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {translate({
            id: "apiReference.loading",
            message: "Loading the API reference…",
            description: "Shown while the API reference renderer loads",
          })}
        </div>
      )}
      {status.kind === "failed" && (
        <div className={`alert alert--danger ${styles.status}`} role="alert">
          <p>
            {translate({
              id: "apiReference.failed",
              message: "The API reference could not be loaded:",
              description: "Start of the error box when the API reference renderer fails to load",
            })}{" "}
            <code>{status.message}</code>
          </p>
          <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
            {translate({
              id: "apiReference.retry",
              message: "Retry",
              description: "Retry button of the API reference",
            })}
          </button>
        </div>
      )}
      <div ref={host} className={styles.scalar} />
    </>
  );
}

/** Calls of the API grouped by tag, rendered at build time: readable at once, without JavaScript. */
function Summary({ summary }: { summary: ApiSummary }): ReactNode {
  return (
    <div className={styles.summary}>
      <header className={styles.summaryHeader}>
        <h1>{summary.title}</h1>
        <p className={styles.version}>{summary.version}</p>
        <p className={styles.intro}>{summary.intro}</p>
      </header>
      {summary.groups.map((group) => (
        <section key={group.name} className={styles.group}>
          <h2>{group.name}</h2>
          {group.description && <p>{group.description}</p>}
          <ul className={styles.operations}>
            {group.operations.map((operation) => (
              <li key={`${operation.method} ${operation.path}`} className={styles.operation}>
                <span className={clsx(styles.method, styles[operation.method.toLowerCase()])}>
                  {operation.method}
                </span>
                <code className={styles.path}>{operation.path}</code>
                <span className={clsx(operation.deprecated && styles.deprecated)}>{operation.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const INTENT_EVENTS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "focusin"] as const;

/**
 * Starts the interactive reference on the reader's first sign of activity (or at once for a deep link), so
 * that the page shows its content without waiting for the renderer's megabyte of JavaScript.
 */
function useStartOnIntent(): [boolean, () => void] {
  const [started, setStarted] = useState(false);
  const start = useCallback(() => setStarted(true), []);
  useEffect(() => {
    if (started) return undefined;
    if (window.location.hash) {
      setStarted(true);
      return undefined;
    }
    for (const event of INTENT_EVENTS) window.addEventListener(event, start, { once: true, passive: true });
    return () => {
      for (const event of INTENT_EVENTS) window.removeEventListener(event, start);
    };
  }, [started, start]);
  return [started, start];
}

/** /api/qibates: the OpenAPI description of the REST API, rendered in the browser by Scalar. */
export default function ApiReferencePage({ summary }: { summary: ApiSummary }): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  const specHref = `${siteConfig.baseUrl}openapi/${i18n.currentLocale === "fr" ? "qibates.fr.yaml" : "qibates.yaml"}`;
  const title = translate({
    id: "apiReference.title",
    message: "API reference",
    description: "Title of the API reference page",
  });
  const [started, start] = useStartOnIntent();
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  return (
    <Layout
      title={title}
      description={translate({
        id: "apiReference.description",
        message:
          "Reference of the QiBates REST API v2: every call, header, body, response and error, with a console to try them.",
        description: "Meta description of the API reference page",
      })}
    >
      <main className={styles.page}>
        {ready ? (
          <h1 className={styles.visuallyHidden}>{title}</h1>
        ) : (
          <>
            <div className={styles.toolbar}>
              <button type="button" className="button button--primary" onClick={start} disabled={started}>
                {translate({
                  id: "apiReference.open",
                  message: "Open the interactive reference and try-it console",
                  description: "Button that loads the interactive API reference",
                })}
              </button>
              <a className="button button--secondary" href={specHref} download>
                {translate({
                  id: "apiReference.download",
                  message: "Download the OpenAPI description",
                  description: "Link to the OpenAPI file of the API",
                })}
              </a>
            </div>
            <Summary summary={summary} />
          </>
        )}
        {started && <ApiReferenceView onReady={onReady} />}
      </main>
    </Layout>
  );
}
