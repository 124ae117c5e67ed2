import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { placeOrder, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  NARROW,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';
import { TAPE_GUN } from './items';

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

/** The owner's access token from the file's first sign-in through /login (see signInToBackOffice). */
let ownerAccess: string | undefined;

/**
 * The first time, the owner signs in through /login, as staff do, and opens the back office from the account
 * menu; later journeys of this file start signed in with the token that sign-in stored (as a staff member's
 * browser would keep it) and open /admin.
 */
async function signInToBackOffice(): Promise<Page> {
  current = await openPage(browser, NARROW, baseURL);
  const { page } = current;
  if (ownerAccess !== undefined) {
    await current.context.addInitScript((token) => {
      window.localStorage.setItem('accessToken', token);
    }, ownerAccess);
    await page.goto('/admin');
    await waitForHydration(page, current.problems);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    return page;
  }
  await page.goto('/login');
  await waitForHydration(page, current.problems);
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await form.getByLabel('Email', { exact: true }).fill(owner.email);
  await form.getByLabel('Password', { exact: true }).fill(owner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  // Signed in, the login page sends the user on; the account menu closes on every route change.
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  ownerAccess = (await page.evaluate(() => window.localStorage.getItem('accessToken'))) ?? undefined;
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

  test('staff ship an order a customer placed, and the customer sees it shipped on /track-order', async () => {
    const customer = await signUpCustomer(baseURL, 'ship-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 2 });

    const page = await signInToBackOffice();
    await openSection(page, 'Orders', 'Orders');
    await expectAccessible(page, 'admin orders');
    await page.getByRole('link', { name: `#${order.id}`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await expectAccessible(page, 'admin order');

    const status = page.getByRole('form', { name: 'Change status' });
    await status.getByLabel('New status').selectOption({ label: 'Processing' });
    await status.getByRole('button', { name: 'Update status' }).click();
    await status
      .getByRole('status')
      .filter({ hasText: /processing/i })
      .waitFor();
    await status.getByLabel('New status').selectOption({ label: 'Shipped' });
    await status.getByLabel('Carrier').fill('Royal Mail');
    await status.getByLabel('Tracking number').fill('RM123456785GB');
    await status.getByRole('button', { name: 'Update status' }).click();
    await status
      .getByRole('status')
      .filter({ hasText: /shipped/i })
      .waitFor();

    // The customer, in their own browser, sees it shipped with its tracking, and has been e-mailed.
    const buyer = await browser.newContext({ viewport: NARROW, baseURL });
    try {
      await buyer.addInitScript(
        (token) => window.localStorage.setItem('accessToken', token),
        customer.access,
      );
      const shop = await buyer.newPage();
      await shop.goto('/track-order');
      const table = shop.getByRole('table', { name: 'Your orders' });
      const row = table.getByRole('row', { name: new RegExp(`#${order.id}\\b`) });
      await row.waitFor();
      await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Shipped/);
      expect(await row.textContent()).toContain('RM123456785GB');
      expect(await row.textContent()).toContain('Royal Mail');
      await expectAccessible(shop, 'track-order, shipped');
    } finally {
      await buyer.close();
    }
    const mail = (await (
      await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(customer.email)}`)
    ).json()) as { results: { subject: string; text: string }[] };
    expect(
      mail.results.some((message) => /shipped/i.test(message.subject) && /RM123456785GB/.test(message.text)),
    ).toBe(true);
  });

  test('staff refund part of an order: the provider refunds it and the customer is e-mailed', async () => {
    const customer = await signUpCustomer(baseURL, 'refund-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 3 });

    const page = await signInToBackOffice();
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Amount (£)').fill('5.00');
    await refund.getByLabel('Reason (the customer sees it)').fill('One dispenser arrived damaged.');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Refunded £5.00. The customer has been e-mailed.').first().waitFor();
    await expectAccessible(page, 'admin order after a refund');

    // The provider's refund: the order's refunds as the back office's API reports them.
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const detail = (await (
      await fetch(`${baseURL}/api/administration/orders/${order.id}/`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      refunded: string;
      refunds: { amount: string; status: string; provider_refund_id: string | null }[];
    };
    expect(detail.refunded).toBe('5.00');
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amount: '5.00',
        status: 'succeeded',
        provider_refund_id: expect.any(String),
      }),
    ]);
    const mail = (await (
      await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(customer.email)}`)
    ).json()) as { results: { subject: string; text: string }[] };
    expect(
      mail.results.some((message) => /refund/i.test(message.subject) && /5\.00/.test(message.text)),
    ).toBe(true);
  });

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
