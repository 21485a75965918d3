import MDXComponents from "@theme-original/MDXComponents";
import DocTable from "../components/DocTable";
import GridPictures from "../components/GridPictures";

// Components every MDX page may use without an import line: the feature pages show their grid pictures with a
// single line, `<GridPictures page="zoom" />`. Every Markdown table is a DocTable (scrolls sideways when too wide).
export default {
  ...MDXComponents,
  GridPictures,
  table: DocTable,
};
