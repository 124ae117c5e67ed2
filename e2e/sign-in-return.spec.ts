/**
 * Logging in or signing up brings the shopper back where they were: a visitor's Add to Cart on a phone keeps
 * the product's selection through login or sign-up (with the e-mailed code) and offers Add to Cart again, and a
 * colleague invited to a company who signs up lands on the invitation, not the home page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { callAs, signUpCustomer } from './api-session';
import {
  type WatchedPage,
  expectAccessible,
  expectInView,
  expectNoSidewaysScroll,
  launchBrowser,
  openPhone,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const owner = inject('owner');
const WRAPS = '/details/wraps/pallet-wraps';
const SKU = 'PW-HAND-450-CL';

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

/** A visitor's phone on `path`, hydrated. */
async function visitAsVisitor(path: string): Promise<Page> {
  current = await openPhone(browser, baseURL);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

/** The newest 6-digit code e-mailed to `to`, read from the dev mailbox. */
async function codeFor(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(to)}`);
    const page = (await response.json()) as { results: { text: string }[] };
    const code = /\b(\d{6})\b/.exec(page.results[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code was e-mailed to ${to} within 10 s`);
}

/** On the product page: two boxes of the item, in the Pallet view, then Add to Cart, which asks to log in. */
async function chooseAndAdd(page: Page) {
  const hand = page.locator('section.variant').filter({
    has: page.getByRole('heading', { level: 2, name: 'Hand Pallet Wrap' }),
  });
  await hand.getByRole('radio', { name: 'Pallet' }).check();
  const input = page.getByRole('textbox', { name: `No. of units of ${SKU}` });
  await input.tap();
  await input.fill('12');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('12');
  await page.getByRole('button', { name: 'Add to Cart' }).tap();
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('from')).toBe(WRAPS);
  await waitForHydration(page, current!.problems);
  await expectNoSidewaysScroll(page, 'the login page');
}

/** Back on the product: the selection is as it was (item, units, Pallet view) and Add to Cart is offered. */
async function expectSelectionBack(page: Page) {
  await page.waitForURL((url) => url.pathname === WRAPS, { timeout: 15_000 });
  await waitForHydration(page, current!.problems);
  const input = page.getByRole('textbox', { name: `No. of units of ${SKU}` });
  await expect.poll(() => input.inputValue()).toBe('12');
  const hand = page.locator('section.variant').filter({
    has: page.getByRole('heading', { level: 2, name: 'Hand Pallet Wrap' }),
  });
  expect(await hand.getByRole('radio', { name: 'Pallet' }).isChecked()).toBe(true);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expectNoSidewaysScroll(page, 'the product page after signing in');
  await expectInView(add, 'Add to Cart after signing in');
}

describe('signing in keeps where the shopper was', () => {
  test('a visitor logs in from Add to Cart and finds the selection back', async () => {
    const customer = await signUpCustomer(baseURL, 'return-login');
    const page = await visitAsVisitor(WRAPS);
    await chooseAndAdd(page);
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).tap();
    await expectSelectionBack(page);

    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: 15_000 });
    const cart = await callAs<{ items: { item: { sku: string }; pack_quantity: number }[] }>(
      baseURL,
      customer.access,
      'GET',
      'ecommerce/carts/current/',
    );
    expect(cart.items.find((line) => line.item.sku === SKU)?.pack_quantity).toBe(2);
  });

  test('a visitor signs up from Add to Cart with the e-mailed code and finds the selection back', async () => {
    const email = `return-signup.${Date.now().toString(36)}@example.com`;
    const page = await visitAsVisitor(WRAPS);
    await chooseAndAdd(page);
    await page.getByRole('link', { name: 'Create an account' }).tap();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).searchParams.get('from')).toBe(WRAPS);
    await waitForHydration(page, current!.problems);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Verify Email' }).tap();
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    await page.getByText('A 6-digit code has been sent to your email.', { exact: false }).waitFor();
    await code.fill(await codeFor(email));
    await page.getByRole('button', { name: 'Verify OTP' }).tap();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByLabel('First name').fill('Rita');
    await page.getByLabel('Last name').fill('Return');
    await page.getByLabel('I don’t have a company name').check();
    const password = page.getByLabel('Password', { exact: true });
    await password.tap();
    await password.fill('Packaging-2026!');
    // Nothing floats over the password field: no notification, no chat button.
    await expectInView(password, 'the password field');
    const covered = await password.evaluate((field) => {
      const box = field.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      return top === field ? null : (top?.outerHTML.slice(0, 120) ?? 'nothing');
    });
    expect(covered, 'the password field is covered').toBeNull();
    await expectNoSidewaysScroll(page, 'the sign-up page');
    await page.screenshot({ path: '/tmp/a-signup-phone.png' });
    await expectAccessible(page, 'the sign-up page on a phone');

    await page.getByRole('button', { name: 'Sign Up' }).tap();
    await expectSelectionBack(page);
    await page.screenshot({ path: '/tmp/a-restored-phone.png' });
    await expectAccessible(page, 'the product page with the selection back');
  });

  test('an invited colleague who signs up lands on the invitation', async () => {
    const admin = await signUpCustomer(baseURL, 'return-admin');
    const trading = `Returns ${Date.now().toString(36)}`;
    const address = {
      first_name: 'Ann',
      last_name: 'Field',
      street: '4 Dock Road',
      city: 'Hull',
      postal_code: 'HU1 1AA',
      telephone_number: '01482 000000',
    };
    const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
      legal_name: `${trading} Ltd`,
      trading_name: trading,
      company_number: '01234567',
      vat_number: 'GB123456782',
      registered_address: address,
      invoice_address: address,
      accounts_email: 'accounts@returns.example',
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
    const ownerAccess = ((await login.json()) as { token: { access: string } }).token.access;
    await callAs(baseURL, ownerAccess, 'POST', `administration/companies/${company.id}/approve/`, {
      credit_limit: '5000.00',
      payment_terms_days: 30,
    });
    const email = `return-colleague.${Date.now().toString(36)}@example.com`;
    await callAs(baseURL, admin.access, 'POST', 'account/company/invitations/', {
      email,
      role: 'buyer',
      order_limit: null,
    });

    // The e-mail's address for the invitation: My account's company page, which asks a visitor to log in.
    current = await openPhone(browser, baseURL);
    const page = current.page;
    await page.goto('/account/company');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/account/company');
    await waitForHydration(page, current.problems);
    await page.getByRole('link', { name: 'Create an account' }).tap();
    await page.waitForURL((url) => url.pathname === '/signup');
    await waitForHydration(page, current.problems);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Verify Email' }).tap();
    await page.getByLabel('Verification code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Verify OTP' }).tap();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByLabel('First name').fill('Colin');
    await page.getByLabel('Last name').fill('League');
    await page.getByLabel('I don’t have a company name').check();
    await page.getByLabel('Password', { exact: true }).fill('Packaging-2026!');
    await page.getByRole('button', { name: 'Sign Up' }).tap();

    await page.waitForURL((url) => url.pathname === '/account/company', { timeout: 15_000 });
    await waitForHydration(page, current.problems);
    await page.getByRole('button', { name: `Join ${trading}` }).waitFor();
    await expectNoSidewaysScroll(page, 'the invitation');
    await expectAccessible(page, 'the invitation after signing up');
  });

  test('a return path to another site is not followed', async () => {
    const customer = await signUpCustomer(baseURL, 'return-unsafe');
    const page = await visitAsVisitor('/login?from=%2F%2Fevil.example%2Fx');
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).tap();
    await page.waitForURL((url) => url.pathname === '/' && url.origin === baseURL);
  });
});
