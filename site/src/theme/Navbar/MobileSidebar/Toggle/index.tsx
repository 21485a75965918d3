import { translate } from "@docusaurus/Translate";
import { useNavbarMobileSidebar } from "@docusaurus/theme-common/internal";
import IconMenu from "@theme/Icon/Menu";
import type { ReactNode } from "react";
import { wantMobileSidebar } from "../wanted";

/** The menu button of the classic theme; reaching for it builds the mobile navigation before the click opens it. */
export default function MobileSidebarToggle(): ReactNode {
  const { toggle, shown } = useNavbarMobileSidebar();
  return (
    <button
      type="button"
      className="navbar__toggle clean-btn"
      aria-label={translate({
        id: "theme.docs.sidebar.toggleSidebarButtonAriaLabel",
        message: "Toggle navigation bar",
        description: "The ARIA label for hamburger menu button of mobile navigation",
      })}
      aria-expanded={shown}
      onClick={toggle}
      onPointerOver={wantMobileSidebar}
      onPointerDown={wantMobileSidebar}
      onFocus={wantMobileSidebar}
    >
      <IconMenu />
    </button>
  );
}
