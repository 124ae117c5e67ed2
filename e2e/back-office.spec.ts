import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { backOfficeSignIn } from './back-office-session';
import { placeOrder, signUpCustomer } from './api-session';
import { type WatchedPage, NARROW, expectAccessible, launchBrowser } from './browser';
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

const signIn = backOfficeSignIn(baseURL, owner);

/** The owner in the back office, signed in as staff are (see backOfficeSignIn). */
async function signInToBackOffice(): Promise<Page> {
  current = await signIn(browser);
  return current.page;
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
});
