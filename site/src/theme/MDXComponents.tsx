import MDXComponents from "@theme-original/MDXComponents";
import DocCode from "../components/DocCode";
import DocTable from "../components/DocTable";
import GridPictures from "../components/GridPictures";
import ScreenPicture from "../components/ScreenPicture";

// Components every MDX page may use without an import line: the feature pages show their grid pictures with a
// single line, `<GridPictures page="zoom" />`, the pages of the add-in's screens theirs with
// `<ScreenPicture screen="login-essbase" />`. Every Markdown table is a DocTable (scrolls sideways when too wide);
// the short words of inline code are marked so that a table cell keeps each on one line (DocCode).
export default {
  ...MDXComponents,
  GridPictures,
  ScreenPicture,
  code: DocCode,
  table: DocTable,
};
