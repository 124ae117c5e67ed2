import type { QuoteView } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, addToCart, callAs, signUpCustomer, ownerToken as ownerLogin } from './api-session';
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
 * My account for a trade buyer: the account menu by role, in the header and beside the account
 * pages; the company and its available credit in the header; an invitation before "Apply"; saved lists at
 * today's prices; a priced quote without its request's promise; the quick order in packs, with suggestions and
 * an alert offer; and the company's tables as cards on a phone.
 */
const baseURL = inject('baseURL');
const owner = inject('owner');

/** Pink Mailing Bags 14" x 20": 100 a pack, seeded out of stock, ordered by no journey. */
const OUT_OF_STOCK = 'MB-PNK-1420';
/** Clear Hand Pallet Wrap 450mm: 6 rolls a pack, 960 seeded. */
const WRAP_IN_SIXES = 'PW-HAND-450-CL';

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

/** Opens a page signed in with the access token, at 1280 px or as a phone, after closing the last one. */
async function visit(path: string, access: string, phone = false): Promise<Page> {
  const previous = current;
  current = undefined;
  await previous?.context.close();
  previous?.expectNoProblems();
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  await current.context.addInitScript((token) => {
    window.localStorage.setItem('accessToken', token);
  }, access);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

const ownerToken = () => ownerLogin(baseURL, owner);

const ADDRESS = {
  first_name: 'Ann',
  last_name: 'Field',
  street: '4 Dock Road',
  city: 'Hull',
  postal_code: 'HU1 1AA',
  telephone_number: '01482 000000',
};

/** An approved company with a £5,000 limit, made through the API as the screens would. */
async function approvedCompany(name: string): Promise<{ admin: Customer; trading: string }> {
  const admin = await signUpCustomer(baseURL, `${name}-admin`);
  const trading = `Menu ${name} ${Date.now().toString(36)}`;
  const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
    legal_name: `${trading} Ltd`,
    trading_name: trading,
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: ADDRESS,
    invoice_address: ADDRESS,
    accounts_email: 'accounts@menu.example',
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
  return { admin, trading };
}

/** Invites someone (role and order limit); they accept unless `accept` is false. */
async function invited(
  admin: Customer,
  name: string,
  orderLimit: string | null,
  accept = true,
): Promise<Customer> {
  const person = await signUpCustomer(baseURL, name);
  await callAs(baseURL, admin.access, 'POST', 'account/company/invitations/', {
    email: person.email,
    role: 'buyer',
    order_limit: orderLimit,
  });
  if (accept) {
    const mine = await callAs<{ id: number }[]>(baseURL, person.access, 'GET', 'account/invitations/');
    await callAs(baseURL, person.access, 'POST', `account/invitations/${mine[0]!.id}/accept/`, {});
  }
  return person;
}

/** The labels of the links in a menu, in order. */
const labelsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));

/** The header's account menu, opened: the places between My Account and Change Password. */
async function headerPlaces(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const all = await labelsOf(page, '#account-menu a, #account-menu button');
  await page.keyboard.press('Escape');
  return all.slice(all.indexOf('My Account') + 1, all.indexOf('Change Password'));
}

const EVERY_PLACE = [
  'Orders',
  'Invoices',
  'Saved lists',
  'Quotes',
  'Approvals',
  'Stock alerts',
  'Company',
  'Addresses',
  'Profile',
  'Quick order',
];

