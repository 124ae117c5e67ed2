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

/** The box of a locator, where it is now. */
async function boxOf(locator: Locator, label: string) {
  const box = await locator.boundingBox();
  expect(box, `${label}: not laid out`).not.toBeNull();
  return box!;
}

/** The chat button's box and another's share no pixel. */
async function expectChatClear(page: Page, other: Locator, label: string) {
  const chat = await boxOf(page.getByRole('link', { name: 'Chat with us' }), 'the chat button');
  const box = await boxOf(other, label);
  const apart =
    chat.x >= box.x + box.width ||
    box.x >= chat.x + chat.width ||
    chat.y >= box.y + box.height ||
    box.y >= chat.y + chat.height;
  const where = (b: typeof box) =>
    `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
  expect(apart, `the chat button (${where(chat)}) covers ${label} (${where(box)})`).toBe(true);
}

/**
 * The delivery box scrolled to where the shopper leaves it: its top at the top of the window, and its
 * bottom at the bottom of what the Add to Cart bar leaves visible; the chat button covers it at neither.
 */
async function expectDeliveryUncovered(page: Page, box: Locator, step: string) {
  for (const edge of ['top', 'bottom'] as const) {
    await box.evaluate((element, at) => {
      const rect = element.getBoundingClientRect();
      const bar = document.querySelector('.selection-bar')?.getBoundingClientRect().height ?? 0;
      window.scrollBy(0, at === 'top' ? rect.top : rect.bottom - (window.innerHeight - bar));
    }, edge);
    await expectInView(box, `the delivery box at the ${edge} ${step}`);
    await expectChatClear(page, box, `the delivery box at the ${edge} ${step}`);
    if (await page.locator('.selection-bar').count()) {
      await expectChatClear(
        page,
        page.getByRole('region', { name: 'Your selection' }),
        `the Add to Cart bar ${step}`,
      );
    }
  }
}

/** Checks a postcode in the delivery box: exactly one promise shows, the postcode's, with its price. */
async function checkPostcode(box: Locator, postcode: string, promise: RegExp, price: string) {
  await box.getByRole('textbox', { name: 'Check another postcode' }).fill(postcode);
  await box.getByRole('button', { name: 'Check' }).click();
  const promises = box.locator('p:not(.visually-hidden)').filter({ hasText: /for delivery on|deliver/ });
  await expect.poll(async () => (await promises.allTextContents()).join(' | ')).toMatch(promise);
  expect(await promises.count(), 'promises shown').toBe(1);
  await expect.poll(() => box.getByText(price, { exact: true }).count()).toBe(1);
}

const HIGHLANDS_PROMISE =
  /^To the Highlands and Islands: Order (within|by) .+ for delivery on \w+day \d{1,2} \w+$/;
const HIGHLANDS_PRICE =
  '£15.90 a parcel of up to 30 kg; orders of 750 kg or more go by pallet, £80.00 a pallet. Prices ex VAT.';
const MAINLAND_PROMISE =
  /^To mainland Great Britain: Order (within|by) .+ for delivery on \w+day \d{1,2} \w+$/;
const MAINLAND_PRICE =
  '£6.95 a parcel of up to 30 kg, free on parcel orders over £150.00; orders of 750 kg or more go by pallet, £45.00 a pallet. Prices ex VAT.';

/**
 * As a phone or at 1280 px: a postcode checked in the delivery box shows one promise, the postcode's, with
 * its price, and another postcode's replaces it; the chat button covers neither the box nor, once an item is
 * chosen, the Add to Cart bar.
 */
async function deliveryJourney(phone: boolean) {
  const width = phone ? 'as a phone' : 'at 1280 px';
  const page = await visit(WRAPS, buyer, phone);
  const press = (locator: Locator) => (phone ? locator.tap() : locator.click());
  const box = page.getByRole('region', { name: 'Delivery' });
  await expectDeliveryUncovered(page, box, `before a choice ${width}`);

  await checkPostcode(box, 'IV2 3AB', HIGHLANDS_PROMISE, HIGHLANDS_PRICE);
  await expectNoSidewaysScroll(page, `after checking a Highlands postcode ${width}`);
  await checkPostcode(box, 'SW1A 1AA', MAINLAND_PROMISE, MAINLAND_PRICE);
  await checkPostcode(box, 'IV2 3AB', HIGHLANDS_PROMISE, HIGHLANDS_PRICE);

  await press(
    page
      .getByRole('navigation', { name: 'Product variants' })
      .getByRole('link', { name: 'Hand Pallet Wrap' }),
  );
  await press(
    itemRow(page, 'PW-HAND-400-BK').getByRole('button', { name: 'Increase quantity of PW-HAND-400-BK' }),
  );
  await addToCartButton(page).waitFor();
  await expectDeliveryUncovered(page, box, `with the Add to Cart bar ${width}`);
  await expectNoSidewaysScroll(page, `the delivery box with the Add to Cart bar ${width}`);
  await page.screenshot({ path: `/tmp/f-delivery-${phone ? 'phone' : '1280'}.png` });
  await page.screenshot({ path: `/tmp/f-delivery-${phone ? 'phone' : '1280'}-full.png`, fullPage: true });
  await expectAccessible(page, `the delivery box ${width}`);
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

  test('the delivery box shows one promise with its price, and the chat button never covers it', async () => {
    await deliveryJourney(true);
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

  test('the delivery box shows one promise with its price, and the chat button never covers it', async () => {
    await deliveryJourney(false);
  });
});
