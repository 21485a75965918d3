import { useLocation } from "@docusaurus/router";
import Translate from "@docusaurus/Translate";
import type { WrapperProps } from "@docusaurus/types";
import useBaseUrl from "@docusaurus/useBaseUrl";
import type BlogPostItemsType from "@theme/BlogPostItems";
import Heading from "@theme/Heading";
import BlogPostItems from "@theme-original/BlogPostItems";
import type { ReactNode } from "react";

type Props = WrapperProps<typeof BlogPostItemsType>;

/** The changelog's list page has no heading of its own; give it one (the page's single h1). */
export default function BlogPostItemsWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  const changelog = useBaseUrl("/qibates-changelog");
  return (
    <>
      {pathname.replace(/\/$/, "") === changelog && (
        <header className="margin-bottom--lg">
          <Heading as="h1">
            <Translate id="changelog.title" description="Heading of the changelog page">
              QiBates changelog
            </Translate>
          </Heading>
          <p>
            <Translate id="changelog.intro" description="Introduction of the changelog page">
              Every release of the QiBates add-in, the REST API and the embedded demo engine, newest first.
            </Translate>
          </p>
        </header>
      )}
      <BlogPostItems {...props} />
    </>
  );
}
