import useIsBrowser from "@docusaurus/useIsBrowser";
import type { Props } from "@theme/NavbarItem/LocaleDropdownNavbarItem";
import LocaleDropdown from "@theme-original/NavbarItem/LocaleDropdownNavbarItem";
import type { ReactNode } from "react";

/**
 * The language dropdown, drawn again once the page runs in the browser. An unknown address is answered with the
 * not-found page built for /404: hydration keeps the links of that HTML (React does not patch attributes), so
 * "Français" on /docs/nope led to /fr/404 instead of /fr/docs/nope. The second drawing links the address read.
 */
export default function LocaleDropdownNavbarItem(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  return <LocaleDropdown key={isBrowser ? "browser" : "build"} {...props} />;
}
