import { useNavbarMobileSidebar } from "@docusaurus/theme-common/internal";
import NavbarMobileSidebar from "@theme-original/Navbar/MobileSidebar";
import type { ReactNode } from "react";
import { useEffect } from "react";
import { useMobileSidebarWanted, wantMobileSidebar } from "./wanted";

/** The classic mobile navigation, built once the reader has reached for it (see wanted.ts). */
export default function NavbarMobileSidebarWhenWanted(): ReactNode {
  const { shown } = useNavbarMobileSidebar();
  const wanted = useMobileSidebarWanted();
  useEffect(() => {
    if (shown) wantMobileSidebar();
  }, [shown]);
  return wanted || shown ? <NavbarMobileSidebar /> : null;
}
