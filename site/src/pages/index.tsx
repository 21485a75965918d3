import Link from "@docusaurus/Link";
import Translate, { translate } from "@docusaurus/Translate";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { CONNECTOR_NAMES, CONNECTORS } from "@qibates/provider/connectors";
import Heading from "@theme/Heading";
import Layout from "@theme/Layout";
import type { ReactNode } from "react";
import BaseUrlBanner from "../components/BaseUrlBanner";
import { GridPictureFigure, useGridPictures } from "../components/GridPictures";
import styles from "./index.module.css";

type Audience = { title: ReactNode; body: ReactNode; to: string; cta: ReactNode };

/** The servers QiBates reaches, as the connectors' descriptions name them in full, in the page's language. */
function useServers(): string[] {
  const locale = useDocusaurusContext().i18n.currentLocale === "fr" ? "fr" : "en";
  return CONNECTORS.map((c) => CONNECTOR_NAMES[c].full[locale]);
}

const audiences: Audience[] = [
  {
    title: <Translate id="home.section.use.title">Use the add-in</Translate>,
    body: (
      <Translate id="home.section.use.body">
        For finance and planning users: log in to your server from Excel or Google Sheets, open ad hoc grids
        and planning forms, zoom, pivot, submit data and run business rules, and see what each server allows.
      </Translate>
    ),
    to: "/docs/category/use-the-add-in",
    cta: <Translate id="home.section.use.cta">Open the user guide</Translate>,
  },
  {
    title: <Translate id="home.section.admin.title">Set up and administer</Translate>,
    body: (
      <Translate id="home.section.admin.body">
        For administrators: connect each kind of server, run the QiBates server, allow your servers'
        addresses, and set up the Google or Microsoft sign-in that issues API keys.
      </Translate>
    ),
    to: "/docs/category/set-up-and-administer",
    cta: <Translate id="home.section.admin.cta">Set up QiBates</Translate>,
  },
  {
    title: <Translate id="home.section.develop.title">Develop with the API</Translate>,
    body: (
      <Translate id="home.section.develop.body">
        For developers: call the QiBates REST API v2 to log in, navigate cubes and members, run grid
        operations and submit forms through one JSON API, whatever the server behind it.
      </Translate>
    ),
    to: "/docs/category/develop-with-the-api",
    cta: <Translate id="home.section.develop.cta">Read the API guide</Translate>,
  },
];

/**
 * The product at work on the first screen: Zoom In on the demo cube, the grid before and after as the engine
 * computed it when the site was built (the Zoom page's first picture, a few kilobytes of SVG), in the page's
 * language, linked to the Zoom page.
 */
function AtWork(): ReactNode {
  const picture = useGridPictures()["zoom-in"];
  if (!picture) return null;
  return (
    <GridPictureFigure
      id="zoom-in"
      picture={picture}
      firstScreen
      classNames={{ figure: styles.atWork, image: styles.atWorkImage, caption: styles.atWorkCaption }}
      caption={
        <>
          <Translate id="home.atWork.caption">
            Zoom In on Qtr1 of the demo cube Sample.Basic: the months come into the sheet with their values.
          </Translate>{" "}
          <Link to="/docs/QiBates/features/actions/Zoom">
            <Translate id="home.atWork.link">See how Zoom works</Translate>
          </Link>
        </>
      }
    />
  );
}

function Hero(): ReactNode {
  const servers = useServers();
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.heroGrid}`}>
        <div>
          <Heading as="h1" className={styles.title}>
            <Translate id="home.hero.title">Your Essbase and Planning data, in your spreadsheet</Translate>
          </Heading>
          <p className={styles.lead}>
            <Translate id="home.hero.lead">
              QiBates is an add-in for Excel and Google Sheets that connects to Oracle Essbase, Oracle
              Hyperion Planning, Oracle EPM Cloud Planning (PBCS) and Microsoft SSAS. Open grids and forms,
              drill through hierarchies, submit data and run rules without leaving the sheet.
            </Translate>
          </p>
          <div className={styles.actions}>
            <Link className="button button--secondary button--lg" to="/docs/intro">
              <Translate id="home.hero.start">Get started</Translate>
            </Link>
            <Link className={`button button--outline button--lg ${styles.outline}`} to="/api/qibates">
              <Translate id="home.hero.api">API reference</Translate>
            </Link>
          </div>
          <ul
            className={styles.servers}
            aria-label={translate({ id: "home.servers.label", message: "Supported servers" })}
          >
            {servers.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
        <AtWork />
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title={translate({
        id: "home.meta.title",
        message: "Essbase, Planning, PBCS and SSAS in Excel and Google Sheets",
      })}
      description={translate({
        id: "home.meta.description",
        message:
          "Documentation of QiBates, the spreadsheet add-in for Oracle Essbase, Hyperion Planning, PBCS and Microsoft SSAS, and of its REST API.",
      })}
    >
      <BaseUrlBanner />
      <Hero />
      <main className="container">
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.sections.heading">Three ways into the documentation</Translate>
          </Heading>
          <div className={styles.cards}>
            {audiences.map((audience) => (
              <article key={audience.to} className={styles.card}>
                <Heading as="h3">{audience.title}</Heading>
                <p>{audience.body}</p>
                <Link to={audience.to}>{audience.cta} →</Link>
              </article>
            ))}
          </div>
        </section>
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.start.heading">Where to start</Translate>
          </Heading>
          <ol className={styles.steps}>
            <li>
              <Link to="/docs/category/activate-the-plugin">
                <Translate id="home.start.step1">Install and activate the add-in</Translate>
              </Link>{" "}
              <Translate id="home.start.step1.detail">in Excel or Google Sheets.</Translate>
            </li>
            <li>
              <Link to="/docs/category/understanding-the-application">
                <Translate id="home.start.step2">Log in to your server</Translate>
              </Link>{" "}
              <Translate id="home.start.step2.detail">
                and pick an application and a cube or plan type.
              </Translate>
            </li>
            <li>
              <Link to="/docs/category/actions">
                <Translate id="home.start.step3">Open an ad hoc grid or a form</Translate>
              </Link>{" "}
              <Translate id="home.start.step3.detail">then zoom, pivot, refresh and submit.</Translate>
            </li>
            <li>
              <Link to="/docs/QiBates/qibates-legacy-to-new-qibates">
                <Translate id="home.start.step4">Coming from the legacy add-in?</Translate>
              </Link>{" "}
              <Translate id="home.start.step4.detail">See what changed in QiBates 2.</Translate>
            </li>
          </ol>
        </section>
      </main>
    </Layout>
  );
}
