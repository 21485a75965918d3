import type * as Preset from "@docusaurus/preset-classic";
import type { Config } from "@docusaurus/types";
import remarkFrenchTypography, { frenchFrontMatter, isFrenchSource } from "./src/plugins/french-typography";
import remarkProductValues, { productValuesFrontMatter } from "./src/plugins/product-values";
import { codeTheme } from "./src/prism-themes";
import { links } from "./src/site-links";

// Docusaurus loads this file once per locale it builds, with the locale in this variable.
const french = process.env.DOCUSAURUS_CURRENT_LOCALE === "fr";
// The product's numbers written from the code (`{{config:NAME}}`, `{{limit:NAME}}`), then French spacing (no-break
// spaces before : ; ? !, inside « », thousands) in the French docs, changelog and pages.
const contentPlugins = {
  beforeDefaultRemarkPlugins: french ? [remarkProductValues, remarkFrenchTypography] : [remarkProductValues],
};

const config: Config = {
  title: "QiBates",
  tagline: "Essbase, Planning, PBCS and SSAS in your spreadsheet",
  favicon: "img/favicon.svg",
  url: links.siteUrl,
  baseUrl: "/",
  // Pages are written as `docs/intro.html` and linked without a trailing slash; the server maps
  // `/docs/intro` to that file and redirects `*.html` to the clean path.
  trailingSlash: false,
  // The wrong-base-URL banner of the home page is src/components/BaseUrlBanner.tsx, in the page's language
  // (Docusaurus' own is in English on both sites).
  baseUrlIssueBanner: false,

  // No page shows a last-update date or author and the sitemap sets no lastmod (changelog dates come from the
  // posts' file names), so the build reads nothing from git: without this, every locale's build starts by
  // walking the repository's history. Rspack's persistent cache is off: with both locales built in one process,
  // it served a page's old text after the page changed (a build after a merge), so a start or a test run could
  // serve stale pages; a cold build of both locales costs about a minute here.
  future: { v4: true, experimental_vcs: false, faster: { rspackPersistentCache: false } },
  // One storage namespace for both locales, so the colour mode and the docs version chosen on /fr/ also hold
  // on / (the v4 default namespaces storage by baseUrl).
  storage: { type: "localStorage", namespace: "qibates" },

  // Spec §4: broken links fail the build; broken markdown links and duplicate routes only warn.
  onBrokenLinks: "throw",
  onBrokenAnchors: "throw",
  onDuplicateRoutes: "warn",
  markdown: {
    // `.md` is CommonMark (what the writers use), `.mdx` is MDX (live examples).
    format: "detect",
    hooks: { onBrokenMarkdownLinks: "warn" },
    // Titles, sidebar labels and descriptions of the French pages get the same French spacing as their text.
    parseFrontMatter: async (params) => {
      const parsed = await params.defaultParseFrontMatter(params);
      const frenchSource = french && isFrenchSource(params.filePath);
      const result = {
        ...parsed,
        frontMatter: productValuesFrontMatter(parsed.frontMatter, frenchSource ? "fr" : "en"),
      };
      if (!frenchSource) return result;
      return { ...result, frontMatter: frenchFrontMatter(result.frontMatter) };
    },
  },

  i18n: {
    defaultLocale: "en",
    locales: ["en", "fr"],
    localeConfigs: {
      en: { label: "English", htmlLang: "en" },
      fr: { label: "Français", htmlLang: "fr" },
    },
  },

  presets: [
    [
      "classic",
      {
        docs: {
          sidebarPath: "./sidebars.ts",
          ...contentPlugins,
          lastVersion: "current",
          versions: {
            current: { label: "2.x (current)", path: "" },
            "1.x": { label: "1.x (legacy)", path: "1.x", banner: "unmaintained" },
          },
        },
        blog: {
          path: "changelog",
          ...contentPlugins,
          routeBasePath: "qibates-changelog",
          blogTitle: "QiBates changelog",
          blogDescription: "Releases of the QiBates add-in, its REST API and the embedded demo engine.",
          blogSidebarTitle: "Releases",
          blogSidebarCount: "ALL",
          postsPerPage: "ALL",
          showReadingTime: false,
          onInlineAuthors: "ignore",
          onUntruncatedBlogPosts: "ignore",
          // The feeds' title and description in the locale's language (Docusaurus translates the blog's title
          // from i18n/fr/…/options.json, not its feeds'; without these they were "QiBates Blog" in both).
          feedOptions: {
            type: "all",
            title: french ? "Journal des modifications de QiBates" : "QiBates changelog",
            description: french
              ? "Les versions du complément QiBates, de son API REST et du moteur de démonstration intégré."
              : "Releases of the QiBates add-in, its REST API and the embedded demo engine.",
            copyright: `Copyright © 2023–2026 QiBates`,
          },
        },
        pages: { ...contentPlugins },
        theme: { customCss: "./src/css/custom.css" },
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    [
      "@easyops-cn/docusaurus-search-local",
      {
        hashed: true,
        language: ["en", "fr"],
        docsRouteBasePath: "/docs",
        blogRouteBasePath: "/qibates-changelog",
        blogDir: "changelog",
        indexBlog: true,
        indexPages: false,
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
      },
    ],
  ],

  plugins: [
    "./src/plugins/api-reference-route.ts",
    "./src/plugins/code-blocks.ts",
    // Hashes of the pages' inline scripts, for the server's script CSP (build/script-hashes.json).
    "./src/plugins/script-hashes.ts",
    // The grid before and after each ad hoc operation, computed by the engine (static/img/grids/).
    "./src/plugins/grid-pictures.ts",
    // The add-in's screens, drawn from one description per screen in both languages (static/img/screens/).
    "./src/plugins/screen-pictures.ts",
    // The old addresses of moved pages, answered by the server with a 301 (build/redirects.json).
    "./src/plugins/redirects.ts",
    // The changelog's feed links titled in French on the French site (« … (flux RSS) », not "… RSS Feed").
    "./src/plugins/feed-link-titles.ts",
  ],

  themeConfig: {
    colorMode: {
      defaultMode: "light",
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    navbar: {
      title: "QiBates",
      logo: { alt: "QiBates", src: "img/logo.svg", width: 32, height: 32 },
      hideOnScroll: false,
      items: [
        { type: "doc", docId: "intro", position: "left", label: "Documentation" },
        { to: "/api/qibates", position: "left", label: "API reference" },
        { to: "/qibates-changelog", position: "left", label: "Changelog" },
        { type: "docsVersionDropdown", position: "right" },
        { type: "localeDropdown", position: "right" },
        { type: "search", position: "right" },
      ],
    },
    footer: {
      style: "dark",
      links: [
        {
          title: "Documentation",
          items: [
            { label: "Introduction", to: "/docs/intro" },
            { label: "All documentation", to: "/docs" },
          ],
        },
        {
          title: "Developers",
          items: [
            { label: "API reference", to: "/api/qibates" },
            { label: "Changelog", to: "/qibates-changelog" },
          ],
        },
        {
          title: "Company",
          items: [
            { label: "LinkedIn", href: links.linkedIn },
            { label: "QiBates website", href: links.company },
          ],
        },
      ],
      copyright: "Copyright © 2023–2026 QiBates. All rights reserved.",
    },
    prism: {
      // One theme whose colours are CSS variables set per colour mode (src/plugins/code-blocks.ts).
      theme: codeTheme,
      darkTheme: codeTheme,
      additionalLanguages: ["bash", "json", "yaml"],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
