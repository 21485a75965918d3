import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { beforeAll, type ExpectStatic } from "vitest";
import { chromiumForFile } from "./browser.ts";

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), "..", "artifacts");

export type OpenedPage = { page: Page; status: number | undefined; errors: string[] };

/** Opens `path` in a fresh page and records uncaught errors and console errors while it loads. */
export async function open(context: BrowserContext, baseUrl: string, path: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  const response = await page.goto(baseUrl + path, { waitUntil: "load" });
  return { page, status: response?.status(), errors };
}

/**
 * Opens `route` in a fresh page of `context`, checks that it answers 200, runs `check` on it, then checks that it
 * logged no error; the page is closed whatever happens. `expect` is the test's own (concurrent tests need theirs).
 */
export async function checkPage(
  context: BrowserContext,
  baseUrl: string,
  route: string,
  expect: ExpectStatic,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, status, errors } = await open(context, baseUrl, route);
  try {
    expect(status).toBe(200);
    await check(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

/**
 * Pages of one browser context, each loading route after route: a new page starts a renderer process of its own
 * (seconds of CPU each), a navigation of a page already open reuses its renderer. A page is handed to one caller at
 * a time, at the context's own viewport; a page whose check failed is closed rather than handed out again, so that
 * nothing a failure left behind (a navigation still under way, a dialog) reaches the next route.
 */
export class PagePool {
  private readonly idle: Page[] = [];

  constructor(
    private readonly context: () => BrowserContext,
    private readonly viewport = { width: 1280, height: 900 },
  ) {}

  /**
   * As {@link checkPage}, in a page of the pool: `route` loaded (a full navigation, as a reader's address bar), it
   * answers 200, `check` passes, and the page logged no error while it was loaded and checked.
   */
  async check(
    baseUrl: string,
    route: string,
    expect: ExpectStatic,
    check: (page: Page) => Promise<void>,
  ): Promise<void> {
    const page = this.idle.pop() ?? (await this.context().newPage());
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(`pageerror: ${error.message}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    };
    let passed = false;
    try {
      // The last route's check may have resized the page.
      await page.setViewportSize(this.viewport);
      page.on("pageerror", onError);
      page.on("console", onConsole);
      // Twice Playwright's default: on a loaded 2-core machine a page loading beside three others can take over 30 s.
      const response = await page.goto(baseUrl + route, { waitUntil: "load", timeout: 60_000 });
      expect(response?.status(), route).toBe(200);
      await check(page);
      expect(errors, route).toEqual([]);
      passed = true;
    } finally {
      page.off("pageerror", onError);
      page.off("console", onConsole);
      if (passed) this.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  }

  /** Closes the pages left open. */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((page) => page.close().catch(() => undefined)));
  }
}

/**
 * The drawn pictures of a page as a reader gets them: the figures marked `data-MARK` are `ids`, in order, and each
 * one's image loads once scrolled to (lazily: an SVG the browser could draw), from `/img/FOLDER/ID.LOCALE.svg`,
 * with an alt text that `alt` matches.
 */
export async function expectPictures(
  page: Page,
  expect: ExpectStatic,
  {
    mark,
    folder,
    locale,
    ids,
    alt,
  }: { mark: string; folder: string; locale: string; ids: string[]; alt: RegExp },
): Promise<void> {
  const figures = page.locator(`figure[data-${mark}]`);
  expect(
    await figures.evaluateAll((fs, name) => fs.map((f) => f.getAttribute(name)), `data-${mark}`),
  ).toEqual(ids);
  for (const id of ids) {
    const img = page.locator(`figure[data-${mark}="${id}"] img`);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await img.getAttribute("src")).toMatch(new RegExp(`/img/${folder}/${id}\\.${locale}\\.svg$`));
    expect((await img.getAttribute("alt")) ?? "").toMatch(alt);
  }
}

/**
 * For the accessibility checks: axe-core is injected as an inline script, which the site's script CSP refuses
 * by design (e2e/site-csp.test.ts). Every other browser test keeps the policy on, so a page that breaks it fails.
 */
export const FOR_AXE = { bypassCSP: true } as const;

export async function newContext(
  browser: Browser,
  width = 1280,
  height = 900,
  options: { bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height },
    locale: "en-US",
    serviceWorkers: "block",
    ...options,
  });
}

/**
 * The site in one browser context for the tests of a file: Chromium launched before them ({@link chromiumForFile}),
 * a context ({@link newContext}) opened on it, both closed after them. Gives the context, once the tests run.
 */
export function siteContextForFile(): () => BrowserContext {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  chromiumForFile((b) => {
    browser = b;
  });
  beforeAll(async () => {
    context = await newContext(browser as Browser);
  });
  return () => {
    if (!context) throw new Error("the site's browser context opens before the file's tests");
    return context;
  };
}

/** Writes a screenshot to e2e/artifacts/<name>.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * Waits until React has hydrated the page (Docusaurus marks <html> once the client is running). Other people's
 * test runs may rebuild site/build meanwhile, which removes the chunks an already-loaded page asks for: reload
 * once, as a reader would, before failing.
 */
export async function hydrated(page: Page): Promise<void> {
  const done = () => document.documentElement.dataset.hasHydrated === "true";
  try {
    await page.waitForFunction(done, undefined, { timeout: 20_000 });
  } catch {
    await page.reload({ waitUntil: "load" });
    await page.waitForFunction(done, undefined, { timeout: 20_000 });
  }
}

/** On /api/qibates: asks for the interactive reference (Scalar) and waits until it has rendered. */
export async function startApiConsole(page: Page): Promise<void> {
  await hydrated(page);
  // The reference also starts on the reader's first intent (pointer over the page, scroll): the pointer
  // moving to the button may already have started it, disabling then removing the button. Either way the
  // reference must render.
  await page
    .locator("main .button--primary")
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.locator(".scalar-app").first().waitFor({ timeout: 30_000 });
}
