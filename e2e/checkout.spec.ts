import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  NARROW,
  deliveryChosen,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';
import { STOCK_CHECKED_TAPE_GUN } from './items';

const baseURL = inject('baseURL');
/** Heavy Duty Tape Gun 75mm: its stock is checked to the unit, so no other file orders it (items.ts). */
const TAPE_GUN = STOCK_CHECKED_TAPE_GUN;
/** Clear Hand Pallet Wrap 400mm, on the six-variant page: 6 rolls a pack. */
const PALLET_WRAP = { sku: 'PW-HAND-400-CL', page: '/details/wraps/pallet-wraps' };

const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0027 6000 3184',
};

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
  // A declined card is answered 402 by the processor: Chromium logs the failed fetch.
  finished?.expectNoProblems([/status of 402/]);
});

async function api<T>(customer: Customer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${customer.access}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The item's stock as the shop reports it, through its public items list. */
async function stockOf(sku: string, page: string): Promise<number> {
  const [, , category, product] = page.split('/');
  const found = (await (await fetch(`${baseURL}/api/products/?slug=${product}`)).json()) as {
    results: { id: number }[];
  };
  const variants = (await (
    await fetch(`${baseURL}/api/product-variants/?product=${found.results[0]!.id}`)
  ).json()) as { results: { id: number }[] } | { id: number }[];
  const list = Array.isArray(variants) ? variants : variants.results;
  for (const variant of list) {
    const items = (await (
      await fetch(`${baseURL}/api/items/?product_variant=${variant.id}&page_size=100`)
    ).json()) as { results: { sku: string; stock: number }[] };
    const item = items.results.find((row) => row.sku === sku);
    if (item) return item.stock;
  }
  throw new Error(`no ${sku} in ${category}/${product}`);
}

async function visit(path: string, as: Customer, viewport = NARROW): Promise<Page> {
  current = await openPage(browser, viewport, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, as.access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

/** Chooses a quantity on a product page and adds it to the cart; the shop then shows /cart. */
async function addToCart(page: Page, sku: string, units: number) {
  const input = page.getByRole('textbox', { name: `No. of units of ${sku}` });
  await input.fill(String(units));
  await input.press('Enter');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL('**/cart');
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

async function addAddress(page: Page) {
  // With no saved address the form is already open; otherwise the toggle opens it.
  const toggle = page.getByRole('button', { name: 'Add a new address' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Buyer');
  await form.getByRole('textbox', { name: 'Street' }).fill('1 Warehouse Road');
  await form.getByRole('textbox', { name: 'City' }).fill('Leeds');
  await form.getByRole('textbox', { name: /Postal code/ }).fill('ls1 4ap');
  await form.getByRole('textbox', { name: /Telephone/ }).fill('07700 900123');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect
    .poll(() =>
      page
        .getByRole('radio', { name: /1 Warehouse Road/ })
        .first()
        .isChecked(),
    )
    .toBe(true);
}

/** Presses Tab until `target` has focus (at most `max` times) and answers how many presses it took. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max: number): Promise<number> {
  let presses = 0;
  while (!(await target.evaluate((element) => element === document.activeElement))) {
    if (presses === max) throw new Error(`${max} presses of Tab did not reach ${String(target)}`);
    await page.keyboard.press('Tab');
    presses++;
  }
  return presses;
}

interface OrderPage {
  results: {
    id: number;
    status: string;
    payment_status: string;
    items: { sku: string; pack_quantity: number }[];
  }[];
}

describe('checkout in Chromium', () => {
  test('log in, add two items, change a quantity, add an address, pay with 4242, see the order', async () => {
    const customer = await signUpCustomer(baseURL, 'checkout-buyer');
    const stockBefore = await stockOf(TAPE_GUN.sku, TAPE_GUN.page);
    const page = await visit(TAPE_GUN.page, customer);
    await addToCart(page, TAPE_GUN.sku, 2);
    await page.goto(PALLET_WRAP.page);
    await waitForHydration(page);
    await addToCart(page, PALLET_WRAP.sku, 6);

    // The cart: two lines; one more tape gun with plus.
    await expect.poll(() => page.getByRole('textbox', { name: /^Boxes of / }).count()).toBe(2);
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 2 items/ }).count()).toBe(1);
    await page.getByRole('button', { name: `Add one box of ${TAPE_GUN.sku}` }).click();
    const boxes = page.getByRole('textbox', { name: `Boxes of ${TAPE_GUN.sku}` });
    await expect.poll(() => boxes.inputValue()).toBe('3');
    // The line is dimmed while its change is saved: axe reads it once the shopper could type in it again.
    await expect.poll(() => boxes.getAttribute('aria-disabled')).toBeNull();
    await expectAccessible(page, 'cart');
    const cart = await api<{ total: string }>(customer, 'GET', 'ecommerce/carts/current/');

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');
    await addAddress(page);
    await expect.poll(() => page.getByRole('radio', { name: 'Card' }).isChecked()).toBe(true);
    await deliveryChosen(page);
    await expectAccessible(page, 'checkout');
    await fillCard(page, CARDS.succeeds);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully! Redirecting to order tracking...').waitFor();
    // The order's confirmation first, then the order list.
    await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    await page.goto('/track-order');
    await waitForHydration(page);

    const table = page.getByRole('table', { name: 'Your orders' });
    await table.waitFor();
    const orders = await api<OrderPage>(customer, 'GET', 'orders/');
    expect(orders.results).toHaveLength(1);
    const [order] = orders.results;
    expect(order).toMatchObject({ status: 'pending', payment_status: 'COMPLETED' });
    expect(order!.items.map((line) => [line.sku, line.pack_quantity]).sort()).toEqual(
      [
        [PALLET_WRAP.sku, 1],
        [TAPE_GUN.sku, 3],
      ].sort(),
    );
    await expect.poll(() => table.getByRole('row', { name: new RegExp(`#${order!.id}\\b`) }).count()).toBe(1);
    expect(await table.textContent()).toContain(`£${cart.total}`);
    await expectAccessible(page, 'track-order');

    // Exactly one of everything: the processor's webhook arrives too, and changes nothing.
    await expect.poll(async () => (await api<OrderPage>(customer, 'GET', 'orders/')).results.length).toBe(1);
    expect(await stockOf(TAPE_GUN.sku, TAPE_GUN.page)).toBe(stockBefore - 3);
    const mail = (await (
      await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(customer.email)}`)
    ).json()) as { results: { subject: string }[] };
    expect(mail.results.filter((message) => /order #/.test(message.subject))).toHaveLength(1);
    expect((await api<{ items: unknown[] }>(customer, 'GET', 'ecommerce/carts/current/')).items).toHaveLength(
      0,
    );
  });

  test('a declined card shows the processor’s message and makes no order', async () => {
    const customer = await signUpCustomer(baseURL, 'declined-buyer');
    const page = await visit(TAPE_GUN.page, customer);
    await addToCart(page, TAPE_GUN.sku, 1);
    await page.goto('/checkout');
    await waitForHydration(page);
    await addAddress(page);
    await deliveryChosen(page);
    await fillCard(page, CARDS.declined);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Your card was declined.').waitFor();
    expect((await api<OrderPage>(customer, 'GET', 'orders/')).results).toHaveLength(0);
    expect((await api<{ items: unknown[] }>(customer, 'GET', 'ecommerce/carts/current/')).items).toHaveLength(
      1,
    );
  });

  test('the authentication card pays once its dialog is passed, and fails cleanly when it is failed', async () => {
    const customer = await signUpCustomer(baseURL, 'secure-buyer');
    const page = await visit(TAPE_GUN.page, customer);
    await addToCart(page, TAPE_GUN.sku, 1);
    await page.goto('/checkout');
    await waitForHydration(page);
    await addAddress(page);
    await deliveryChosen(page);

    await fillCard(page, CARDS.authentication);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment authentication' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await page
      .getByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      )
      .waitFor();
    expect((await api<OrderPage>(customer, 'GET', 'orders/')).results).toHaveLength(0);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('Order placed successfully! Redirecting to order tracking...').waitFor();
    await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 10_000 });
    expect((await api<OrderPage>(customer, 'GET', 'orders/')).results).toHaveLength(1);
  });

  test('a purchase with the keyboard alone, from the product page to the order on /track-order/{id}', async () => {
    const customer = await signUpCustomer(baseURL, 'keyboard-buyer');
    await api(customer, 'POST', 'addresses/', {
      first_name: 'Kay',
      last_name: 'Board',
      street: '2 Tab Street',
      city: 'York',
      postal_code: 'YO1 7HH',
      telephone_number: '07700900456',
    });
    const page = await visit(PALLET_WRAP.page, customer);
    const quantity = page.getByRole('textbox', { name: `No. of units of ${PALLET_WRAP.sku}` });
    const toQuantity = await tabTo(page, quantity, 200);
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');

    // From the quantity to Add to Cart: count the presses of Tab.
    const addToCartButton = page.getByRole('button', { name: 'Add to Cart' });
    let tabs = 0;
    while (!(await addToCartButton.evaluate((button) => button === document.activeElement)) && tabs < 100) {
      const onSkipLink = await page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.textContent?.trim() === 'Skip to Add to Cart',
      );
      await page.keyboard.press(onSkipLink ? 'Enter' : 'Tab');
      if (!onSkipLink) tabs++;
    }
    expect(tabs, 'presses of Tab from the quantity to Add to Cart').toBeLessThanOrEqual(3);
    console.log(
      `keyboard journey: ${toQuantity} Tabs from the page's top to the quantity, ${tabs} to Add to Cart`,
    );
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');

    // The cart's Checkout link, then the checkout form, all by keyboard.
    const checkoutLink = page.getByRole('link', { name: 'Checkout' });
    await checkoutLink.waitFor();
    await tabTo(page, checkoutLink, 80);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout');
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: /2 Tab Street/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    const cardNumber = page.getByRole('textbox', { name: 'Card number' });
    await cardNumber.waitFor();
    await tabTo(page, cardNumber, 80);
    await page.keyboard.type(CARDS.succeeds);
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await deliveryChosen(page);
    await tabTo(page, page.getByRole('button', { name: 'Place Order' }), 10);
    await page.keyboard.press('Enter');
    await page.getByText('Order placed successfully! Redirecting to order tracking...').waitFor();
    await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 10_000 });
    const orders = await api<OrderPage>(customer, 'GET', 'orders/');
    expect(orders.results).toHaveLength(1);
    // From the confirmation, the keyboard goes on to the order's page.
    const track = page.getByRole('link', { name: 'Track this order' });
    await track.waitFor();
    await tabTo(page, track, 80);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/track-order/${orders.results[0]!.id}`);
  });
});
