import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, callAs, placeOrder, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  NARROW,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  openPhone,
  waitForHydration,
} from './browser';
import { TAPE_GUN } from './items';

/**
 * A company's administrator opens a colleague's order from My account → Trade account → Orders: who ordered
 * it, its lines, delivery, shipment, documents, Reorder and Save as list; another buyer of the company does not.
 */
const baseURL = inject('baseURL');
const owner = inject('owner');

let browser: Browser;
let current: WatchedPage | undefined;
/** What the open page may report: the API's 404 for an order that is not the customer's to open. */
let expected: RegExp[] = [];

function closed(page: WatchedPage | undefined) {
  const allow = expected;
  expected = [];
  return page?.context.close().then(() => page.expectNoProblems(allow));
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const finished = current;
  current = undefined;
  await closed(finished);
});

async function visit(path: string, as: Customer, phone: boolean): Promise<Page> {
  const previous = current;
  current = undefined;
  await closed(previous);
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, as.access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

const ADDRESS = {
  first_name: 'Ann',
  last_name: 'Field',
  street: '4 Dock Road',
  city: 'Hull',
  postal_code: 'HU1 1AA',
  telephone_number: '01482 000000',
};

/** An approved company whose administrator has invited two buyers, each with a name of their own. */
async function companyWithBuyers() {
  const admin = await signUpCustomer(baseURL, 'orders-admin');
  const trading = `Orders ${Date.now().toString(36)}`;
  const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
    legal_name: `${trading} Ltd`,
    trading_name: trading,
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: ADDRESS,
    invoice_address: ADDRESS,
    accounts_email: 'accounts@orders.example',
    requested_credit_limit: '5000',
    trade_references: [
      { name: 'Tapes Ltd', email: 'ref@tapes.example' },
      { name: 'Wraps Ltd', email: 'ref@wraps.example' },
    ],
  });
  const login = await fetch(`${baseURL}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  const { token } = (await login.json()) as { token: { access: string } };
  await callAs(baseURL, token.access, 'POST', `administration/companies/${company.id}/approve/`, {
    credit_limit: '5000.00',
    payment_terms_days: 30,
  });
  const buyer = async (name: string, first: string, last: string) => {
    const person = await signUpCustomer(baseURL, name);
    await callAs(baseURL, person.access, 'PATCH', 'account/profile/', { first_name: first, last_name: last });
    await callAs(baseURL, admin.access, 'POST', 'account/company/invitations/', {
      email: person.email,
      role: 'buyer',
      order_limit: null,
    });
    const invitations = await callAs<{ id: number }[] | { results: { id: number }[] }>(
      baseURL,
      person.access,
      'GET',
      'account/invitations/',
    );
    const list = Array.isArray(invitations) ? invitations : invitations.results;
    await callAs(baseURL, person.access, 'POST', `account/invitations/${list[0]!.id}/accept/`, {});
    return person;
  };
  return {
    admin,
    colleague: await buyer('orders-colleague', 'Colin', 'Mercer'),
    other: await buyer('orders-other', 'Olive', 'Grant'),
  };
}

/** Opens the order from Trade account → Orders with a click on its number, as the administrator does. */
async function openFromList(page: Page, orderId: number) {
  await page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }).click();
  await page.waitForURL(`**/track-order/${orderId}`);
}

/** The colleague's order as the administrator sees it on its page. */
async function expectColleaguesOrder(page: Page, orderId: number, label: string) {
  await page.getByRole('heading', { level: 1, name: `Order #${orderId}` }).waitFor();
  const facts = page.locator('.order-facts');
  await facts.getByText('Ordered by').waitFor();
  await facts.getByText('Colin Mercer').waitFor();
  await facts.getByText('Not shipped yet').waitFor();
  await page.getByText(/^Delivery by /).waitFor();
  await page
    .getByRole('table', { name: `Items in order #${orderId}` })
    .getByText(TAPE_GUN.sku)
    .waitFor();
  // The invoice is the company's; the paid receipt of the colleague's card stays theirs.
  await page.getByRole('button', { name: /INV-\d{6}/ }).waitFor();
  expect(await page.getByRole('button', { name: /RCT-\d{6}/ }).count()).toBe(0);
  await page.getByRole('button', { name: 'Reorder' }).waitFor();
  await page.getByRole('button', { name: 'Save as list' }).waitFor();
  await expectNoSidewaysScroll(page, label);
  await expectAccessible(page, label);
}

describe('company orders in My account', { timeout: 120_000 }, () => {
  test('the administrator opens a colleague’s order and reorders it into their own cart; another buyer cannot open it', async () => {
    const { admin, colleague, other } = await companyWithBuyers();
    const order = await placeOrder(baseURL, colleague, { ...TAPE_GUN, packs: 1 });

    // At 1280 px: from Trade account → Orders to the order.
    let page = await visit('/account/company', admin, false);
    await openFromList(page, order.id);
    await expectColleaguesOrder(page, order.id, 'a colleague’s order at 1280 px');
    await page.screenshot({ path: '/tmp/b-company-order-1280.png', fullPage: true });

    // Reorder fills the administrator's own cart, at their own prices.
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByText('The line was added to your cart.').waitFor();
    const adminCart = await callAs<{ items: { item: { sku: string }; pack_quantity: number }[] }>(
      baseURL,
      admin.access,
      'GET',
      'ecommerce/carts/current/',
    );
    expect(adminCart.items.map((line) => [line.item.sku, line.pack_quantity])).toEqual([[TAPE_GUN.sku, 1]]);
    const colleagueCart = await callAs<{ items: unknown[] }>(
      baseURL,
      colleague.access,
      'GET',
      'ecommerce/carts/current/',
    );
    expect(colleagueCart.items).toEqual([]);

    // On a phone: the same order from the same list.
    page = await visit('/account/company', admin, true);
    await openFromList(page, order.id);
    await expectColleaguesOrder(page, order.id, 'a colleague’s order at 375 px');
    await page.screenshot({ path: '/tmp/b-company-order-phone.png', fullPage: true });

    // Another buyer of the company keeps to their own orders.
    page = await visit(`/track-order/${order.id}`, other, true);
    expected = [new RegExp(`status of 404 .*/api/orders/${order.id}/\\)`)];
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    await expectNoSidewaysScroll(page, 'another buyer, not found');

    // The colleague themself sees it as their own, without "Ordered by".
    page = await visit(`/track-order/${order.id}`, colleague, false);
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await page.getByRole('button', { name: /RCT-\d{6}/ }).waitFor();
    expect(await page.getByText('Ordered by').count()).toBe(0);
  });
});
