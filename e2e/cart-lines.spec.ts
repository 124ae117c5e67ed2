/**
 * The cart at 1280 px and on a phone. A line goes in one tap (Remove) and comes back with Undo,
 * through the API, with the same boxes; a status message says so. Where the free-delivery threshold applies to
 * the cart's address, the summary says how much more makes delivery free (the server's figure); where it does
 * not, it says nothing. Item titles get the width at 1280 px, and Shipping comes before VAT (VAT includes it).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, addToCart, callAs, signUpCustomer, ownerToken } from './api-session';
import {
  type WatchedPage,
  NARROW,
  expectAccessible,
  expectInView,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  openPhone,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const owner = inject('owner');

/** A long title (the one that wrapped to five lines beside the summary) and a short one. */
const WRAP = { product: 'pallet-wraps', sku: 'PW-HAND-400-CL', packs: 2 };
const WRAP_TITLE = 'Clear Hand Pallet Wrap 400mm x 250m, 17mu';
const BUBBLE = { product: 'bubble-wrap', sku: 'BW-S-300-100', packs: 3 };
const BUBBLE_TITLE = 'Small Bubble Wrap 300mm x 100m';
/** Highlands and Islands: parcels travel there at a surcharge, and no free-delivery threshold applies. */
const HIGHLANDS = 'IV2 3AA';

interface CartAnswer {
  id: number;
  subtotal: string;
  discount: string;
  items: { item: { sku: string }; pack_quantity: number }[];
  delivery: { free_delivery_shortfall: string | null } | null;
}

let browser: Browser;
let current: WatchedPage | undefined;
let threshold: number;

