import { translate } from "@docusaurus/Translate";
import { useColorMode } from "@docusaurus/theme-common";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import Layout from "@theme/Layout";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { loadScalar, patchScalarAccessibility, type ScalarConfiguration } from "./scalar";
import styles from "./styles.module.css";

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

function ApiReferenceView(): ReactNode {
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

/** /api/qibates: the OpenAPI description of the REST API, rendered in the browser by Scalar. */
export default function ApiReferencePage(): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  const specHref = `${siteConfig.baseUrl}openapi/${i18n.currentLocale === "fr" ? "qibates.fr.yaml" : "qibates.yaml"}`;
  const title = translate({
    id: "apiReference.title",
    message: "API reference",
    description: "Title of the API reference page",
  });
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
        <h1 className={styles.visuallyHidden}>{title}</h1>
        <noscript>
          <p className={styles.status}>
            {translate({
              id: "apiReference.noscript",
              message: "The API reference needs JavaScript. You can read the OpenAPI description directly:",
              description: "Shown when JavaScript is off on the API reference page",
            })}{" "}
            <a href={specHref}>qibates.yaml</a>
          </p>
        </noscript>
        <ApiReferenceView />
      </main>
    </Layout>
  );
}
