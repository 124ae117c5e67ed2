import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium unless CHROMIUM_PATH names another build; nothing is ever downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}. Install Debian's (apt-get update && apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}

export interface Viewport {
  width: number;
  height: number;
}

export const NARROW: Viewport = { width: 1280, height: 800 };
export const WIDE: Viewport = { width: 1600, height: 900 };
/** A phone as the reviews used it: 375 px, and with `openPhone` a touch screen with a mobile layout viewport. */
export const PHONE: Viewport = { width: 375, height: 800 };

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far, one readable line each. */
  problems: string[];
  /**
   * Fails when the page logged an error, threw, or broke its Content-Security-Policy.
   * `allow` skips expected messages (e.g. Chromium's "Failed to load resource … 404" for a 404 page).
   */
  expectNoProblems(allow?: RegExp[]): void;
}

/**
 * A fresh context and page at the given size that records everything that would hint at a broken page:
 * `console.error` (React's hydration mismatches, failed loads, CSP reports all land there),
 * uncaught exceptions, and `securitypolicyviolation` events from the document.
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
  baseURL: string,
  device: { phone?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport,
    baseURL,
    // A phone's browser widens its layout viewport when the document is wider than the screen, and lays
    // fixed bars out in that wider viewport: only isMobile shows the bug a 375 px desktop window hides.
    ...(device.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  // The journeys test the shop, not the internet: third-party requests (the contact map) fail at once,
  // as they would offline, whatever network the machine has.
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
  const page = await context.newPage();
  const problems: string[] = [];

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url ? ` (${message.location().url})` : '';
    const kind = /Content Security Policy/i.test(message.text()) ? 'CSP violation' : 'console error';
    problems.push(`${kind} on ${page.url()}: ${message.text()}${where}`);
  });
  page.on('pageerror', (error) => {
    problems.push(`uncaught exception on ${page.url()}: ${error.stack ?? error.message}`);
  });
  // Chromium prints CSP violations to the console too; this also catches report-only ones with details.
  await page.exposeFunction('__e2eReportCsp', (line: string) => problems.push(`CSP violation: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eReportCsp: (line: string) => void }).__e2eReportCsp;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}` +
          (event.sourceFile ? ` from ${event.sourceFile}:${event.lineNumber}` : '') +
          (event.sample ? ` sample: ${event.sample}` : ''),
      );
    });
  });

  return {
    context,
    page,
    problems,
    expectNoProblems(allow = []) {
      const unexpected = problems.filter((line) => !allow.some((pattern) => pattern.test(line)));
      if (unexpected.length > 0) {
        throw new Error(`The page reported ${unexpected.length} problem(s):\n  ${unexpected.join('\n  ')}`);
      }
    },
  };
}

/** `openPage` at 375 px as a phone: touch, isMobile and a device scale of 2. */
export function openPhone(browser: Browser, baseURL: string): Promise<WatchedPage> {
  return openPage(browser, PHONE, baseURL, { phone: true });
}

/**
 * Fails when the document is wider than the window: a phone would scroll sideways, and with isMobile it would
 * widen its layout viewport and lay the fixed bars out off the screen.
 */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${label}: the page scrolls sideways (${scrollWidth} px in ${innerWidth} px)`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Fails unless the element's box lies wholly inside the visual viewport (what the shopper sees, not the page). */
export async function expectInView(locator: Locator, label: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${label}: not laid out`).not.toBeNull();
  const view = await locator.page().evaluate(() => ({
    width: window.visualViewport?.width ?? window.innerWidth,
    height: window.visualViewport?.height ?? window.innerHeight,
  }));
  const { x, y, width, height } = box!;
  expect(
    x >= 0 && y >= 0 && x + width <= view.width + 0.5 && y + height <= view.height + 0.5,
    `${label}: at x=${x} y=${y} (${width}×${height}), outside the ${view.width}×${view.height} viewport`,
  ).toBe(true);
}

/**
 * Waits until the page has loaded and React has hydrated it: the `data-hydrated` marker the root layout sets
 * in an effect, so clicks reach real event handlers. Network silence ('networkidle') is not used: an aborted
 * third-party frame or a slow machine makes it hang or pass at the wrong time.
 */
export async function waitForHydration(page: Page, problems: string[] = []): Promise<void> {
  await page.waitForLoadState('load');
  try {
    await page.waitForFunction(
      () => {
        return document.documentElement.dataset.hydrated === 'true';
      },
      undefined,
      { timeout: 15_000 },
    );
  } catch (error) {
    throw new Error(
      `${page.url()} did not hydrate within 15 s. What the page reported:\n  ` +
        `${problems.join('\n  ') || '(nothing)'}\n` +
        'If apps/web/build was rebuilt while the server was running, the hashed scripts it links are gone.',
      { cause: error },
    );
  }
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and fails on serious or critical violations, listing each rule,
 * its help text and the elements (CSS selector and axe's summary) that break it.
 * Minor and moderate findings are printed as warnings so they are seen but do not fail the journey.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Axe reads the colours of this instant, and a slide caught half-way through its fade has colours no page
  // shows at rest. So the check runs with reduced motion, which the shop honours (nothing moves, the slider
  // stays), once the transitions already under way have ended.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    results = await new AxeBuilder({ page }).analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  const describe = (violations: typeof results.violations) =>
    violations
      .map((violation) => {
        const nodes = violation.nodes
          .map((node) => {
            const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
            return `      - ${node.target.join(' ')}\n        ${node.html.slice(0, 200)}\n        ${summary}`;
          })
          .join('\n');
        return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
      })
      .join('\n');

  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !BLOCKING_IMPACTS.has(v.impact ?? ''));
  if (other.length > 0) {
    console.warn(
      `axe (${label}, ${page.url()}): ${other.length} minor/moderate finding(s):\n${describe(other)}`,
    );
  }
  if (blocking.length > 0) {
    throw new Error(
      `axe (${label}, ${page.url()}): ${blocking.length} serious/critical violation(s):\n${describe(blocking)}`,
    );
  }
}

/**
 * Waits for the checkout's delivery service to be chosen for the shipping address and saved on the cart,
 * as a buyer sees it: a service ticked and the list usable again. Place Order refuses to pay before
 * then ('Please wait for the delivery services, then choose one.').
 */
export async function deliveryChosen(page: Page): Promise<void> {
  const chosen = page.getByRole('region', { name: 'Delivery' }).getByRole('radio', { checked: true });
  await chosen.waitFor();
  await expect.poll(() => chosen.isEnabled()).toBe(true);
}
