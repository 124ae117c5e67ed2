import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Customer, placeOrder, signUpCustomer } from './api-session';
import {
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
const PROFILE_SAVED = 'Your details have been saved.';

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

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function cartLines(customer: Customer): Promise<{ sku: string; packs: number }[]> {
  const response = await fetch(`${baseURL}/api/ecommerce/carts/current/`, {
    headers: { authorization: `Bearer ${customer.access}` },
  });
  const cart = (await response.json()) as { items: { item: { sku: string }; pack_quantity: number }[] };
  return cart.items.map((line) => ({ sku: line.item.sku, packs: line.pack_quantity }));
}

describe('after the sale, in Chromium', () => {
  test('pay, open the VAT invoice from /track-order/{id}, and read it', async () => {
    const customer = await signUpCustomer(baseURL, 'invoice-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 2 });
    const page = await visit('/track-order', customer);
    await page
      .getByRole('link', { name: new RegExp(`#${order.id}\\b`) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await expectAccessible(page, 'order page');

    const button = page.getByRole('button', { name: /^Download VAT invoice \(INV-\d{6}\)$/ });
    const number = /INV-\d{6}/.exec((await button.textContent()) ?? '')![0];
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const text = await pdfText(await download.path());
    expect(text).toContain('VAT invoice');
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain('VAT registration number: GB123456782');
    expect(text).toContain('Pat Buyer');
    expect(text).toContain(TAPE_GUN.sku);
    expect(text).toMatch(new RegExp(`Total including VAT \\(GBP\\) £${order.total.replace('.', '\\.')}`));

    const receipt = page.getByRole('button', { name: /^Download receipt \(RCT-\d{6}\)$/ });
    const [receiptFile] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(await pdfText(await receiptFile.path())).toContain('Paid receipt');
  });

  test('reorder puts the order’s lines back in the cart and says what became of them', async () => {
    const customer = await signUpCustomer(baseURL, 'reorder-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 3 });
    expect(await cartLines(customer)).toEqual([]);
    const page = await visit(`/track-order/${order.id}`, customer, PHONE);
    await page.getByRole('heading', { level: 1, name: `Order #${order.id}` }).waitFor();
    await expectAccessible(page, 'order page at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByText('The line was added to your cart.').waitFor();
    await page.getByText(`3 packs of ${TAPE_GUN.sku} added`).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 1 item/ }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await page.waitForURL('**/cart');
    await expect
      .poll(() => page.getByRole('textbox', { name: `Boxes of ${TAPE_GUN.sku}` }).inputValue())
      .toBe('3');
    expect(await cartLines(customer)).toEqual([{ sku: TAPE_GUN.sku, packs: 3 }]);

    // The quick order at a phone's width: its wide results table scrolls in its own region.
    await page.goto('/quick-order');
    await waitForHydration(page);
    await page.getByLabel('SKU and packs, one item a line').fill(`${TAPE_GUN.sku}, 1\nNO-SUCH-SKU, 2`);
    await page.getByText('1 of 2 lines are ready to add.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'quick order at 375 px');
  });

  test('a quick order of five SKUs, with a bad line shown on its line', async () => {
    const customer = await signUpCustomer(baseURL, 'quick-buyer');
    const page = await visit('/quick-order', customer);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const skus = ['TD-PRO-75', 'PW-HAND-400-CL', 'PW-HAND-400-BK', 'PW-HAND-450-CL', 'BW-S-300-100'];
    const lines = [...skus.map((sku, i) => `${sku}, ${i + 1}`), 'NO-SUCH-SKU, 2'].join('\n');
    await page.getByLabel('SKU and packs, one item a line').fill(lines);
    await page.getByText('5 of 6 lines are ready to add.', { exact: false }).waitFor();
    await page.getByText("Line 6: No item with SKU 'NO-SUCH-SKU'.").waitFor();
    await expectAccessible(page, 'quick order');

    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page.getByText('Added 5 item(s) to cart successfully!', { exact: false }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 5 items/ }).count()).toBe(1);
    expect((await cartLines(customer)).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(
      skus.map((sku, i) => ({ sku, packs: i + 1 })).sort((a, b) => a.sku.localeCompare(b.sku)),
    );
  });

  test('my account: details saved and e-mailed, then the account deleted and its sign-in gone', async () => {
    const customer = await signUpCustomer(baseURL, 'account-buyer');
    const order = await placeOrder(baseURL, customer, { ...TAPE_GUN, packs: 1 });
    const page = await visit('/account', customer, PHONE);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await page.getByRole('link', { name: new RegExp(`#${order.id}\\b`) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'my account at 375 px');

    await page.getByLabel('Company name (optional)').fill('Buyer Trading Ltd');
    await page.getByLabel('Send me offers and news about packaging supplies').check();
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText(PROFILE_SAVED).waitFor();
    const mail = (await (
      await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(customer.email)}`)
    ).json()) as { results: { text: string }[] };
    expect(mail.results.some((message) => message.text.includes('Marketing e-mails: now on'))).toBe(true);

    await page.getByLabel('Your password, to confirm').fill(customer.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    const login = await fetch(`${baseURL}/api/account/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(login.status).toBe(400);
  });
});
