import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  NARROW,
  WIDE,
  type Viewport,
  type WatchedPage,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');

let browser: Browser;
let current: WatchedPage | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const finished = current;
  current = undefined;
  await finished?.context.close();
  finished?.expectNoProblems();
});

async function visit(path: string, viewport: Viewport = WIDE): Promise<Page> {
  current = await openPage(browser, viewport, baseURL);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

describe('discovery journeys', () => {
  test('home shows the five category cards first, then the other categories, and fifteen products', async () => {
    const page = await visit('/');
    const categories = page.getByRole('region', { name: 'Shop by category' });
    // Spec 1's five in its order, then the catalogue's others (another file may add one for a while).
    const names = await categories.getByRole('link').allTextContents();
    expect(names.slice(0, 5)).toEqual(['Wraps', 'Bags', 'Food Packaging', 'Tapes', 'Labels']);
    expect(names.slice(5, 7)).toEqual(['Boxes', 'Postal']);
    const products = page.getByRole('region', { name: 'Find Your Perfect Packing Solutions' });
    const productLinks = products.locator('a[href^="/details/"]');
    const hrefs = new Set(
      await productLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    );
    expect(hrefs.size).toBe(15);
    await expectAccessible(page, 'home');
  });

  test("typing 'pal' shows highlighted suggestions and choosing one opens the product", async () => {
    const page = await visit('/');
    const box = page.getByRole('combobox');
    await box.fill('pal');
    const options = page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const highlighted = await page.getByRole('listbox').locator('mark').allTextContents();
    expect(highlighted.map((text) => text.toLowerCase())).toContain('pal');
    await expectAccessible(page, 'suggestions open');
    const first = (await options.first().textContent()) ?? '';
    expect(first).toMatch(/Pallet/);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/details\/wraps\/pallet-/);
    expect(await box.inputValue()).toBe('');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Pallet/);
  });

  test('a size search from the panel lands on /search with results', async () => {
    const page = await visit('/');
    await page.getByRole('button', { name: 'Advanced search' }).click();
    const form = page.getByRole('form', { name: 'Search by size' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Two dimensions must be positive.');
    await form.getByLabel('Width (W)').fill('30');
    await form.getByLabel('Height (H)').fill('22');
    await form.getByLabel('Length (L)').fill('10');
    await form.getByRole('radio', { name: /^CM/ }).check();
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      width: '30',
      height: '22',
      length: '10',
      measurement_unit: 'CM',
      category: 'boxes',
      approx_size: 'true',
      minimum_size: 'false',
    });
    const results = page.locator('main a[href^="/details/"]');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    await expectAccessible(page, '/search');
  });

  test('the converter turns 1 inch into 25.4000 mm', async () => {
    const page = await visit('/', NARROW);
    await page.getByRole('button', { name: /unit converter/i }).click();
    const inches = page.getByLabel('Inches (in)', { exact: true });
    await inches.fill('1');
    await expect
      .poll(() => page.getByLabel('Millimetres (mm)', { exact: true }).inputValue())
      .toBe('25.4000');
    expect(await page.getByLabel('Centimetres (cm)', { exact: true }).inputValue()).toBe('2.5400');
    await expectAccessible(page, 'converter open');
  });

  test('the contact form and the newsletter submit and show success', async () => {
    const page = await visit('/contact');
    await page.getByRole('button', { name: 'Send query' }).click();
    await expect.poll(() => page.getByText('Full name is required').count()).toBe(1);
    await page.getByLabel('Full name').fill('Sam Patel');
    await page.getByLabel('Email', { exact: true }).fill('sam.patel@example.co.uk');
    await page.getByLabel('Subject').fill('Pallet wrap quote');
    await page.getByLabel('Message').fill('We need 40 rolls of hand pallet wrap a month.');
    await page.getByRole('button', { name: 'Send query' }).click();
    await expect.poll(() => page.locator('.form-success').count(), { timeout: 10_000 }).toBe(1);

    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address').fill(`news-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() =>
        footer.getByText("Thanks for subscribing, we'll keep you updated with upcoming deals!").count(),
      )
      .toBe(1);
    expect(await footer.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await expectAccessible(page, '/contact after sending');
  });

  test.each([
    '/category/wraps',
    '/details/wraps/pallet-wraps',
    '/search-advance',
    '/search?width=10&height=14&length=0&measurement_unit=IN&category=bags&approx_size=true&minimum_size=false',
    '/refund-policy',
    '/privacy-policy',
    '/terms-of-services',
  ])('%s renders on the server and passes axe', async (path) => {
    const html = await (await fetch(new URL(path, baseURL))).text();
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toContain('<link rel="canonical"');
    const page = await visit(path);
    await expectAccessible(page, path);
  });

  test('an unknown category answers 404 with its message', async () => {
    current = await openPage(browser, WIDE, baseURL);
    const response = await current.page.goto('/category/no-such-category');
    expect(response?.status()).toBe(404);
    expect(await current.page.getByText('Category not found.').count()).toBe(1);
    current.expectNoProblems([/status of 404/]);
    current.problems.length = 0;
  });

  test('sitemap.xml and robots.txt come from the catalogue', async () => {
    const sitemap = await fetch(new URL('/sitemap.xml', baseURL));
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('/details/wraps/pallet-wraps</loc>');
    expect(xml).toContain('/category/labels</loc>');
    const robots = await (await fetch(new URL('/robots.txt', baseURL))).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /checkout');
  });
});
