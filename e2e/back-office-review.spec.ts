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
 * The accounts office in /admin at 1280 px. The company screen (the decision below the
 * application, invoices named with their PO, the ledger's running balance, money that never breaks), the
 * settings in pounds, the VAT page's staggered periods and money, and the low-stock list's waiting buyers.
 * The company screen also at 375 px as a phone, where the back office is meant to work for a quick look.
 */
const baseURL = inject('baseURL');
const owner = inject('owner');
const tag = Date.now().toString(36);

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

const ownerToken = () => ownerLogin(baseURL, owner);
const asOwner = async <T>(method: string, path: string, body?: unknown) =>
  callAs<T>(baseURL, await ownerToken(), method, `administration/${path}`, body);

/** Opens a back-office page signed in as the owner (at 1280 px, or as a phone), after closing the last one. */
async function visit(path: string, phone = false): Promise<Page> {
  const previous = current;
  current = undefined;
  await previous?.context.close();
  previous?.expectNoProblems();
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  await current.context.addInitScript(
    (token) => {
      window.localStorage.setItem('accessToken', token);
    },
    await ownerToken(),
  );
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

const ADDRESS = {
  first_name: 'Rita',
  last_name: 'Ledger',
  street: '9 Quay Street',
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  telephone_number: '0117 000 0000',
};

/** A trade application through the API, as the apply form sends it: pending until staff decide. */
async function application(name: string): Promise<{ admin: Customer; id: number; trading: string }> {
  const admin = await signUpCustomer(baseURL, `${name}-admin`);
  const trading = `Review ${name} ${tag}`;
  const company = await callAs<{ id: number }>(baseURL, admin.access, 'POST', 'account/company/', {
    legal_name: `${trading} Ltd`,
    trading_name: trading,
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: ADDRESS,
    invoice_address: ADDRESS,
    accounts_email: 'accounts@review.example',
    requested_credit_limit: '2500',
    trade_references: [
      { name: 'Boxes Ltd', email: 'ref@boxes.example' },
      { name: 'Tapes Ltd', email: 'ref@tapes.example' },
    ],
  });
  return { admin, id: company.id, trading };
}

/**
 * Every money cell of the page's admin tables on one line: a Range over its text has one line box. A number
 * broken inside ('£1,6 / 51.1 / 4') has several.
 */
async function expectMoneyOnOneLine(page: Page, label: string) {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('.admin-table td, .admin-table th')]
      .filter((cell) => /£\d/.test(cell.textContent ?? ''))
      .filter((cell) => /^-?£[\d,]+\.\d\d$/.test((cell.textContent ?? '').trim()))
      .filter((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return tops.size > 1;
      })
      .map((cell) => cell.textContent),
  );
  expect(broken, `${label}: money broken across lines`).toEqual([]);
}

