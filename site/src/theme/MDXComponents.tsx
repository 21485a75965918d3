import MDXComponents from "@theme-original/MDXComponents";
import GridPictures from "../components/GridPictures";

// Components every MDX page may use without an import line: the feature pages show their grid pictures with a
// single line, `<GridPictures page="zoom" />`.
export default {
  ...MDXComponents,
  GridPictures,
};
