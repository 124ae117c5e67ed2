import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  WIDE,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const PRODUCT = '/details/wraps/pallet-wraps';

let browser: Browser;
let current: WatchedPage | undefined;
let customer: Customer;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await signUpCustomer(baseURL, 'product-buyer');
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

/** API paths the page asked for, in order. */
let apiCalls: string[] = [];

/** Opens the product page, signed in as `customer` when given (its access token stored as the shop does). */
async function visit(path: string, as?: Customer): Promise<Page> {
  current = await openPage(browser, WIDE, baseURL);
  apiCalls = [];
  current.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  if (as) {
    await current.context.addInitScript((token) => {
      window.localStorage.setItem('accessToken', token);
    }, as.access);
  }
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

const section = (page: Page, variant: string) =>
  page.locator('section.variant').filter({ has: page.getByRole('heading', { level: 2, name: variant }) });

/** A figure of the sticky selection bar, e.g. 'Subtotal' or 'Boxes'. */
const figure = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Your selection' })
    .locator('dt', { hasText: new RegExp(`^${name}\\b`) })
    .locator('xpath=following-sibling::dd[1]');

const tierButton = (page: Page, sku: string, tier: string) =>
  page.getByRole('button', { name: new RegExp(`^${sku}, ${tier.replace('+', '\\+')}:`) });

async function setUnits(page: Page, sku: string, units: number) {
  const input = page.getByRole('textbox', { name: `No. of units of ${sku}` });
  await input.fill(String(units));
  await input.press('Enter');
}

describe('product page ordering', () => {
  test('tiers, totals and Box/Pallet follow the quantities; the cart equals the page', async () => {
    const page = await visit(PRODUCT, customer);
    await expect.poll(() => page.locator('section.variant').count()).toBe(2);

    // After hydration a signed-in buyer's page asks for its exclusive prices (every item in one call), the
    // cart, the delivery promise and (for the header's company and credit) the trade account, nothing per item
    // (at most 4 requests).
    await expect.poll(() => apiCalls.length).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(apiCalls).toHaveLength(4);
    expect(apiCalls).toContain('GET /api/account/trade-account/');
    expect(apiCalls.some((call) => call.startsWith('GET /api/ecommerce/carts/current/'))).toBe(true);
    expect(apiCalls).toContain('GET /api/ecommerce/delivery-promise/');
    const exclusive = apiCalls.find((call) => call.startsWith('GET /api/ecommerce/exclusive-prices/'));
    expect(new URLSearchParams(exclusive!.split('?')[1]).getAll('item')).toHaveLength(9);

    // Ten packs of six reach the second pack tier: £29.94 x 0.92 = £27.54 a pack.
    await setUnits(page, 'PW-HAND-400-CL', 60);
    await expect
      .poll(() => tierButton(page, 'PW-HAND-400-CL', '10-49 packs').getAttribute('aria-label'))
      .toMatch(/£27\.54 per pack, current price$/);
    await expect.poll(() => figure(page, 'Subtotal').textContent()).toBe('£275.40');
    await expect.poll(() => figure(page, 'Boxes').textContent()).toBe('10');
    await expect.poll(() => figure(page, 'Units').textContent()).toBe('60');
    await expect.poll(() => page.getByText('Add 40 more packs to reach the next price').count()).toBe(1);

    // A second variant: one roll of machine film at its first pack price, £24.95. It is shown per pallet, where
    // + adds a whole pallet, so the buyer switches it to boxes first.
    await section(page, 'Machine Pallet Wrap').getByRole('radio', { name: 'Box' }).check();
    await page.getByRole('button', { name: 'Increase quantity of PW-MACH-500-1500-CL' }).click();
    await expect.poll(() => figure(page, 'Subtotal').textContent()).toBe('£300.35');
    await expect.poll(() => figure(page, 'Boxes').textContent()).toBe('11');

    // Box -> Pallet shows units per pallet; the pallet price asks for the quantity that reaches 750 kg
    // (57 packs of 13.2 kg = 342 units), priced at the pallet tier: £29.94 x 0.78 = £23.35 a pack.
    const hand = section(page, 'Hand Pallet Wrap');
    await hand.getByRole('radio', { name: 'Pallet' }).check();
    await expect.poll(() => hand.getByRole('columnheader', { name: 'Units per pallet' }).count()).toBe(1);
    await tierButton(page, 'PW-HAND-400-CL', '1+ pallets').click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'No. of units of PW-HAND-400-CL' }).inputValue())
      .toBe('342');
    await expect
      .poll(() => tierButton(page, 'PW-HAND-400-CL', '1+ pallets').getAttribute('aria-label'))
      .toMatch(/£23\.35 per pack, current price$/);
    await expect.poll(() => figure(page, 'Subtotal').textContent()).toBe('£1,355.90');
    const pageTotal = await figure(page, 'TOTAL').textContent();
    await expectAccessible(page, 'product page with a selection');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: 15_000 });
    await page.getByText('Added 2 item(s) to cart successfully!').waitFor();
    const lines = page.getByRole('table', { name: 'Items in your cart' }).getByRole('row');
    await expect.poll(() => lines.count()).toBe(3);

    // The server priced the same lines the same way.
    const response = await fetch(`${baseURL}/api/ecommerce/carts/current/`, {
      headers: { Authorization: `Bearer ${customer.access}` },
    });
    const cart = (await response.json()) as {
      subtotal: string;
      items: { item: { sku: string }; pack_quantity: number; unit_type: string; total: string }[];
    };
    expect(cart.subtotal).toBe('1355.90');
    const bySku = Object.fromEntries(cart.items.map((line) => [line.item.sku, line]));
    expect(bySku['PW-HAND-400-CL']).toMatchObject({
      pack_quantity: 57,
      unit_type: 'pallet',
      total: '1330.95',
    });
    expect(bySku['PW-MACH-500-1500-CL']).toMatchObject({
      pack_quantity: 1,
      unit_type: 'pack',
      total: '24.95',
    });
    // The page's TOTAL is the goods with VAT: £1,355.90 x 1.2 = £1,627.08.
    expect(pageTotal).toBe('£1,627.08');
    await expectAccessible(page, 'cart after adding');
  });

  test('a visitor who adds to the cart is sent to log in and comes back to the product', async () => {
    const page = await visit(PRODUCT);
    // A visitor sees list prices from the server's HTML; the page asks the API only for the delivery promise
    // (the same for everyone, so the page's HTML stays cacheable).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(apiCalls).toEqual(['GET /api/ecommerce/delivery-promise/']);
    await page.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' }).click();
    await expect.poll(() => figure(page, 'Boxes').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe(PRODUCT);
    await page.getByText('Please log in to add items to cart.').waitFor();
  });
});
