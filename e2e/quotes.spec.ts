// A request for quote in Chromium: a buyer sends their cart with a note and artwork,
// staff price it in /admin and send it, the buyer accepts it from My account, pays by card at the quoted prices,
// and the invoice shows them. axe runs on every new screen, at a phone's width and at 1280 px.
import { readFile } from 'node:fs/promises';
import type { OrderView, QuoteView } from '@shop/domain';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { addToCart, callAs, type Customer, signUpCustomer } from './api-session';
import {
  type Viewport,
  type WatchedPage,
  NARROW,
  deliveryChosen,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';
import { TAPE_GUN } from './items';

const baseURL = inject('baseURL');
const owner = inject('owner');
const PHONE: Viewport = { width: 375, height: 812 };

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

/** Opens a page signed in with a stored token (as a returning buyer's or staff member's browser has it). */
async function visit(path: string, viewport: Viewport, access?: string): Promise<Page> {
  const previous = current;
  current = await openPage(browser, viewport, baseURL);
  if (previous) {
    await previous.context.close();
    previous.expectNoProblems();
  }
  if (access) {
    await current.context.addInitScript((token) => {
      window.localStorage.setItem('accessToken', token);
    }, access);
  }
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** The owner's access token, signed in through the API as the login page does. */
async function ownerAccess(): Promise<string> {
  const response = await fetch(`${baseURL}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.24' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: { access: string } }).token.access;
}

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** A one-pixel PNG: the artwork a buyer attaches. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('a request for quote in Chromium', () => {
  test('a buyer asks for a quote, staff price it, the buyer accepts and pays, and the invoice has the quoted prices', async () => {
    const customer: Customer = await signUpCustomer(baseURL, 'quote-buyer');
    const call = <T>(method: string, path: string, body?: unknown) =>
      callAs<T>(baseURL, customer.access, method, path, body);
    await addToCart(baseURL, customer, { ...TAPE_GUN, packs: 4 });
    await call('POST', 'addresses/', {
      first_name: 'Pat',
      last_name: 'Buyer',
      street: '1 Warehouse Road',
      city: 'Leeds',
      state: '',
      postal_code: 'LS1 4AP',
      country: 'UK',
      telephone_number: '07700 900123',
    });

    // The cart, at a phone's width: the request goes with a note and a PNG of the artwork.
    const cartPage = await visit('/cart', PHONE, customer.access);
    const section = cartPage.getByRole('region', { name: 'Request a quote' });
    await section.getByRole('button', { name: /Request a quote/ }).click();
    const form = cartPage.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel(/^Note/).fill('Monthly volume: 40 packs, printed with our logo.');
    await form
      .getByLabel('Files (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expectAccessible(cartPage, 'cart with the quote request form');
    await fitsPhone(cartPage);
    await form.getByRole('button', { name: /^Send request/ }).click();
    await cartPage.waitForURL(/\/account\/quotes\/\d+$/);
    const quoteId = Number(/\/account\/quotes\/(\d+)$/.exec(cartPage.url())![1]);
    await cartPage.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}/ }).waitFor();
    await cartPage.getByText('logo.png').first().waitFor();
    await expectAccessible(cartPage, 'a requested quote');
    await fitsPhone(cartPage);
    // The cart is kept as it was.
    const cart = await call<{ items: { pack_quantity: number }[] }>('GET', 'ecommerce/carts/current/');
    expect(cart.items.map((line) => line.pack_quantity)).toEqual([4]);

    // Staff price it at 1280 px: £11.50 a pack instead of £12.95 (four packs are in the first tier), £5.00 delivery.
    const staff = await ownerAccess();
    const list = await visit('/admin/quotes', NARROW, staff);
    await list.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
    await list
      .getByRole('link', { name: new RegExp(`Q-${String(quoteId).padStart(6, '0')}`) })
      .first()
      .waitFor();
    await expectAccessible(list, 'admin quotes list');
    const admin = await visit(`/admin/quotes/${quoteId}`, NARROW, staff);
    await admin.getByRole('heading', { level: 2, name: 'Price this request' }).waitFor();
    await admin.getByLabel(`Price per pack of ${TAPE_GUN.sku} (£)`).fill('11.50');
    await admin.getByLabel('Delivery (£)').fill('5.00');
    await admin.getByLabel('Message to the buyer').fill('Printed tape from 40 packs; this is plain.');
    await expectAccessible(admin, 'admin quote pricing form');
    await admin.getByRole('button', { name: 'Send quote' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Revise the quote' }).waitFor();
    const sent = await callAs<QuoteView>(baseURL, staff, 'GET', `administration/quotes/${quoteId}/`);
    // 4 × £11.50 + £5.00 = £51.00 net, £10.20 VAT.
    expect([sent.status, sent.version, sent.total]).toEqual(['sent', 1, '61.20']);
    const adminPhone = await visit(`/admin/quotes/${quoteId}`, PHONE, staff);
    await adminPhone.getByRole('heading', { level: 2, name: 'Versions sent' }).waitFor();
    await expectAccessible(adminPhone, 'admin quote at a phone’s width');
    await fitsPhone(adminPhone);

    // The buyer's quotes, then the quote: accepted, it opens its own cart's checkout.
    const quotes = await visit('/account/quotes', PHONE, customer.access);
    await quotes
      .getByRole('link', { name: new RegExp(`Q-${String(quoteId).padStart(6, '0')}`) })
      .first()
      .waitFor();
    await expectAccessible(quotes, 'my quotes');
    await fitsPhone(quotes);
    const page = await visit(`/account/quotes/${quoteId}`, NARROW, customer.access);
    await page.getByText('£61.20').first().waitFor();
    await expectAccessible(page, 'a sent quote');
    await page.getByRole('button', { name: 'Accept and pay' }).click();
    await page.waitForURL(/\/checkout\?cart=\d+$/);
    await page
      .getByText(/prices fixed as quoted/)
      .first()
      .waitFor();
    await deliveryChosen(page);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('£61.20');
    await expectAccessible(page, 'checkout of a quote');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully! Redirecting to order tracking...').waitFor();

    const orders = await call<{ results: OrderView[] }>('GET', 'orders/');
    expect(orders.results).toHaveLength(1);
    const order = orders.results[0]!;
    expect([order.total, order.shipping_cost]).toEqual(['61.20', '5.00']);
    expect((await call<QuoteView>('GET', `quotes/${quoteId}/`)).status).toBe('ordered');
    // The buyer's own cart still holds what it held.
    const own = await call<{ items: { pack_quantity: number }[] }>('GET', 'ecommerce/carts/current/');
    expect(own.items.map((line) => line.pack_quantity)).toEqual([4]);

    // The invoice, from the order page: the quoted price per pack and the total.
    const orderPage = await visit(`/track-order/${order.id}`, PHONE, customer.access);
    await orderPage.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    const button = orderPage.getByRole('button', { name: /INV-\d{6}/ }).first();
    const [download] = await Promise.all([orderPage.waitForEvent('download'), button.click()]);
    const text = await pdfText(await download.path());
    expect(text).toContain(TAPE_GUN.sku);
    expect(text).toContain('11.50');
    expect(text).toContain('61.20');
  }, 180_000);
});
