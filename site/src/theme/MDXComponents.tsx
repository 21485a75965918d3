import MDXComponents from "@theme-original/MDXComponents";
import DocCode from "../components/DocCode";
import DocTable from "../components/DocTable";
import GridPictures from "../components/GridPictures";

// Components every MDX page may use without an import line: the feature pages show their grid pictures with a
// single line, `<GridPictures page="zoom" />`. Every Markdown table is a DocTable (scrolls sideways when too wide);
// the short words of inline code are marked so that a table cell keeps each on one line (DocCode).
export default {
  ...MDXComponents,
  GridPictures,
  code: DocCode,
  table: DocTable,
};
