/**
 * The product page on a phone (375 px, touch, isMobile). Each item is a card, the fixed
 * Add to Cart bar stays inside what the shopper sees after every tap, a typed quantity that rounds says so,
 * the pallet view steps by a pallet and says where the pallet price starts, and an item out of stock says so
 * beside its alert. At 1280 px the quantity of the widest table is in view without scrolling it sideways.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, callAs, signUpCustomer } from './api-session';
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
const WRAPS = '/details/wraps/pallet-wraps';
/** The widest tables of the catalogue at 1280 px (1,352-1,464 px wide in a 1,118 px box when the quantity scrolled with them). */
const BOXES = '/details/boxes/single-wall-boxes';
/** Pink Mailing Bags, seeded out of stock; no other journey asks for its alert. */
const MAILING_BAGS = '/details/bags/mailing-bags';
const OUT_OF_STOCK_SKU = 'MB-PNK-1420';

let browser: Browser;
let current: WatchedPage | undefined;
let buyer: Customer;

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await signUpCustomer(baseURL, 'phone-product');
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

async function visit(path: string, as: Customer, phone = true): Promise<Page> {
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, as.access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

const addToCartButton = (page: Page) => page.getByRole('button', { name: 'Add to Cart' });
const itemRow = (page: Page, sku: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${sku}\\b`) }) });

/** After each step of the journey: nothing scrolls sideways and the bar's button is in the visual viewport. */
async function expectBarInView(page: Page, step: string) {
  await expectNoSidewaysScroll(page, step);
  await expectInView(addToCartButton(page), `Add to Cart ${step}`);
}

/** The element lies between the window's left and right edges and no box that scrolls sideways clips it. */
async function expectInViewSideways(locator: Locator, label: string) {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    let clipped = false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5) clipped = true;
    }
    return { left: rect.left, right: rect.right, clipped, window: innerWidth };
  });
  const where = `${label} spans ${Math.round(box.left)}-${Math.round(box.right)} px`;
  expect(box.left, `${where}, left of the window`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${where}, past a ${box.window} px window`).toBeLessThanOrEqual(box.window);
  expect(box.clipped, `${where}, clipped by a box that scrolls sideways`).toBe(false);
}

