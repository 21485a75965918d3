// External addresses used by the navbar and footer, in one place so they can be confirmed or changed
// without touching the layout. QIBATES_SITE_URL sets the canonical address of the published site.
export const links = {
  siteUrl: process.env.QIBATES_SITE_URL ?? "https://docs.qibates.com",
  company: "https://www.qibates.com",
  linkedIn: "https://www.linkedin.com/company/qibates",
} as const;