describe('My account for a trade buyer, in Chromium', { timeout: 150_000 }, () => {
  test('the account menus by role, and the company with its available credit in the header, at 1280 px', async () => {
    const { admin, trading } = await approvedCompany('roles');
    const buyer = await invited(admin, 'menu-buyer', '500.00');

    let page = await visit('/account', admin.access);
    const nav = page.getByRole('navigation', { name: 'My account' });
    // The header reads the company after hydration; the menus follow it.
    const line = page.getByRole('link', { name: new RegExp(trading) });
    await expect.poll(() => line.textContent()).toContain('Available credit £5,000.00');
    await expect.poll(() => labelsOf(page, '.account-nav a')).toEqual(['Overview', ...EVERY_PLACE]);
    expect(await headerPlaces(page)).toEqual(EVERY_PLACE);
    // The menu stands on the left of the page, beside its title.
    const navBox = (await nav.boundingBox())!;
    const title = page.getByRole('heading', { level: 1, name: 'My account' });
    await title.waitFor();
    const titleBox = (await title.boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(titleBox.x);
    await expectAccessible(page, 'my account with its menu, administrator');
    await page.screenshot({ path: '/tmp/d-account-admin-1280.png', fullPage: true });
    await expectNoSidewaysScroll(page, 'my account at 1280 px');

    // A buyer: no approvals; the company's name and credit all the same (the server's figure).
    page = await visit('/account/lists', buyer.access);
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(trading) }).textContent())
      .toContain('Available credit £5,000.00');
    const buyerPlaces = EVERY_PLACE.filter((place) => place !== 'Approvals');
    await expect.poll(() => labelsOf(page, '.account-nav a')).toEqual(['Overview', ...buyerPlaces]);
    expect(await headerPlaces(page)).toEqual(buyerPlaces);
    expect(await page.locator('.account-nav a[aria-current="page"]').textContent()).toBe('Saved lists');
    await expectAccessible(page, 'saved lists with the menu, buyer');
    await expectNoSidewaysScroll(page, 'saved lists at 1280 px');
    await page.screenshot({ path: '/tmp/d-lists-buyer-1280.png', fullPage: true });

    // Staff accounts are not customers: no company line.
    page = await visit('/', await ownerToken());
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await page.getByText('Available credit').count()).toBe(0);
  });

  test('an invited colleague sees the invitation with its role and limit before Apply, as a phone', async () => {
    const { admin, trading } = await approvedCompany('invite');
    const colleague = await invited(admin, 'menu-invited', '500.00', false);
    const page = await visit('/account/company', colleague.access, true);
    const invitation = page.getByRole('region', { name: 'Invitations' });
    await invitation.getByRole('button', { name: `Join ${trading}` }).waitFor();
    await expect.poll(() => invitation.textContent()).toMatch(/Role\s*Buyer/);
    expect(await invitation.textContent()).toMatch(/Order limit\s*£500\.00/);
    const apply = page.getByRole('link', { name: 'Apply for a trade account' });
    const [invitationBox, applyBox] = [await invitation.boundingBox(), await apply.boundingBox()];
    expect(invitationBox!.y).toBeLessThan(applyBox!.y);
    // The account menu is a list at the top of the page on a phone.
    const phoneNav = page.getByRole('navigation', { name: 'My account' });
    await phoneNav.waitFor();
    const navBox = (await phoneNav.boundingBox())!;
    expect(navBox.y).toBeLessThan(invitationBox!.y);
    expect(navBox.width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'invitation before apply, phone');
    await expectNoSidewaysScroll(page, 'trade account with an invitation at 375 px');
    await page.screenshot({ path: '/tmp/d-invitation-phone.png', fullPage: true });
  });

  test('a saved list at today’s prices with its total; a buyer is told why they cannot share; Delete stands apart', async () => {
    const { admin } = await approvedCompany('lists');
    const buyer = await invited(admin, 'list-buyer', null);
    const checked = await callAs<{
      lines: { item: { id: number }; price_per_pack: string; total: string }[];
    }>(baseURL, buyer.access, 'POST', 'ecommerce/quick-order/check/', {
      lines: [{ sku: TAPE_GUN.sku, packs: 3 }],
    });
    const [tape] = checked.lines;
    const list = await callAs<{ id: number }>(baseURL, buyer.access, 'POST', 'account/lists/', {
      name: `Monthly tape ${Date.now().toString(36)}`,
      lines: [{ item: tape!.item.id, packs: 3 }],
    });

    const page = await visit(`/account/lists/${list.id}`, buyer.access);
    const table = page.getByRole('table', { name: /Items on the list/ });
    await table.getByRole('columnheader', { name: 'Today’s price' }).waitFor();
    const money = (text: string) => `£${Number(text).toFixed(2)}`;
    await expect.poll(() => table.textContent()).toContain(money(tape!.total));
    expect(await table.textContent()).toContain(money(tape!.price_per_pack));
    await expect
      .poll(() => page.getByText('List total at today’s prices:').textContent())
      .toContain(money(tape!.total));
    await page.getByText('ask your administrator', { exact: false }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Share with my company' }).count()).toBe(0);
    // Delete is not among the list's actions beside Add to cart.
    const actions = page.locator('.saved-list__actions');
    expect(await actions.getByRole('button', { name: 'Add to cart' }).count()).toBe(1);
    expect(await actions.getByRole('button', { name: 'Delete list' }).count()).toBe(0);
    const addBox = (await actions.getByRole('button', { name: 'Add to cart' }).boundingBox())!;
    const deleteBox = (await page.getByRole('button', { name: 'Delete list' }).boundingBox())!;
    expect(deleteBox.y - (addBox.y + addBox.height)).toBeGreaterThan(48);
    await expectAccessible(page, 'saved list at today’s prices');
    await expectNoSidewaysScroll(page, 'saved list at 1280 px');
    await page.screenshot({ path: '/tmp/d-list-1280.png', fullPage: true });
  });

  test('a priced quote no longer says it will e-mail when it is priced', async () => {
    const customer = await signUpCustomer(baseURL, 'menu-quote');
    await addToCart(baseURL, customer, { ...TAPE_GUN, packs: 2 });
    let page = await visit('/cart', customer.access);
    await page
      .getByRole('region', { name: 'Request a quote' })
      .getByRole('button', { name: /Request a quote/ })
      .click();
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel(/^Note/).fill('Every month.');
    await form.getByRole('button', { name: /^Send request/ }).click();
    await page.waitForURL(/\/account\/quotes\/\d+$/);
    const quoteId = Number(/\/account\/quotes\/(\d+)$/.exec(page.url())![1]);
    await page.getByText('We will e-mail you when it is priced.', { exact: false }).waitFor();

    const quote = await callAs<QuoteView>(baseURL, customer.access, 'GET', `quotes/${quoteId}/`);
    const expires = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await callAs(baseURL, await ownerToken(), 'POST', `administration/quotes/${quoteId}/send/`, {
      lines: quote.lines.map((line) => ({ id: line.id, price_per_pack: '11.00' })),
      expires_on: expires,
    });
    // The same history entry, read again: the request's confirmation is still in its state.
    await page.reload();
    await waitForHydration(page, current!.problems);
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    expect(await page.getByText('We will e-mail you', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'a priced quote');
    await expectNoSidewaysScroll(page, 'a priced quote at 1280 px');
    await page.screenshot({ path: '/tmp/d-quote-priced-1280.png', fullPage: true });
    page = await visit(`/account/quotes/${quoteId}`, customer.access, true);
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    await expectNoSidewaysScroll(page, 'a priced quote at 375 px');
  });

  test('the quick order speaks in packs, suggests the closest SKUs and offers an alert, as a phone', async () => {
    const customer = await signUpCustomer(baseURL, 'menu-quick');
    const page = await visit('/quick-order', customer.access, true);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByLabel('SKU and packs, one item a line')
      .fill([`${WRAP_IN_SIXES}, 5000`, 'TD-PR0-50, 2', `${OUT_OF_STOCK}, 1`].join('\n'));
    const problems = page.locator('.quick-order__problem-list');
    await expect
      .poll(() => problems.textContent())
      .toMatch(
        new RegExp(`Line 1: Insufficient stock for ${WRAP_IN_SIXES}: only [\\d,]+ packs available\\.`),
      );
    expect(await problems.textContent()).not.toMatch(/units available/);
    await problems.getByText(`${OUT_OF_STOCK} is out of stock.`, { exact: false }).waitFor();
    await expectAccessible(page, 'quick order with suggestions and an alert offer');
    await expectNoSidewaysScroll(page, 'quick order at 375 px');
    await page.screenshot({ path: '/tmp/d-quick-order-phone.png', fullPage: true });

    // The closest SKU, picked, takes the unknown one's place on its line.
    await page.getByRole('button', { name: /^Use TD-PRO-50 .* on line 2$/ }).click();
    await expect
      .poll(() => page.getByLabel('SKU and packs, one item a line').inputValue())
      .toContain('TD-PRO-50, 2');
    // The alert for the out-of-stock line.
    await page.getByRole('button', { name: `Alert me when ${OUT_OF_STOCK} is back in stock` }).click();
    await problems.getByRole('status').waitFor();
    const alerts = await callAs<{ results: { sku: string }[] }>(
      baseURL,
      customer.access,
      'GET',
      'account/stock-alerts/',
    );
    expect(alerts.results.map((alert) => alert.sku)).toContain(OUT_OF_STOCK);
    await expectNoSidewaysScroll(page, 'quick order after the alert at 375 px');
  });

  test('the company’s members, invoices and aged debt are stacked cards on a phone', async () => {
    const { admin } = await approvedCompany('cards');
    await invited(admin, 'cards-buyer', '250.00');
    const addresses = await callAs<{ results: { id: number }[] } | { id: number }[]>(
      baseURL,
      admin.access,
      'GET',
      'account/company/addresses/',
    );
    const address = (Array.isArray(addresses) ? addresses : addresses.results)[0]!.id;
    await addToCart(baseURL, admin, { ...TAPE_GUN, packs: 1 });
    await callAs(baseURL, admin.access, 'POST', 'orders/', {
      payment_method: 'account',
      billing_address: address,
      shipping_address: address,
    });

    const page = await visit('/account/company', admin.access, true);
    const members = page.getByRole('table', { name: 'The company’s members' });
    const invoices = page.getByRole('table', { name: /The company’s invoices/ });
    await members.waitFor();
    await invoices.waitFor();
    for (const [table, label] of [
      [members, 'members'],
      [invoices, 'invoices'],
      [page.locator('table.aged-debt'), 'aged debt'],
    ] as const) {
      const rowDisplay = await table
        .locator('tbody > tr')
        .first()
        .evaluate((row) => getComputedStyle(row).display);
      expect(rowDisplay, `${label} rows are cards`).toBe('grid');
      const width = await table.evaluate((element) => element.getBoundingClientRect().width);
      expect(width, `${label} fits the phone`).toBeLessThanOrEqual(375);
    }
    // No figure breaks inside itself: every money cell is one line.
    const broken = await page.locator('table .numeric').evaluateAll((cells) =>
      cells
        .filter((cell) => cell.textContent?.includes('£'))
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getClientRects().length > 1;
        })
        .map((cell) => cell.textContent),
    );
    expect(broken).toEqual([]);
    await expectAccessible(page, 'company page as cards on a phone');
    await expectNoSidewaysScroll(page, 'company page at 375 px');
    await page.screenshot({ path: '/tmp/d-company-phone.png', fullPage: true });
  });
});