/** Pence of a decimal pounds string. */
const pence = (pounds: string) => Math.round(Number(pounds) * 100);
const gbp = (p: number) => `£${(p / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

const ownerAccess = () => ownerToken(baseURL, owner);

/** A customer whose cart holds the wrap and the bubble wrap. */
async function shopperWithCart(name: string): Promise<Customer> {
  const customer = await signUpCustomer(baseURL, name);
  await addToCart(baseURL, customer, WRAP);
  await addToCart(baseURL, customer, BUBBLE);
  return customer;
}

const cartOf = (customer: Customer) =>
  callAs<CartAnswer>(baseURL, customer.access, 'GET', 'ecommerce/carts/current/');

/** What more goods make delivery free, by the settings and the cart's goods: just over the threshold. */
const expectedNudge = (cart: CartAnswer) =>
  `Add ${gbp(threshold + 1 - (pence(cart.subtotal) - pence(cart.discount)))} for free delivery`;

beforeAll(async () => {
  browser = await launchBrowser();
  const settings = await callAs<{ shipping: { free_over_net_pence: number } }>(
    baseURL,
    await ownerAccess(),
    'GET',
    'administration/settings/',
  );
  threshold = settings.shipping.free_over_net_pence;
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

async function openCart(customer: Customer, phone = false): Promise<Page> {
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, customer.access);
  await current.page.goto('/cart');
  await waitForHydration(current.page, current.problems);
  await current.page.getByRole('table', { name: 'Items in your cart' }).waitFor();
  return current.page;
}

/** The summary's row headings, in order. */
const summaryRows = (page: Page) =>
  page
    .getByRole('region', { name: 'Summary' })
    .getByRole('rowheader')
    .allTextContents()
    .then((rows) => rows.map((row) => row.trim()));

/** Removes a line with its Remove, checks the status message, then puts it back with Undo. */
async function removeAndUndo(page: Page, customer: Customer, label: string) {
  const status = page.getByRole('status').filter({ hasText: /Removed|Put back/ });
  await page.getByRole('button', { name: `Remove ${BUBBLE_TITLE}`, exact: true }).click();
  await expect
    .poll(() => status.textContent())
    .toBe(`Removed ${BUBBLE_TITLE} (${BUBBLE.packs} boxes) from your cart.`);
  await page.getByRole('link', { name: BUBBLE_TITLE }).waitFor({ state: 'detached' });
  const afterRemoval = await cartOf(customer);
  expect(afterRemoval.items.map((line) => line.item.sku)).toEqual([WRAP.sku]);
  // The nudge follows the server's new goods.
  await page.getByText(expectedNudge(afterRemoval), { exact: true }).waitFor();
  await expectNoSidewaysScroll(page, `${label}: after Remove`);
  await expectAccessible(page, `${label}: a line removed, Undo offered`);
  await page.screenshot({ path: `/tmp/c-cart-removed-${label}.png`, fullPage: true });

  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expectInView(undo, `${label}: Undo`);
  await undo.click();
  await expect.poll(() => status.textContent()).toBe(`Put back ${BUBBLE_TITLE} (${BUBBLE.packs} boxes).`);
  await expect
    .poll(() => page.getByRole('textbox', { name: `Boxes of ${BUBBLE.sku}` }).inputValue())
    .toBe(String(BUBBLE.packs));
  const restored = await cartOf(customer);
  expect(
    restored.items.map((line) => [line.item.sku, line.pack_quantity]).sort(),
    'Undo puts the same boxes back through the API',
  ).toEqual([
    [BUBBLE.sku, BUBBLE.packs],
    [WRAP.sku, WRAP.packs],
  ]);
  await page.getByText(expectedNudge(restored), { exact: true }).waitFor();
  await expectNoSidewaysScroll(page, `${label}: after Undo`);
}

describe('the cart at 1280 px', () => {
  test('gives item titles the width: no more than two lines each', async () => {
    const customer = await shopperWithCart('cart-titles');
    const page = await openCart(customer);
    await page.screenshot({ path: '/tmp/c-cart-1280.png', fullPage: true });
    for (const title of [WRAP_TITLE, BUBBLE_TITLE]) {
      const lines = await page.getByRole('link', { name: title }).evaluate((link) => {
        const style = getComputedStyle(link);
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
        return Math.round(link.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `"${title}" wraps to ${lines} lines at 1280 px`).toBeLessThanOrEqual(2);
    }
    await expectNoSidewaysScroll(page, 'cart at 1280 px');
  });

  test('lists Shipping before VAT in the summary', async () => {
    const customer = await shopperWithCart('cart-order');
    const page = await openCart(customer);
    const rows = await summaryRows(page);
    expect(rows.indexOf('Shipping'), `summary rows: ${rows.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(
      rows.indexOf('Shipping'),
      `Shipping comes before VAT, which includes it (rows: ${rows.join(', ')})`,
    ).toBeLessThan(rows.findIndex((row) => row.startsWith('VAT')));
  });

  test('says how much more makes delivery free where the threshold applies, and nothing where it does not', async () => {
    const customer = await shopperWithCart('cart-nudge');
    const cart = await cartOf(customer);
    const page = await openCart(customer);
    await page.getByText(expectedNudge(cart), { exact: true }).waitFor();
    expect(cart.delivery?.free_delivery_shortfall).not.toBeNull();
    await expectAccessible(page, 'cart with the free-delivery nudge');

    // The Highlands: no threshold for parcels there, so no nudge (and the server says none).
    await callAs(baseURL, customer.access, 'PATCH', `ecommerce/carts/${cart.id}/`, {
      postal_code: HIGHLANDS,
    });
    expect((await cartOf(customer)).delivery?.free_delivery_shortfall).toBeNull();
    await page.reload();
    await waitForHydration(page, current!.problems);
    await page.getByRole('table', { name: 'Items in your cart' }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Total', { exact: true }).waitFor();
    expect(await page.getByText(/for free delivery$/).count()).toBe(0);
  });

  test('removes a line in one tap, and Undo puts the same boxes back', async () => {
    const customer = await shopperWithCart('cart-remove');
    const page = await openCart(customer);
    await removeAndUndo(page, customer, '1280');
  });
});

describe('the cart on a phone', () => {
  test('removes and puts back a line, with the nudge and Shipping before VAT, within the screen', async () => {
    const customer = await shopperWithCart('cart-phone');
    const page = await openCart(customer, true);
    await expectNoSidewaysScroll(page, 'phone cart');
    const cart = await cartOf(customer);
    await page.getByText(expectedNudge(cart), { exact: true }).waitFor();
    const rows = await summaryRows(page);
    expect(rows.indexOf('Shipping'), `rows: ${rows.join(', ')}`).toBeLessThan(
      rows.findIndex((row) => row.startsWith('VAT')),
    );
    const remove = page.getByRole('button', { name: `Remove ${BUBBLE_TITLE}`, exact: true });
    await remove.scrollIntoViewIfNeeded();
    await expectInView(remove, 'phone: Remove');
    await page.screenshot({ path: '/tmp/c-cart-phone.png', fullPage: true });
    await removeAndUndo(page, customer, 'phone');
    await expectAccessible(page, 'phone cart after Undo');
  });
});