describe('the product page on a phone', () => {
  test('choose a variant, tap +, type a quantity and add to the cart: the bar stays in view', async () => {
    const page = await visit(WRAPS, buyer);
    await expectNoSidewaysScroll(page, 'the product page');

    await page
      .getByRole('navigation', { name: 'Product variants' })
      .getByRole('link', { name: 'Hand Pallet Wrap' })
      .tap();
    const row = itemRow(page, 'PW-HAND-400-BK');
    // The card: its title, SKU, the stepper and the line's price are all inside the screen.
    await expectInViewSideways(row.getByText('Black Hand Pallet Wrap 400mm x 250m, 17mu'), 'the item title');
    await expectInViewSideways(
      row.getByRole('button', { name: 'Increase quantity of PW-HAND-400-BK' }),
      'the + button',
    );

    await row.getByRole('button', { name: 'Increase quantity of PW-HAND-400-BK' }).tap();
    await expectBarInView(page, 'after the first +');
    await expect.poll(() => row.getByText('£34.14 a box').count()).toBe(1);
    await expectInViewSideways(row.getByText('£34.14 a box'), 'the price per box');

    await row.getByRole('button', { name: 'Increase quantity of PW-HAND-400-BK' }).tap();
    await expectBarInView(page, 'after the second +');

    const input = row.getByRole('textbox', { name: 'No. of units of PW-HAND-400-BK' });
    await input.tap();
    await input.fill('31');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('36');
    await row.getByText('Rounded up to 6 boxes of 6 = 36 units').waitFor();
    await expectBarInView(page, 'after typing 31 units');
    // Six boxes at the first tier: 6 x £34.14 = £204.84 is the line's total.
    await expect.poll(() => row.getByText('£204.84').count()).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/a-product-phone.png', fullPage: true });
    await page.screenshot({ path: '/tmp/a-product-phone-view.png' });
    await expectAccessible(page, 'the product page on a phone with a selection');

    await addToCartButton(page).tap();
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: 15_000 });
    await waitForHydration(page, current!.problems);
    await expectNoSidewaysScroll(page, 'the cart');
    const cart = await callAs<{ items: { item: { sku: string }; pack_quantity: number }[] }>(
      baseURL,
      buyer.access,
      'GET',
      'ecommerce/carts/current/',
    );
    expect(cart.items.find((line) => line.item.sku === 'PW-HAND-400-BK')?.pack_quantity).toBe(6);
  });

  test('the pallet view steps by a pallet and says where the pallet price starts', async () => {
    const page = await visit(WRAPS, buyer);
    const hand = page.locator('section.variant').filter({
      has: page.getByRole('heading', { level: 2, name: 'Hand Pallet Wrap' }),
    });
    await hand.getByRole('radio', { name: 'Pallet' }).check();
    const row = itemRow(page, 'PW-HAND-400-CL');
    await row.getByText('Pallet price from 750 kg: 57 boxes').waitFor();
    const input = row.getByRole('textbox', { name: 'No. of units of PW-HAND-400-CL' });
    await row.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' }).tap();
    await expect.poll(() => input.inputValue()).toBe('240');
    await expectBarInView(page, 'after + in the pallet view');
    await row.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' }).tap();
    await expect.poll(() => input.inputValue()).toBe('480');
    await row.getByRole('button', { name: 'Decrease quantity of PW-HAND-400-CL' }).tap();
    await expect.poll(() => input.inputValue()).toBe('240');
    await expectBarInView(page, 'after − in the pallet view');
    await expectAccessible(page, 'the pallet view on a phone');
  });

  test('an item out of stock says so beside its alert, and the page knows the alert already set', async () => {
    let page = await visit(MAILING_BAGS, buyer);
    await expectNoSidewaysScroll(page, 'the mailing bags');
    let row = itemRow(page, OUT_OF_STOCK_SKU);
    await expect.poll(() => row.getByText('Out of stock', { exact: true }).count()).toBe(1);
    // Its prices are shown, not offered: nothing to tap that would do nothing.
    expect(await row.getByRole('button', { name: new RegExp(`^${OUT_OF_STOCK_SKU}, `) }).count()).toBe(0);
    await row.getByRole('button', { name: `Tell me when it’s back: ${OUT_OF_STOCK_SKU}` }).tap();
    await row.getByRole('button', { name: `Alert set: ${OUT_OF_STOCK_SKU}` }).waitFor();
    await expectInViewSideways(row.getByText('Out of stock', { exact: true }), 'Out of stock');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/a-product-out-of-stock.png' });
    await expectAccessible(page, 'an item out of stock on a phone');
    await current!.context.close();
    current = undefined;

    page = await visit(MAILING_BAGS, buyer);
    row = itemRow(page, OUT_OF_STOCK_SKU);
    await row.getByRole('button', { name: `Alert set: ${OUT_OF_STOCK_SKU}` }).waitFor();
    await expectNoSidewaysScroll(page, 'the mailing bags again');
  });
});

describe('the product page at 1280 px', () => {
  test('the quantity and the price of the widest table are in view without scrolling it sideways', async () => {
    const page = await visit(BOXES, buyer, false);
    await expectNoSidewaysScroll(page, 'the single wall boxes');
    const rows = page.locator('section.variant').last().locator('tbody > tr');
    const first = rows.first();
    const sku = (await first.getByRole('rowheader').textContent())!.trim();
    await expectInViewSideways(
      first.getByRole('textbox', { name: `No. of units of ${sku}` }),
      'the quantity',
    );
    await first.getByRole('button', { name: `Increase quantity of ${sku}` }).click();
    await expectInViewSideways(first.locator('.item-table__line'), 'the line’s price');
    await page.screenshot({ path: '/tmp/a-product-1280.png', fullPage: true });
    await expectAccessible(page, 'the single wall boxes at 1280 px');
  });
});