describe('the back office review', { timeout: 180_000 }, () => {
  test('the company screen: the decision below the application, invoices with their PO, the running balance', async () => {
    // A pending application: the decision reads below what it decides.
    const pending = await application('pending');
    let page = await visit(`/admin/companies/${pending.id}`);
    const applicationHeading = page.getByRole('heading', { level: 2, name: 'Application' });
    const decisionHeading = page.getByRole('heading', { level: 2, name: 'Decision' });
    await decisionHeading.waitFor();
    const [applied, decision] = [await applicationHeading.boundingBox(), await decisionHeading.boundingBox()];
    expect(decision!.y, 'the decision comes after the application').toBeGreaterThan(applied!.y);
    await expectAccessible(page, 'a pending application at 1280 px');
    await page.screenshot({ path: '/tmp/e-company-pending.png', fullPage: true });

    // An approved company with two invoices on account (one with a PO) and a part payment.
    const approved = await application('approved');
    await asOwner('POST', `companies/${approved.id}/approve/`, {
      credit_limit: '2500.00',
      payment_terms_days: 30,
    });
    await callAs(baseURL, approved.admin.access, 'POST', 'account/company/addresses/', ADDRESS);
    const addresses = await callAs<{ id: number }[] | { results: { id: number }[] }>(
      baseURL,
      approved.admin.access,
      'GET',
      'account/company/addresses/',
    );
    const address = (Array.isArray(addresses) ? addresses : addresses.results)[0]!.id;
    const po = `PO-${tag.toUpperCase()}`;
    const orders: { id: number; total: string }[] = [];
    for (const purchaseOrder of [po, null]) {
      await addToCart(baseURL, approved.admin, { ...TAPE_GUN, packs: 2 });
      orders.push(
        await callAs<{ id: number; total: string }>(baseURL, approved.admin.access, 'POST', 'orders/', {
          payment_method: 'account',
          billing_address: address,
          shipping_address: address,
          purchase_order_number: purchaseOrder,
        }),
      );
    }
    await asOwner('POST', `companies/${approved.id}/payments/`, {
      amount: '10.00',
      received_on: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
      method: 'bank_transfer',
      reference: `BACS-${tag}`,
    });
    const company = await asOwner<{ balance: string }>('GET', `companies/${approved.id}/`);

    page = await visit(`/admin/companies/${approved.id}`);
    await page.getByRole('heading', { level: 2, name: 'Ledger and payments' }).waitFor();
    const ledger = page.getByRole('table', { name: /^Ledger, oldest entry first/ });
    await ledger.waitFor();
    // The invoices by number, the one with a PO says it.
    const invoiceRows = ledger.getByRole('row', { name: /Invoice INV-\d+/ });
    await expect.poll(() => invoiceRows.count()).toBe(2);
    await ledger.getByRole('row', { name: new RegExp(`Invoice INV-\\d+ \\(PO ${po}\\)`) }).waitFor();
    // The running balance: each row's balance is the last one's plus its debit less its credit, and the last
    // is the balance the company view reports.
    const rows = await ledger
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? '')),
      );
    const pence = (text: string) => (text === '' ? 0 : Math.round(Number(text.replace(/[£,]/g, '')) * 100));
    let running = 0;
    for (const [debit, credit, balance] of rows) {
      running += pence(debit!) - pence(credit!);
      expect(pence(balance!)).toBe(running);
    }
    expect(rows).toHaveLength(3);
    expect(running).toBe(pence(company.balance));
    const owed = `£${Number(company.balance).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    expect(await ledger.locator('tfoot td').textContent()).toBe(owed);
    // The open invoice's row names it with its PO; the payment's line names the invoice it paid with it.
    const open = page.getByRole('table', { name: 'Open invoices' });
    await open.getByRole('row', { name: new RegExp(po) }).waitFor();
    const payments = page.getByRole('table', { name: 'Payments received' });
    await payments.getByText(new RegExp(`INV-\\d+ \\(PO ${po}\\): £10\\.00`)).waitFor();
    await expectMoneyOnOneLine(page, 'the company screen at 1280 px');
    await expectAccessible(page, 'an approved company with its ledger at 1280 px');
    await expectNoSidewaysScroll(page, 'the company screen at 1280 px');
    await page.screenshot({ path: '/tmp/e-company-ledger.png', fullPage: true });

    // A phone: the ledger scrolls in its own box, the page never sideways, and money stays whole.
    page = await visit(`/admin/companies/${approved.id}`, true);
    await page.getByRole('table', { name: /^Ledger, oldest entry first/ }).waitFor();
    await expectNoSidewaysScroll(page, 'the company screen as a phone');
    await expectMoneyOnOneLine(page, 'the company screen as a phone');
    await expectAccessible(page, 'the company screen at 375 px');
    await page.screenshot({ path: '/tmp/e-company-phone.png', fullPage: true });
    await page.getByRole('heading', { level: 2, name: 'Ledger and payments' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/e-company-phone-ledger.png' });
  });

  test('settings speak pounds: 6.95 saved is 695 pence read back as 6.95, and no select cuts its text', async () => {
    const before = await asOwner<{ shipping: { parcel_rate_pence: number } }>('GET', 'settings/');
    const page = await visit('/admin/settings');
    const form = page.getByRole('form', { name: 'Mainland delivery rates' });
    const parcel = form.getByLabel('Rate per parcel (£)');
    await expect.poll(() => parcel.inputValue()).toBe((before.shipping.parcel_rate_pence / 100).toFixed(2));
    expect(await page.getByText(/\(pence/).count(), 'no field speaks pence').toBe(0);

    // A fraction of a penny is refused, not rounded.
    await parcel.fill('6.955');
    await form.getByRole('button', { name: 'Save delivery rates' }).click();
    await form.getByText('Enter pounds and pence, e.g. 8.95.').waitFor();
    await parcel.fill('6.95');
    await form.getByRole('button', { name: 'Save delivery rates' }).click();
    await form.getByText('The delivery rates are saved').waitFor();
    const after = await asOwner<{ shipping: { parcel_rate_pence: number } }>('GET', 'settings/');
    expect(after.shipping.parcel_rate_pence).toBe(695);
    await page.reload();
    await waitForHydration(page, current!.problems);
    await expect.poll(() => page.getByLabel('Rate per parcel (£)').inputValue()).toBe('6.95');

    // Every select shows its chosen text whole: the text, its padding and the arrow fit the box.
    const cut = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d')!;
      return [...document.querySelectorAll('select')]
        .filter((select) => {
          const style = getComputedStyle(select);
          context.font = style.font;
          const text = select.selectedOptions[0]?.text ?? '';
          const needed =
            context.measureText(text).width +
            parseFloat(style.paddingLeft) +
            parseFloat(style.paddingRight) +
            20; // Chromium's drop-down arrow
          return select.getClientRects().length > 0 && needed > select.clientWidth + 0.5;
        })
        .map((select) => `${select.id}: ${select.selectedOptions[0]?.text}`);
    });
    expect(cut, 'selects whose chosen text is cut off').toEqual([]);
    await page
      .getByRole('form', { name: 'Back-in-stock alerts' })
      .getByLabel('Days a sent alert is kept')
      .waitFor();
    await expectAccessible(page, 'settings at 1280 px');
    await page.screenshot({ path: '/tmp/e-settings.png', fullPage: true });
  });

  test('the VAT page offers the staggered periods, shows money as money, and its exports as buttons', async () => {
    const page = await visit('/admin/vat-return');
    await page.getByRole('table', { name: /^VAT return for .+ to .+/ }).waitFor();
    await page
      .getByLabel('VAT quarters')
      .selectOption({ label: 'Quarters ending January, April, July, October' });
    const period = page.getByLabel('Period', { exact: true });
    const offeredNow = () =>
      period
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    // The periods offered follow the quarters chosen: those ending January, April, July and October.
    await expect
      .poll(async () => (await offeredNow()).map((value) => value.slice(5)).sort()[0], { timeout: 5_000 })
      .toBe('01');
    const offered = await offeredNow();
    expect(
      offered.map((value) => value.slice(5)).filter((m) => !['01', '04', '07', '10'].includes(m)),
    ).toEqual([]);
    const chosen = offered[1]!;
    await period.selectOption(chosen);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('period') === chosen);
    const boxes = page.getByRole('table', { name: /^VAT return for \w+ (\d{4} )?to \w+ \d{4}/ });
    await boxes.waitFor();
    const amounts = await boxes.locator('tbody td.admin-table__num').allTextContents();
    expect(amounts).toHaveLength(9);
    for (const amount of amounts) expect(amount).toMatch(/^(-?£[\d,]+\.\d\d|Not from the shop)$/);
    expect(amounts.filter((amount) => amount.startsWith('£') || amount.startsWith('-£')).length).toBe(6);
    await expect.poll(() => page.getByLabel('VAT quarters').inputValue()).toBe('2');

    // The export buttons are buttons in a row, like the others: no list bullets, the same colours as "Show".
    const show = await page
      .getByRole('button', { name: 'Show' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    const exports = page.getByRole('button', { name: /^Download .+ \(CSV\)$/ });
    expect(await exports.count()).toBe(3);
    for (const button of await exports.all()) {
      expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(show);
      expect(await button.evaluate((b) => getComputedStyle(b.closest('li')!).listStyleType)).toBe('none');
    }
    await expectMoneyOnOneLine(page, 'the VAT page');
    await expectAccessible(page, 'the VAT page for a staggered period at 1280 px');
    await page.screenshot({ path: '/tmp/e-vat.png', fullPage: true });
  });

  test('the low-stock list shows how many buyers wait for each item’s back-in-stock e-mail', async () => {
    // An item of this journey's own, sold out, the furthest below its threshold, with two buyers waiting.
    const products = await asOwner<{ results: { id: number }[] }>('GET', 'products/?q=tape');
    const product = await asOwner<{ variants: { id: number }[] }>(
      'GET',
      `products/${products.results[0]!.id}/`,
    );
    const sku = `REV-${tag.toUpperCase()}`;
    const item = await asOwner<{ id: number }>('POST', 'items/', {
      variant: product.variants[0]!.id,
      sku,
      title: `Review waiting item ${tag}`,
      stock: 0,
      low_stock_threshold: 1_000_000,
    });
    for (const name of ['waiter-a', 'waiter-b']) {
      const buyer = await signUpCustomer(baseURL, name);
      await callAs(baseURL, buyer.access, 'POST', 'stock-alerts/', { item: item.id });
    }
    const page = await visit('/admin/stock');
    const table = page.getByRole('table', { name: 'Items low on stock' });
    const row = table.getByRole('row', { name: new RegExp(sku) });
    await row.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    const column = headers.findIndex((text) => text.trim() === 'Buyers waiting');
    expect(column, 'a Buyers waiting column').toBeGreaterThan(-1);
    expect((await row.locator('th, td').nth(column).textContent())?.trim()).toBe('2');
    await expectAccessible(page, 'the low-stock list at 1280 px');
    await page.screenshot({ path: '/tmp/e-stock.png', fullPage: true });
  });
});
