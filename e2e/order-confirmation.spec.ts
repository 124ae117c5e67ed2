import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, addToCart, callAs, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  NARROW,
  deliveryChosen,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  openPhone,
  waitForHydration,
} from './browser';
import { TAPE_GUN } from './items';

/**
 * After paying, the buyer lands on one confirmation page, whichever way they paid: by card on a phone, and on
 * their company's account at 1280 px. It shows what the server holds (a reload shows it again, another
 * customer finds nothing), and the order list fits a phone.
 */
const baseURL = inject('baseURL');
const owner = inject('owner');

let browser: Browser;
let current: WatchedPage | undefined;
/** What the open page may report: the API's 404 for an order that is not the customer's. */
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

/** Opens a page signed in (as the login form stores the token), on a phone or at 1280 px, closing the last. */
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
  first_name: 'Pat',
  last_name: 'Buyer',
  street: '1 Warehouse Road',
  city: 'Leeds',
  state: '',
  postal_code: 'LS1 4AP',
  country: 'UK',
  telephone_number: '07700 900123',
};

/** The checks every confirmation passes: the number, the thanks, where the e-mail went, the way on. */
async function expectConfirmation(page: Page, customer: Customer, label: string): Promise<number> {
  await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 10_000 });
  const orderId = Number(/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
  await page.getByText(`Order number #${orderId}`).waitFor();
  await page.getByText(`A confirmation was e-mailed to ${customer.email}.`).waitFor();
  await page.getByText(/^Delivery by /).waitFor();
  await page
    .getByRole('table', { name: `Items in order #${orderId}` })
    .getByText(TAPE_GUN.sku)
    .waitFor();
  await page.getByRole('button', { name: /INV-\d{6}/ }).waitFor();
  await page.getByRole('link', { name: 'Track this order' }).waitFor();
  await page.getByRole('link', { name: 'Continue shopping' }).waitFor();
  await expectNoSidewaysScroll(page, label);
  await expectAccessible(page, label);
  return orderId;
}

/** An approved trade account whose administrator may order on account, made through the API. */
async function companyAdministrator(): Promise<Customer> {
  const admin = await signUpCustomer(baseURL, 'confirm-admin');
  const trading = `Confirm ${Date.now().toString(36)}`;
  const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
    legal_name: `${trading} Ltd`,
    trading_name: trading,
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: ADDRESS,
    invoice_address: ADDRESS,
    accounts_email: 'accounts@confirm.example',
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
  await callAs(baseURL, admin.access, 'POST', 'account/company/addresses/', ADDRESS);
  return admin;
}

describe('the confirmation after paying', { timeout: 120_000 }, () => {
  test('by card on a phone: the confirmation, again on reload, nobody else’s, and the order list fits', async () => {
    const customer = await signUpCustomer(baseURL, 'confirm-card');
    await callAs(baseURL, customer.access, 'POST', 'addresses/', ADDRESS);
    await addToCart(baseURL, customer, { ...TAPE_GUN, packs: 1 });

    let page = await visit('/checkout', customer, true);
    await deliveryChosen(page);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const orderId = await expectConfirmation(page, customer, 'card confirmation at 375 px');
    await page.getByText(/^Paid by card: £\d+\.\d{2}\.$/).waitFor();
    await page.screenshot({ path: '/tmp/b-confirmation-card-phone.png', fullPage: true });

    // The server says it is paid: the order the page confirms is the one the card paid for.
    const order = await callAs<{ payment_status: string; transaction_id: string }>(
      baseURL,
      customer.access,
      'GET',
      `orders/${orderId}/`,
    );
    expect(order.payment_status).toBe('COMPLETED');

    // A reload shows the same confirmation, read from the server again.
    await page.reload();
    await waitForHydration(page, current!.problems);
    await expectConfirmation(page, customer, 'card confirmation reloaded');

    // Back from the card provider's own page (a redirect), the payment's id finds the order.
    page = await visit(
      `/order-confirmed?payment_intent=${order.transaction_id}&redirect_status=succeeded`,
      customer,
      true,
    );
    expect(await expectConfirmation(page, customer, 'confirmation after a redirect')).toBe(orderId);
    // A payment whose order is not made yet is said to be waiting, and nothing is confirmed.
    page = await visit(
      '/order-confirmed?payment_intent=pi_not_made_yet&redirect_status=processing',
      customer,
      true,
    );
    await page.getByRole('heading', { level: 1, name: 'Confirming your payment' }).waitFor();
    await page.getByText(/Your payment is still being confirmed/).waitFor();
    expect(await page.getByText('Thank you for your order').count()).toBe(0);
    await expectNoSidewaysScroll(page, 'payment awaited at 375 px');
    await expectAccessible(page, 'payment awaited');

    // Someone else's order is not found.
    const stranger = await signUpCustomer(baseURL, 'confirm-stranger');
    page = await visit(`/order-confirmed/${orderId}`, stranger, true);
    expected = [new RegExp(`status of 404 .*/api/orders/${orderId}/\\)`)];
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    expect(await page.getByText(customer.email).count()).toBe(0);

    // The next step: the order list, cards on a phone, nothing scrolling sideways.
    page = await visit(`/order-confirmed/${orderId}`, customer, true);
    await page.getByRole('link', { name: 'Track this order' }).click();
    await page.waitForURL(`**/track-order/${orderId}`);
    await page.getByRole('heading', { level: 1, name: `Order #${orderId}` }).waitFor();
    page = await visit('/track-order', customer, true);
    const row = page
      .getByRole('table', { name: 'Your orders' })
      .getByRole('row', { name: new RegExp(`#${orderId}\\b`) });
    await row.waitFor();
    await expectNoSidewaysScroll(page, '/track-order at 375 px');
    const box = await row.boundingBox();
    expect(box!.x + box!.width, 'the order card fits the phone').toBeLessThanOrEqual(375);
    await expectAccessible(page, 'track-order at 375 px');
    await page.screenshot({ path: '/tmp/b-track-order-phone.png', fullPage: true });
  });

  test('on account at 1280 px: the same confirmation, with the PO number and the terms; then on a phone', async () => {
    const admin = await companyAdministrator();
    await addToCart(baseURL, admin, { ...TAPE_GUN, packs: 1 });
    let page = await visit('/checkout', admin, false);
    const po = `PO-${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('radio', { name: 'Pay on account' }).check();
    await page.getByLabel(/Purchase-order number/).fill(po);
    await deliveryChosen(page);
    await page.getByRole('button', { name: 'Place order on account' }).click();
    const orderId = await expectConfirmation(page, admin, 'on-account confirmation at 1280 px');
    await page
      .getByText(new RegExp(`^Placed on your company’s account: £[\\d,]+\\.\\d{2}, PO number ${po}\\.$`))
      .waitFor();
    await page
      .getByText(/^Payment is due by \d{1,2} \w+ \d{4} \(30 days from the invoice date\)\.$/)
      .waitFor();
    // Nothing was paid: the invoice, and no paid receipt.
    expect(await page.getByRole('button', { name: /RCT-\d{6}/ }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/b-confirmation-account-1280.png', fullPage: true });

    page = await visit(`/order-confirmed/${orderId}`, admin, true);
    await expectConfirmation(page, admin, 'on-account confirmation at 375 px');
    await page.screenshot({ path: '/tmp/b-confirmation-account-phone.png', fullPage: true });
  });
});
