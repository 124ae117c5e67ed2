// The delivery promise in Chromium: a postcode on the product page shows its
// date; a pallet load paid for with the next-day service and a tail lift shows them on the order page and in
// the PDF invoice, with the date the delivery-options call promised.
import { readFile } from 'node:fs/promises';
import type { DeliveryOptionView, OrderView } from '@shop/domain';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { addToCart, callAs, type Customer, signUpCustomer } from './api-session';
import {
  type Viewport,
  type WatchedPage,
  NARROW,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';
import { PALLET_FILM, TAPE_GUN } from './items';

const baseURL = inject('baseURL');
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

async function visit(path: string, viewport: Viewport, as?: Customer): Promise<Page> {
  current = await openPage(browser, viewport, baseURL);
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

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** 'Tuesday 1 December' for '2026-12-01', as the shop words a delivery day. */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const PROMISE =
  /^Order (within \d+ h \d+ min|within \d+ min|by \d{2}:\d{2} on \w+day) for delivery on \w+day \d{1,2} \w+$/;

describe('the delivery promise in Chromium', () => {
  test('the product page counts down to a date, and another postcode shows its own', async () => {
    const page = await visit(TAPE_GUN.page, PHONE);
    const box = page.getByRole('region', { name: 'Delivery' });
    const line = box.locator('.delivery-promise__line');
    // The page's HTML carries a neutral line; the browser fetches the promise and counts down to its cut-off.
    await expect.poll(async () => PROMISE.test((await line.textContent()) ?? '')).toBe(true);

    await box.getByRole('textbox', { name: 'Check another postcode' }).fill('iv1 1aa');
    await box.getByRole('button', { name: 'Check' }).click();
    const other = box.locator('.delivery-promise__other');
    await expect
      .poll(async () => (await other.textContent()) ?? '')
      .toMatch(/^To the Highlands and Islands: Order (within|by) .+ for delivery on \w+day \d{1,2} \w+$/);
    await expectAccessible(page, 'product page delivery promise');

    // A zone not served online says so; a postcode that is not one is refused by the field.
    await box.getByRole('textbox', { name: 'Check another postcode' }).fill('IM1 1AA');
    await box.getByRole('button', { name: 'Check' }).click();
    await expect.poll(async () => (await other.textContent()) ?? '').toContain('the Isle of Man');
    await box.getByRole('textbox', { name: 'Check another postcode' }).fill('NOPE');
    await box.getByRole('button', { name: 'Check' }).click();
    // (Shown by the field and announced by the live region.)
    await box.getByText('Enter a valid UK postcode.').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a cart going to the Isle of Man has no delivery price and no checkout, and offers a quote', async () => {
    const customer = await signUpCustomer(baseURL, 'delivery-island');
    await addToCart(baseURL, customer, { ...TAPE_GUN, packs: 1 });
    const page = await visit('/cart', PHONE, customer);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await delivery.getByRole('textbox', { name: 'Postcode' }).fill('IM1 1AA');
    await delivery.getByRole('button', { name: 'Show services' }).click();
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await checkout.waitFor();
    expect(await checkout.isDisabled()).toBe(true);
    const shipping = page.getByRole('row', { name: /^Shipping/ });
    expect(await shipping.textContent()).toContain('Not available online');
    expect(await shipping.textContent()).not.toContain('FREE');
    await page.getByRole('link', { name: 'request a quote for this cart' }).click();
    await page.getByRole('region', { name: 'Request a quote' }).waitFor();
    await expectAccessible(page, 'cart going to a zone not served');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a pallet load paid with next day and a tail lift: the order page and the invoice promise the date', async () => {
    const customer = await signUpCustomer(baseURL, 'delivery-buyer');
    const call = <T>(method: string, path: string, body?: unknown) =>
      callAs<T>(baseURL, customer.access, method, path, body);
    await addToCart(baseURL, customer, { ...PALLET_FILM, tier: 'pallet' });
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
    const cart = await call<{ id: number }>('GET', 'ecommerce/carts/current/');

    // The cart, at a phone's width: priced for the buyer's address, with both pallet services and their dates.
    const cartPage = await visit('/cart', PHONE, customer);
    const cartDelivery = cartPage.getByRole('region', { name: 'Delivery' });
    await expect
      .poll(() => cartDelivery.getByRole('textbox', { name: 'Postcode' }).inputValue())
      .toBe('LS1 4AP');
    const cartNextDay = cartDelivery.getByRole('radio', { name: /^Pallet, next day/ });
    await cartNextDay.waitFor();
    await expect.poll(() => cartNextDay.isEnabled()).toBe(true);
    const cartSummary = cartPage.getByRole('row', { name: /^Shipping/ });
    await expect.poll(async () => (await cartSummary.textContent()) ?? '').toContain('£90.00');
    await cartNextDay.check();
    // Two pallets next day: £65.00 each.
    await expect.poll(async () => (await cartSummary.textContent()) ?? '').toContain('£130.00');
    await expectAccessible(cartPage, 'cart with its delivery services');
    expect(await cartPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    const cartVisit = current!;
    await cartVisit.context.close();
    cartVisit.expectNoProblems();

    const page = await visit('/checkout', NARROW, customer);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const nextDay = delivery.getByRole('radio', { name: /^Pallet, next day/ });
    await nextDay.waitFor();
    await expect.poll(() => nextDay.isEnabled()).toBe(true);
    // The cart's choice comes with it to the checkout.
    await expect.poll(() => nextDay.isChecked()).toBe(true);
    const tailLift = delivery.getByRole('checkbox', { name: /^Tail lift/ });
    await expect.poll(() => tailLift.isEnabled()).toBe(true);
    await tailLift.check();
    // The server's quote for the same cart and postcode, asked now: the summary says what it promises.
    const options = await call<DeliveryOptionView[]>('POST', 'ecommerce/delivery-options/', {
      cart_id: cart.id,
      postal_code: 'LS1 4AP',
    });
    const quoted = options.find((option) => option.service === 'pallet_next_day')!;
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect
      .poll(async () => (await summary.getByRole('row', { name: /^Delivery/ }).textContent()) ?? '')
      .toContain(`Tail lift (no forklift on site), arrives ${dayLabel(quoted.delivery_date)}`);
    await expectAccessible(page, 'checkout with a pallet delivery');

    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully! Redirecting to order tracking...').waitFor();
    await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 10_000 });

    const orders = await call<{ results: OrderView[] }>('GET', 'orders/');
    expect(orders.results).toHaveLength(1);
    const order = orders.results[0]!;
    // Two pallets at £65.00 next day, plus £25.00 for the tail lift, as quoted.
    expect(order.shipping_cost).toBe('155.00');
    expect(order.delivery).toMatchObject({
      service: 'pallet_next_day',
      extras: [{ code: 'tail_lift' }],
      zone: 'mainland',
      delivery_date: quoted.delivery_date,
      dispatch_by: quoted.dispatch_date,
    });

    // The order page, at a phone's width.
    const orderPage = await visit(`/track-order/${order.id}`, PHONE, customer);
    await orderPage.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await orderPage.getByText(`Delivery by ${dayLabel(quoted.delivery_date)}`).waitFor();
    await orderPage.getByText('Pallet, next day').first().waitFor();
    await orderPage
      .getByText(/tail lift/i)
      .first()
      .waitFor();
    await expectAccessible(orderPage, 'order page with its delivery');

    // The invoice names the service, the extra and the day it is due.
    const button = orderPage.getByRole('button', { name: /INV-\d{6}/ }).first();
    const [download] = await Promise.all([orderPage.waitForEvent('download'), button.click()]);
    const text = (await pdfText(await download.path())).replace(/\s+/g, ' ');
    expect(text).toContain('Pallet, next day, tail lift');
    expect(text).toContain(dayLabel(quoted.delivery_date));
    expect(text).toContain('155.00');
  });
});
