import { translate } from "@docusaurus/Translate";
import { PageMetadata } from "@docusaurus/theme-common";
import type { Props } from "@theme/NotFound/Content";
import Content from "@theme-original/NotFound/Content";
import type { ReactNode } from "react";

/**
 * The not-found text, with the page title it needs wherever it shows: the docs render it alone for an unknown
 * /docs/… path, and the tab then read "QiBates" once the page had loaded instead of "Page Not Found | QiBates".
 */
export default function NotFoundContent(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({ id: "theme.NotFound.title", message: "Page Not Found" })} />
      <Content {...props} />
    </>
  );
}
