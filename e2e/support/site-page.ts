import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, ConsoleMessage, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, type ExpectStatic } from "vitest";
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
    expect(errors, `${route}: ${errors.join(" | ")}`).toEqual([]);
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
    // Only the errors of the route's own document count: until it commits, the page still holds the last route's,
    // whose unfinished requests the navigation stops (the API reference's document, when it was still loading).
    let committed = false;
    const onCommit = (frame: Frame) => {
      if (frame === page.mainFrame()) committed = true;
    };
    const onError = (error: Error) => {
      if (committed) errors.push(`pageerror: ${error.message}`);
    };
    const onConsole = (message: ConsoleMessage) => {
      if (committed && message.type() === "error") errors.push(`console: ${message.text()}`);
    };
    let passed = false;
    try {
      // The last route's check may have resized the page.
      await page.setViewportSize(this.viewport);
      page.on("framenavigated", onCommit);
      page.on("pageerror", onError);
      page.on("console", onConsole);
      // Twice Playwright's default: on a loaded 2-core machine a page loading beside three others can take over 30 s.
      const response = await page.goto(baseUrl + route, { waitUntil: "load", timeout: 60_000 });
      expect(response?.status(), route).toBe(200);
      await check(page);
      // The errors in the message's first line: the one `npm test` prints for a test that passed at its second try.
      expect(errors, `${route}: ${errors.join(" | ")}`).toEqual([]);
      passed = true;
    } finally {
      page.off("framenavigated", onCommit);
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

/** Readies a browser context a file opens (an init script, say) before its first page. */
export type PrepareContext = (context: BrowserContext) => Promise<unknown>;
const asOpened: PrepareContext = async () => undefined;

/**
 * The site in one browser context for the tests of a file: Chromium launched before them ({@link chromiumForFile}),
 * a context ({@link newContext}) opened on it and readied by `prepare` (an init script, say), both closed after them.
 * Gives the context, once the tests run.
 */
export function siteContextForFile(prepare: PrepareContext = asOpened): () => BrowserContext {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  chromiumForFile((b) => {
    browser = b;
  });
  beforeAll(async () => {
    context = await newContext(browser as Browser);
    await prepare(context);
  });
  return () => {
    if (!context) throw new Error("the site's browser context opens before the file's tests");
    return context;
  };
}

/**
 * Readies a context whose pages are loaded by their address only, never by a link of the page: each page's script
 * sees a reader who asked to save data (`navigator.connection.saveData`), for whom Docusaurus fetches in advance
 * none of the pages its visible links lead to. A page of the documentation otherwise asks for the files of every
 * page its sidebar shows at each load (most of them from the browser's cache), a large part of the browser's work
 * in a load of the route walk (bench/BENCHMARKS.md). A test of a navigation inside the site keeps a reader's
 * default.
 */
export async function asSavingData(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
}

/** What a test asks of the file's reused page: the viewport's width, and Chromium's script policy bypassed. */
export type VisitOptions = { width?: number; bypassCSP?: boolean };

/** The file's reused page ({@link sitePageForFile}), and its Chromium for a test that needs a context of its own. */
export type SitePage = {
  /** Loads `path` in the file's page; with the response's headers. */
  visit: (path: string, options?: VisitOptions) => Promise<OpenedPage & { headers: Record<string, string> }>;
  browser: () => Browser;
};

/**
 * One page for the tests of a file, reused from test to test: a navigation of a page already open reuses its
 * renderer process, where a new browser context and page would start one. Each `visit` starts as a fresh page
 * would: the site's cookies, local and session storage cleared, permissions and routes removed, the viewport at
 * `width` (1280 px unless told), then `path` loaded (a full navigation) with its errors recorded from then on. The
 * context of a page whose test failed is closed, and the next visit opens a new one, so that nothing the failure
 * left behind (storage not cleared, a dialog, a navigation under way) reaches the next test. A test about the first load of a fresh browser opens its
 * own context instead. `prepare` readies each context the file opens (an init script, say) before its first page.
 */
export function sitePageForFile(baseUrl: string, prepare: PrepareContext = asOpened): SitePage {
  let browser: Browser | undefined;
  // Chromium's script policy bypass is a context's option: one context for each setting.
  const contexts = new Map<boolean, BrowserContext>();
  const pages = new Map<boolean, Page>();
  let detach: (() => void) | undefined;
  chromiumForFile((b) => {
    browser = b;
  });
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      detach?.();
      detach = undefined;
      pages.clear();
      await Promise.all([...contexts.values()].map((context) => context.close().catch(() => undefined)));
      contexts.clear();
    });
  });
  afterAll(async () => {
    await Promise.all([...contexts.values()].map((context) => context.close().catch(() => undefined)));
  });
  const started = (): Browser => {
    if (!browser) throw new Error("the file's Chromium starts before its tests");
    return browser;
  };
  const visit = async (path: string, { width = 1280, bypassCSP = false }: VisitOptions = {}) => {
    const browser = started();
    detach?.();
    detach = undefined;
    let context = contexts.get(bypassCSP);
    if (!context) {
      context = await newContext(browser, width, 900, { bypassCSP });
      contexts.set(bypassCSP, context);
      await prepare(context);
    }
    let page = pages.get(bypassCSP);
    if (page?.url().startsWith(baseUrl)) {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    if (!page) {
      page = await context.newPage();
      pages.set(bypassCSP, page);
    }
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    await page.setViewportSize({ width, height: 900 });
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(`pageerror: ${error.message}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    };
    page.on("pageerror", onError);
    page.on("console", onConsole);
    const opened = page;
    detach = () => {
      opened.off("pageerror", onError);
      opened.off("console", onConsole);
    };
    const response = await page.goto(baseUrl + path, { waitUntil: "load" });
    return { page, status: response?.status(), errors, headers: response?.headers() ?? {} };
  };
  return { visit, browser: started };
}

/**
 * With QIBATES_SCREENSHOTS=1, writes a screenshot to e2e/artifacts/<name>.png (git-ignored) for a person to look
 * at; otherwise nothing. No test reads it, and a full page's picture costs seconds of the browser's CPU.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.QIBATES_SCREENSHOTS !== "1") return;
  mkdirSync(ARTIFACTS, { recursive: true });
  // A full-page picture of the API reference takes more than Playwright's 30 s on a loaded machine.
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage, timeout: 90_000 });
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
