import { usePluginData } from "@docusaurus/useGlobalData";
import type { ReactNode } from "react";
import Figure from "../Figure";
import type { ScreenPicture as Picture, ScreenPicturesData } from "./types";

/**
 * One screen of the add-in's pane (or the server's key page), drawn when the site was built from its description
 * (site/src/screens) in the page's language, as a figure with its alt text and caption:
 * `<ScreenPicture screen="login-essbase" />`. A screen the build did not draw fails the page's build rather than
 * showing nothing.
 */
export default function ScreenPicture({ screen }: { screen: string }): ReactNode {
  const picture: Picture | undefined = (usePluginData("screen-pictures") as ScreenPicturesData).screens[
    screen
  ];
  if (!picture) throw new Error(`<ScreenPicture screen="${screen}" />: no such screen in site/src/screens`);
  return <Figure picture={picture} data={{ "data-screen-picture": screen }} />;
}
