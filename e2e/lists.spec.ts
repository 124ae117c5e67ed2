import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, placeOrder, signUpCustomer } from './api-session';
import {
  type Viewport,
  type WatchedPage,
  NARROW,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';
import { TAPE_GUN } from './items';

const baseURL = inject('baseURL');

/** A phone's width: the new pages must read and work at 375 px. */
const PHONE = { width: 375, height: 800 };

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

/** Opens a page signed in as the customer (their access token stored, as the login form stores it). */
async function visit(path: string, as: Customer, viewport: Viewport = NARROW): Promise<Page> {
  current = await openPage(browser, viewport, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, as.access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

async function cartLines(customer: Customer): Promise<{ sku: string; packs: number }[]> {
  const response = await fetch(`${baseURL}/api/ecommerce/carts/current/`, {
    headers: { authorization: `Bearer ${customer.access}` },
  });
  const cart = (await response.json()) as { items: { item: { sku: string }; pack_quantity: number }[] };
  return cart.items.map((line) => ({ sku: line.item.sku, packs: line.pack_quantity }));
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('saved lists, in Chromium', () => {
  test('save a list from an order, edit it, and add it to the cart', async () => {
    const customer = await signUpCustomer(baseURL, 'list-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 3 });
    expect(await cartLines(customer)).toEqual([]);

    // The order page: Save as list makes a list of its lines.
    const page = await visit(`/track-order/${order.id}`, customer);
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await page.getByRole('button', { name: 'Save as list' }).click();
    const name = page.getByLabel('Name of the new list');
    expect(await name.inputValue()).toBe(`Order #${order.id}`);
    await name.fill('Warehouse monthly');
    await page.getByRole('form', { name: 'Save as list' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 item saved to Warehouse monthly.').waitFor();
    await page.getByRole('link', { name: 'See the list' }).click();

    // The list: rename it, change its packs, and save.
    await page.getByRole('heading', { level: 1, name: 'Warehouse monthly' }).waitFor();
    await expectAccessible(page, 'a saved list');
    const packs = page.getByLabel(`Packs of ${TAPE_GUN.sku}`);
    expect(await packs.inputValue()).toBe('3');
    await page.getByLabel('Name', { exact: true }).fill('Warehouse weekly');
    await packs.fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Warehouse weekly' }).waitFor();

    // Add to cart: each line told in the reorder's words, then the cart holds it.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('The line was added to your cart.').waitFor();
    await page.getByText(`5 packs of ${TAPE_GUN.sku} added`).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 1 item/ }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await page.waitForURL('**/cart');
    await expect
      .poll(() => page.getByRole('textbox', { name: `Boxes of ${TAPE_GUN.sku}` }).inputValue())
      .toBe('5');
    expect(await cartLines(customer)).toEqual([{ sku: TAPE_GUN.sku, packs: 5 }]);

    // The lists' page, from My account.
    await page.goto('/account');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Your saved lists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved lists' }).waitFor();
    await page.getByRole('link', { name: 'Warehouse weekly' }).waitFor();
    await expectAccessible(page, 'saved lists');
  });

  test('the lists’ pages read and work at a phone’s width', async () => {
    const customer = await signUpCustomer(baseURL, 'list-phone');
    const page = await visit('/account/lists', customer, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Saved lists' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Cafe consumables');
    await page.getByRole('button', { name: 'Make an empty list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cafe consumables' }).waitFor();
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, 'an empty saved list at 375 px');

    // A line added from the quick order, then the list with its table at 375 px.
    await page.goto('/quick-order');
    await waitForHydration(page);
    await page.getByLabel('SKU and packs, one item a line').fill(`${TAPE_GUN.sku}, 2`);
    await page.getByText('1 of 1 line is ready to add.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add to list' }).click();
    await page.getByLabel('Save to').selectOption({ label: 'Cafe consumables' });
    await page.getByRole('form', { name: 'Add to list' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 item saved to Cafe consumables.').waitFor();
    await fitsTheScreen(page, PHONE.width);
    await page.getByRole('link', { name: 'See the list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cafe consumables' }).waitFor();
    expect(await page.getByLabel(`Packs of ${TAPE_GUN.sku}`).inputValue()).toBe('2');
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, 'a saved list at 375 px');

    // The breadcrumb's link (the account menu has one of the same name).
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Saved lists' })
      .click();
    await page.getByRole('link', { name: 'Cafe consumables' }).waitFor();
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, 'saved lists at 375 px');
  });
});
