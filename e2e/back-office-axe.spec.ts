import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { placeOrder, signUpCustomer } from './api-session';
import { backOfficeSignIn } from './back-office-session';
import { type WatchedPage, expectAccessible, launchBrowser, waitForHydration } from './browser';
import { TAPE_GUN } from './items';

// The back office's accessibility sweep, in a file of its own so that it runs beside the other journeys
// instead of after them in back-office.spec.ts.
const baseURL = inject('baseURL');
const owner = inject('owner');
const signIn = backOfficeSignIn(baseURL, owner);

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

async function signInToBackOffice() {
  current = await signIn(browser);
  return current.page;
}

describe('the back office in Chromium', () => {
  test('every back-office screen passes axe at 1280 px, those that scroll also at 375 px, and the menu works with the keyboard', async () => {
    const customer = await signUpCustomer(baseURL, 'axe-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 1 });
    await fetch(`${baseURL}/api/administration/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: customer.email,
        full_name: 'Pat Buyer',
        subject: 'Pallet quote',
        message: 'Hi',
      }),
    });
    const page = await signInToBackOffice();
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const admin = async <T>(path: string): Promise<T> =>
      (await (
        await fetch(`${baseURL}/api/administration/${path}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as T;
    const products = await admin<{ results: { id: number }[] }>('products/?q=tape');
    const product = await admin<{ variants: { id: number; items: { id: number }[] }[] }>(
      `products/${products.results[0]!.id}/`,
    );
    const variant = product.variants[0]!;
    const customers = await admin<{ results: { id: number; email: string }[] }>(
      `customers/?q=${encodeURIComponent(customer.email)}`,
    );
    // This journey's message, by its sender: other files send contact queries at the same time.
    const messages = await admin<{ results: { id: number; email: string }[] }>('messages/');
    const message = messages.results.find((row) => row.email === customer.email);
    expect(message, `${customer.email}'s contact query in the back office's messages`).toBeDefined();

    const screens: [string, string | RegExp][] = [
      ['/admin', 'Dashboard'],
      ['/admin/orders', 'Orders'],
      [`/admin/orders/${order.id}`, `Order #${order.id}`],
      ['/admin/products', 'Products'],
      ['/admin/products/new', 'New product'],
      [`/admin/products/${products.results[0]!.id}`, /Tape/],
      [`/admin/variants/${variant.id}/prices`, /^Prices/],
      [`/admin/items/new?variant=${variant.id}`, /^New item/],
      [`/admin/items/${variant.items[0]!.id}`, /.+/],
      ['/admin/categories', 'Categories'],
      ['/admin/stock', /stock/i],
      ['/admin/import', /import/i],
      ['/admin/customers', 'Customers'],
      [`/admin/customers/${customers.results[0]!.id}`, /Pat/],
      ['/admin/messages', 'Messages'],
      [`/admin/messages/${message!.id}`, /Pallet quote/],
      ['/admin/newsletter', /Newsletter/],
      ['/admin/settings', 'Settings'],
      ['/admin/vat-return', 'VAT return and exports'],
      ['/admin/staff', 'Staff'],
      ['/admin/audit', 'Audit log'],
    ];
    // Every screen at 1280 px; at 375 px the screens whose tables and grids scroll sideways.
    const narrow = new Set(['/admin', '/admin/orders', `/admin/orders/${order.id}`, '/admin/products']);
    narrow.add(`/admin/variants/${variant.id}/prices`).add('/admin/customers').add('/admin/import');
    // The settings' delivery tables and the VAT return's boxes scroll in their own boxes.
    narrow.add('/admin/settings').add('/admin/vat-return');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [path, heading] of screens) {
        if (width === 375 && !narrow.has(path)) continue;
        await page.goto(path);
        await waitForHydration(page, current!.problems);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 10_000 });
        await expectAccessible(page, `${path} at ${width} px`);
        // Wide tables scroll inside their boxes: the page itself is never wider than the screen.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} at ${width} px`,
        ).toBe(width);
      }
    }

    // The section menu with the keyboard: Tab reaches its links, Enter follows one.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin');
    await waitForHydration(page, current!.problems);
    const ordersLink = page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders' });
    for (let presses = 0; presses < 60; presses++) {
      if (await ordersLink.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  }, 300_000);
});
