// The one function of react-dom/server the tests use (the workspace has no @types/react-dom).
declare module "react-dom/server" {
  import type { ReactNode } from "react";
  export function renderToStaticMarkup(node: ReactNode): string;
}
