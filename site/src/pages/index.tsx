import Link from "@docusaurus/Link";
import Translate, { translate } from "@docusaurus/Translate";
import Heading from "@theme/Heading";
import Layout from "@theme/Layout";
import type { ReactNode } from "react";
import styles from "./index.module.css";

type Audience = { title: ReactNode; body: ReactNode; to: string; cta: ReactNode };

const servers = ["Oracle Essbase", "Oracle Hyperion Planning", "Oracle PBCS", "Microsoft SSAS"];

const audiences: Audience[] = [
  {
    title: <Translate id="home.audience.users.title">For finance and planning users</Translate>,
    body: (
      <Translate id="home.audience.users.body">
        Retrieve, analyse and submit data from Excel or Google Sheets: ad hoc grids with zoom, pivot, keep
        only and remove only, planning forms, business rules and task lists, with the behaviour you know from
        Smart View.
      </Translate>
    ),
    to: "/docs/intro",
    cta: <Translate id="home.audience.users.cta">Read the introduction</Translate>,
  },
  {
    title: <Translate id="home.audience.admins.title">For administrators</Translate>,
    body: (
      <Translate id="home.audience.admins.body">
        Install the add-in, activate it for your users and check which feature works with which server family.
      </Translate>
    ),
    to: "/docs/category/activate-the-plugin",
    cta: <Translate id="home.audience.admins.cta">Activate the add-in</Translate>,
  },
  {
    title: <Translate id="home.audience.developers.title">For developers</Translate>,
    body: (
      <Translate id="home.audience.developers.body">
        Call the QiBates REST API v2 to log in, navigate applications, cubes and members, run grid operations
        and submit forms through one JSON API, whatever the server behind it.
      </Translate>
    ),
    to: "/api/qibates",
    cta: <Translate id="home.audience.developers.cta">Open the API reference</Translate>,
  },
];

function Hero(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          <Translate id="home.hero.title">Your Essbase and Planning data, in your spreadsheet</Translate>
        </Heading>
        <p className={styles.lead}>
          <Translate id="home.hero.lead">
            QiBates is an add-in for Excel and Google Sheets that connects to Oracle Essbase, Oracle Hyperion
            Planning, Oracle PBCS and Microsoft SSAS. Open grids and forms, drill through hierarchies, submit
            data and run rules without leaving the sheet.
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
      <Hero />
      <main className="container">
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.audience.heading">Who is QiBates for?</Translate>
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
