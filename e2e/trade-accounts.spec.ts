import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, addToCart, callAs, signUpCustomer, ownerToken as ownerLogin } from './api-session';
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

/**
 * The trade-account journeys: a business applies for a trade account, staff approve it with a credit limit, its
 * administrator invites a buyer, the buyer orders on account with a PO number, and the administrator finds the
 * order and reads its invoice; then the approval path. Each screen checked with axe; the new screens at 375 px.
 */
const baseURL = inject('baseURL');
const owner = inject('owner');
const PHONE: Viewport = { width: 375, height: 800 };

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

/** Opens a page signed in with the access token (as the login form stores it), after closing the last one. */
async function visit(path: string, access: string, viewport: Viewport = NARROW): Promise<Page> {
  const previous = current;
  current = undefined;
  await previous?.context.close();
  previous?.expectNoProblems();
  current = await openPage(browser, viewport, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

/** The owner's sign-in, made once for the file (an access token lasts 15 minutes): staff stay signed in. */
const ownerToken = () => ownerLogin(baseURL, owner);

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const ADDRESS = {
  first_name: 'Ann',
  last_name: 'Field',
  street: '4 Dock Road',
  city: 'Hull',
  postal_code: 'HU1 1AA',
  telephone_number: '01482 000000',
};

/** An approved company made through the API as the screens would, for the second journey. */
async function approvedCompany(name: string): Promise<{ admin: Customer; id: number; trading: string }> {
  const admin = await signUpCustomer(baseURL, `${name}-admin`);
  const trading = `Crates ${Date.now().toString(36)}`;
  const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
    legal_name: `${trading} Ltd`,
    trading_name: trading,
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: ADDRESS,
    invoice_address: ADDRESS,
    accounts_email: 'accounts@crates.example',
    requested_credit_limit: '5000',
    trade_references: [
      { name: 'Tapes Ltd', email: 'ref@tapes.example' },
      { name: 'Wraps Ltd', email: 'ref@wraps.example' },
    ],
  });
  await callAs(baseURL, await ownerToken(), 'POST', `administration/companies/${company.id}/approve/`, {
    credit_limit: '5000.00',
    payment_terms_days: 30,
  });
  await callAs(baseURL, admin.access, 'POST', 'account/company/addresses/', ADDRESS);
  return { admin, id: company.id, trading };
}

