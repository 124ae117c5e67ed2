import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  type WatchedPage,
  NARROW,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const owner = inject('owner');

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

/** The owner signs in through /login, as staff do, and opens the back office from the account menu. */
async function signInToBackOffice(): Promise<Page> {
  current = await openPage(browser, NARROW, baseURL);
  const { page } = current;
  await page.goto('/login');
  await waitForHydration(page, current.problems);
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await form.getByLabel('Email', { exact: true }).fill(owner.email);
  await form.getByLabel('Password', { exact: true }).fill(owner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

/** Opens a back-office screen by its menu entry and waits for its heading. */
async function openSection(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('the back office in Chromium', () => {
  test('staff create a product with a variant, two items and tiers, and see it in the storefront', async () => {
    const page = await signInToBackOffice();
    await expectAccessible(page, 'admin dashboard');
    const tag = Date.now().toString(36).toUpperCase();
    const name = `Journey Mailing Box ${tag}`;
    const slug = `journey-mailing-box-${tag.toLowerCase()}`;

    await openSection(page, 'Products', 'Products');
    await expectAccessible(page, 'admin products');
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Slug', { exact: true }).fill(slug);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Boxes' });
    await page
      .getByLabel('Description (HTML)')
      .fill('<p>Strong single-wall boxes.</p><script>alert(1)</script>');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectAccessible(page, 'admin product');

    await page.getByLabel('Variant name').last().fill('Single wall');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('heading', { level: 2, name: 'Variant: Single wall' }).waitFor();

    for (const [sku, title, stock] of [
      [`JB-${tag}-S`, 'Small box 200 x 150 x 100 mm', '40'],
      [`JB-${tag}-L`, 'Large box 400 x 300 x 200 mm', '25'],
    ] as const) {
      await page.getByRole('link', { name: 'Add an item to Single wall' }).click();
      await page.getByRole('heading', { level: 1, name: 'New item in Single wall' }).waitFor();
      await page.getByLabel('SKU', { exact: true }).fill(sku);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Units per pack').fill('25');
      await page.getByLabel('Opening stock (units)').fill(stock);
      await page.getByRole('button', { name: 'Create item' }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(sku) }).waitFor();
      await page.getByRole('link', { name: `Back to ${name}` }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
    }

    await page.getByRole('link', { name: /^Edit prices of Single wall/ }).click();
    await page.getByRole('heading', { level: 1, name: /Prices/ }).waitFor();
    // The first tier (1+ packs) is there; add a second from 10 packs.
    if ((await page.getByRole('button', { name: /^Remove tier/ }).count()) === 0) {
      await page.getByRole('button', { name: 'Add tier' }).click();
    }
    await page.getByRole('button', { name: 'Add tier' }).click();
    const starts = page.getByRole('spinbutton', { name: /^Tier \d+ starts at$/ });
    await starts.nth(0).fill('1');
    await starts.nth(1).fill('10');
    await page.getByRole('spinbutton', { name: `JB-${tag}-S price for 1+ packs` }).fill('12.50');
    await page.getByRole('spinbutton', { name: `JB-${tag}-S price for 10+ packs` }).fill('11.00');
    await page.getByRole('spinbutton', { name: `JB-${tag}-L price for 1+ packs` }).fill('19.95');
    await page.getByRole('spinbutton', { name: `JB-${tag}-L price for 10+ packs` }).fill('17.50');
    await expectAccessible(page, 'admin price grid');
    await page.getByRole('button', { name: 'Save all prices' }).click();
    await page.getByRole('status').filter({ hasText: /saved/i }).waitFor();

    // The storefront shows the new product, its two items and their prices, within a second of the save.
    const shopper = await browser.newContext({ viewport: NARROW, baseURL });
    try {
      const shop = await shopper.newPage();
      await expect
        .poll(
          async () => {
            const response = await shop.goto(`/details/boxes/${slug}`);
            return response?.status();
          },
          { timeout: 5_000 },
        )
        .toBe(200);
      await shop.getByRole('heading', { level: 1, name }).waitFor();
      const text = (await shop.locator('main').textContent()) ?? '';
      expect(text).toContain(`JB-${tag}-S`);
      expect(text).toContain(`JB-${tag}-L`);
      expect(text).toContain('12.50');
      expect(text).toContain('17.50');
      expect(text).not.toContain('alert(1)');
    } finally {
      await shopper.close();
    }
  });
});