/** Someone invited by the administrator who accepts through the API. */
async function member(
  admin: Customer,
  name: string,
  role: 'buyer' | 'approver',
  orderLimit: string | null = null,
): Promise<Customer> {
  const person = await signUpCustomer(baseURL, name);
  await callAs(baseURL, admin.access, 'POST', 'account/company/invitations/', {
    email: person.email,
    role,
    order_limit: orderLimit,
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
}

// The first journey walks four people through nine screens, each opened fresh and checked with axe.
describe('trade accounts in Chromium', { timeout: 150_000 }, () => {
  test('apply → staff approve → invite a buyer → the buyer orders on account with a PO → the administrator reads the invoice', async () => {
    // The applicant applies from My account.
    const applicant = await signUpCustomer(baseURL, 'trade-applicant');
    const trading = `Boxwell ${Date.now().toString(36)}`;
    let page = await visit('/account/company', applicant.access);
    await page.getByRole('link', { name: 'Apply for a trade account' }).click();
    const form = page.getByRole('form', { name: 'Trade account application' });
    await form.waitFor();
    await expectAccessible(page, 'trade account application');
    await form.getByLabel('Legal name').fill(`${trading} Packaging Ltd`);
    await form.getByLabel('Trading name').fill(trading);
    await form.getByLabel('Companies House number').fill('01234567');
    await form.getByLabel('VAT number').fill('GB 123 4567 82');
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Field');
    await form.getByLabel('Street').fill('4 Dock Road');
    await form.getByLabel('City').fill('Hull');
    await form.getByLabel('Postal code').fill('hu1 1aa');
    await form.getByLabel('Telephone number').fill('01482 000000');
    await form.getByLabel('Accounts e-mail address').fill('accounts@boxwell.example');
    await form.getByLabel('Credit limit asked for (£)').fill('5000');
    const references = form.getByRole('group', { name: /^Reference/ });
    await references.nth(0).getByLabel('Company name').fill('Tapes Ltd');
    await references.nth(0).getByLabel('E-mail address').fill('ref@tapes.example');
    await references.nth(1).getByLabel('Company name').fill('Wraps Ltd');
    await references.nth(1).getByLabel('E-mail address').fill('ref@wraps.example');
    await form.getByRole('button', { name: 'Apply for a trade account' }).click();
    await page.getByText('Awaiting a decision').first().waitFor();
    await expectAccessible(page, 'trade account awaiting a decision');

    // Staff approve it with a £5,000 limit at 30 days.
    page = await visit('/admin/companies', await ownerToken());
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'admin trade accounts');
    await page
      .getByRole('row', { name: new RegExp(trading) })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: new RegExp(trading) }).waitFor();
    await expectAccessible(page, 'admin trade account');
    await page.getByLabel('Credit limit (£)').fill('5000');
    await page.getByLabel('Number of days').fill('30');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByText(/approved/i)
      .first()
      .waitFor();

    // The administrator requires PO numbers, adds a delivery address and invites a buyer.
    const buyer = await signUpCustomer(baseURL, 'trade-buyer');
    page = await visit('/account/company', applicant.access);
    await page.getByText('Available credit').first().waitFor();
    await page.getByLabel('Require a purchase-order number on every order').check();
    await page.getByRole('button', { name: /^Save/ }).first().click();
    await callAs(baseURL, applicant.access, 'POST', 'account/company/addresses/', ADDRESS);
    const invite = page.getByRole('form', { name: 'Invite a colleague' });
    await invite.getByLabel('E-mail address').fill(buyer.email);
    await invite.getByLabel('Role').selectOption('buyer');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByRole('button', { name: `Cancel the invitation to ${buyer.email}` }).waitFor();
    await expectAccessible(page, 'trade account, administrator');

    // The buyer accepts, at a phone's width.
    page = await visit('/account/company', buyer.access, PHONE);
    await page.getByRole('button', { name: `Join ${trading}` }).click();
    await page.getByText('Buyer').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'trade account, buyer at 375 px');

    // The buyer orders on account with a PO number.
    await addToCart(baseURL, buyer, { ...TAPE_GUN, packs: 2 });
    page = await visit('/checkout', buyer.access);
    const po = `PO-${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('radio', { name: 'Pay on account' }).check();
    await page.getByLabel(/Purchase-order number/).fill(po);
    await deliveryChosen(page);
    await expectAccessible(page, 'checkout on account');
    await page.getByRole('button', { name: 'Place order on account' }).click();
    // The confirmation: the order's number, the PO number, and on account.
    await page.waitForURL(/\/order-confirmed\/\d+$/);
    const orderId = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    await page.getByText(`Order number #${orderId}`).waitFor();
    await page.getByText(new RegExp(`Placed on your company’s account: .*, PO number ${po}\\.`)).waitFor();
    await expectAccessible(page, 'order on account');

    // The administrator finds it by PO number and downloads the invoice.
    page = await visit(`/account/company?purchase_order_number=${po}`, applicant.access);
    await page
      .getByRole('link', { name: new RegExp(`#${orderId}\\b`) })
      .first()
      .waitFor();
    const button = page.getByRole('button', { name: /INV-\d{6}/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const text = await pdfText(await download.path());
    expect(text).toContain(po);
    expect(text).toContain('30 days from the invoice date');
    expect(text).toMatch(/Due date:?\s+\d{1,2} \w+ \d{4}/);
    expect(text).not.toContain('Paid receipt');
  });

  test('an order above the buyer’s limit waits for an approver, who approves it in My account', async () => {
    const { admin, id } = await approvedCompany('approval');
    const buyer = await member(admin, 'limited-buyer', 'buyer', '10.00');
    const approver = await member(admin, 'approver', 'approver');

    await addToCart(baseURL, buyer, { ...TAPE_GUN, packs: 2 });
    let page = await visit('/checkout', buyer.access, PHONE);
    await page.getByRole('radio', { name: 'Pay on account' }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'checkout on account at 375 px');
    // Said before placing: the order is over the limit, and the button sends it for approval, once the
    // delivery service for the address is chosen and saved.
    await page.getByText('over your order limit of £10.00').waitFor();
    await deliveryChosen(page);
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('sent to your company’s approvers').first().waitFor();
    await expectAccessible(page, 'order awaiting approval');

    page = await visit('/account/approvals', approver.access, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'approvals at 375 px');
    await page
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    const placed = page.getByText(/Order #\d+ placed/).first();
    await placed.waitFor();
    const orderId = Number(/#(\d+)/.exec((await placed.textContent()) ?? '')![1]);

    const order = await callAs<{ payment_status: string; company: number | null }>(
      baseURL,
      buyer.access,
      'GET',
      `orders/${orderId}/`,
    );
    expect(order.payment_status).toBe('ON_ACCOUNT');

    // The other new screens at a phone's width: the application form and the back office's company.
    const newcomer = await signUpCustomer(baseURL, 'phone-applicant');
    page = await visit('/account/company/apply', newcomer.access, PHONE);
    await page.getByRole('form', { name: 'Trade account application' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'trade account application at 375 px');
    page = await visit(`/admin/companies/${id}`, await ownerToken(), PHONE);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Available credit').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'admin trade account at 375 px');
  });
  test('an approver’s own request over their limit, declined by the administrator, goes back in their cart', async () => {
    const { admin } = await approvedCompany('own-request');
    const approver = await member(admin, 'limited-approver', 'approver', '10.00');

    await addToCart(baseURL, approver, { ...TAPE_GUN, packs: 2 });
    let page = await visit('/checkout', approver.access, PHONE);
    await page.getByRole('radio', { name: 'Pay on account' }).check();
    await deliveryChosen(page);
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('sent to your company’s approvers').first().waitFor();
    const [request] = (
      await callAs<{ results: { id: number; reference: string }[] }>(
        baseURL,
        approver.access,
        'GET',
        'account/company/approvals/',
      )
    ).results;
    await callAs(baseURL, admin.access, 'POST', `account/company/approvals/${request!.id}/decline/`, {
      reason: 'Not this month.',
    });

    page = await visit('/account/approvals', approver.access, PHONE);
    const putBack = page.getByRole('button', { name: `Put ${request!.reference} back in my cart` });
    await putBack.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'an approver’s own declined request at 375 px');
    await putBack.click();
    await page.getByRole('link', { name: 'Go to cart' }).waitFor();
    const cart = await callAs<{ items: { item: { sku: string }; pack_quantity: number }[] }>(
      baseURL,
      approver.access,
      'GET',
      'ecommerce/carts/current/',
    );
    expect(cart.items.map((line) => [line.item.sku, line.pack_quantity])).toEqual([[TAPE_GUN.sku, 2]]);
  });

  test('an order on account → staff record a part payment, then the rest → the administrator’s statement shows both → the invoice is closed', async () => {
    const { admin, id } = await approvedCompany('ledger');
    const addresses = await callAs<{ id: number }[] | { results: { id: number }[] }>(
      baseURL,
      admin.access,
      'GET',
      'account/company/addresses/',
    );
    const address = (Array.isArray(addresses) ? addresses : addresses.results)[0]!.id;
    await addToCart(baseURL, admin, { product: 'pallet-covers', sku: 'PC-TS-1200-800-CL', packs: 2 });
    const order = await callAs<{ id: number; total: string }>(baseURL, admin.access, 'POST', 'orders/', {
      payment_method: 'account',
      billing_address: address,
      shipping_address: address,
    });
    const totalPence = Math.round(Number(order.total) * 100);
    const part = ((totalPence - (totalPence % 200)) / 200).toFixed(2);
    const rest = ((totalPence - Math.round(Number(part) * 100)) / 100).toFixed(2);
    const reference = `BACS-${Date.now().toString(36).toUpperCase()}`;

    // Staff record a part payment, then the rest, each set against the invoice as suggested.
    let page = await visit(`/admin/companies/${id}`, await ownerToken(), { width: 1280, height: 900 });
    await page.getByRole('heading', { level: 2, name: 'Ledger and payments' }).waitFor();
    const form = page.getByRole('form', { name: 'Record a payment' });
    for (const [amount, suffix] of [
      [part, '-1'],
      [rest, '-2'],
    ] as const) {
      await form.getByLabel('Amount (£)').fill(amount);
      await form
        .getByLabel(/^Invoice INV-\d+, due/)
        .first()
        .waitFor();
      await expect
        .poll(() =>
          form
            .getByLabel(/^Invoice INV-\d+, due/)
            .first()
            .inputValue(),
        )
        .toBe(amount);
      await form.getByLabel('Reference').fill(`${reference}${suffix}`);
      await form.getByRole('button', { name: 'Record the payment' }).click();
      await page
        .getByText(`Payment of £${Number(amount).toFixed(2)} recorded`)
        .first()
        .waitFor();
      // The payment is a row of the payments table and of the ledger with its running balance.
      await expect
        .poll(() => page.getByRole('row', { name: new RegExp(`${reference}${suffix}`) }).count())
        .toBe(2);
    }
    await page.getByText('No invoice is open.').waitFor();
    await expectAccessible(page, 'admin trade account ledger');

    // The administrator downloads this month's statement at a phone's width: both payments, nothing owed.
    page = await visit('/account/company', admin.access, PHONE);
    await page.getByText('Balance').first().waitFor();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' })
      .format(new Date())
      .slice(0, 7);
    await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download statement' }).click(),
    ]);
    const text = await pdfText(await download.path());
    expect(text).toContain(`${reference}-1`);
    expect(text).toContain(`${reference}-2`);
    expect(text).toMatch(/Closing balance \(GBP\)\s*£0\.00/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'trade account with statements at 375 px');

    // The invoice is closed: the order is paid.
    const paid = await callAs<{ payment_status: string }>(
      baseURL,
      admin.access,
      'GET',
      `orders/${order.id}/`,
    );
    expect(paid.payment_status).toBe('COMPLETED');
  });
});
