import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { callAs, type Customer, signUpCustomer, ownerToken as ownerLogin } from './api-session';
import {
  type Viewport,
  type WatchedPage,
  NARROW,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const owner = inject('owner');

/**
 * Black UV Shrink Covers, 25 a pack, seeded out of stock, on the pallet covers page: no other journey orders it
 * or changes its stock, so this file sells it out and restocks it.
 */
const COVERS = {
  sku: 'PC-SC-120-100-180-BK',
  page: '/details/wraps/pallet-covers',
  title: 'Black UV Shrink Covers 1.2 x 1.0 x 1.8m, roll of 25',
};
const PHONE: Viewport = { width: 375, height: 800 };

let browser: Browser;
let current: WatchedPage | undefined;
/** Pages opened by a journey besides `current`, closed and checked with it. */
let others: WatchedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const finished = [current, ...others];
  current = undefined;
  others = [];
  for (const watched of finished) {
    await watched?.context.close();
    watched?.expectNoProblems();
  }
});

const ownerToken = () => ownerLogin(baseURL, owner);

/** A page of the shop at a size, signed in as `as` (its token stored, as after a login) or as a visitor. */
async function visit(path: string, viewport: Viewport, as?: { access: string }): Promise<Page> {
  const watched = await openPage(browser, viewport, baseURL);
  if (current) others.push(watched);
  else current = watched;
  if (as) {
    await watched.context.addInitScript((token) => {
      window.localStorage.setItem('accessToken', token);
    }, as.access);
  }
  const response = await watched.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(watched.page, watched.problems);
  return watched.page;
}

async function expectNothingWider(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function mailTo(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { results: MailboxMessage[] }).results;
}

/** The stock-alert code e-mailed to an address, read from the dev mailbox as a person reads their mail. */
async function alertCodeFor(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailTo(email)).find((message) => message.subject.includes('stock alert code'));
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

const backInStock = async (email: string) =>
  (await mailTo(email)).filter((message) => message.subject.startsWith('Back in stock: '));

describe('back-in-stock alerts in Chromium', () => {
  test('a buyer subscribes, staff restock in /admin, and the buyer gets exactly one e-mail', async () => {
    // Sold out, whatever an earlier run of this journey left.
    const staffAccess = await ownerToken();
    const found = await callAs<{ results: { id: number; sku: string }[] }>(
      baseURL,
      staffAccess,
      'GET',
      `administration/items/?q=${COVERS.sku}`,
    );
    const itemId = found.results.find((row) => row.sku === COVERS.sku)!.id;
    await callAs(baseURL, staffAccess, 'POST', `administration/items/${itemId}/stock-adjustments/`, {
      set_to: 0,
      reason: 'Journey: sold out',
    });

    // The buyer asks, in one click, on the product page.
    const buyer: Customer = await signUpCustomer(baseURL, 'alert-buyer');
    const product = await visit(COVERS.page, NARROW, buyer);
    const ask = product.getByRole('button', { name: `Tell me when it’s back: ${COVERS.sku}` });
    await ask.waitFor();
    // It has the quantity's box, so the table moved nothing when it took the quantity's place.
    const [button, quantity] = await product.evaluate(() =>
      ['button.stock-alert', '.quantity__controls'].map((selector) => {
        const { width, height } = document.querySelector(selector)!.getBoundingClientRect();
        return { width: Math.round(width), height: Math.round(height) };
      }),
    );
    expect(button).toEqual(quantity);
    await expectAccessible(product, 'product page with an item out of stock');
    await ask.click();
    await product.getByText(`Done: we’ll e-mail you once when ${COVERS.sku} is back in stock.`).waitFor();
    await product.getByRole('button', { name: `Alert set: ${COVERS.sku}` }).waitFor();

    // A visitor asks on a phone, with the code e-mailed to them.
    const visitorEmail = `alert-visitor.${Date.now().toString(36)}@example.com`;
    const phone = await visit(COVERS.page, PHONE);
    await expectNothingWider(phone, 'product page at 375 px');
    await phone.getByRole('button', { name: `Tell me when it’s back: ${COVERS.sku}` }).click();
    const dialog = phone.getByRole('dialog', { name: 'Tell me when it’s back' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(visitorEmail);
    await expectAccessible(phone, 'stock alert dialog at 375 px');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('textbox', { name: '6-digit code' }).fill(await alertCodeFor(visitorEmail));
    await expectNothingWider(phone, 'stock alert dialog at 375 px');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`Done: we’ll e-mail you once when ${COVERS.sku} is back in stock.`).waitFor();
    await expectAccessible(phone, 'stock alert dialog, confirmed, at 375 px');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await phone.getByRole('button', { name: `Alert set: ${COVERS.sku}` }).waitFor();

    // The buyer's alert in My account, at both sizes.
    for (const viewport of [NARROW, PHONE]) {
      const account = await visit('/account', viewport, buyer);
      const section = account.getByRole('region', { name: 'Stock alerts' });
      await section.getByRole('link', { name: COVERS.title }).waitFor();
      expect(await section.getByRole('listitem').first().textContent()).toContain('Waiting for stock since');
      await expectAccessible(account, `my account's stock alerts at ${viewport.width} px`);
      if (viewport === PHONE) await expectNothingWider(account, 'my account at 375 px');
    }

    // Staff restock it from the low-stock screen.
    const admin = await visit('/admin/stock', NARROW, { access: staffAccess });
    await admin.getByRole('heading', { level: 1, name: 'Low stock' }).waitFor();
    await admin.getByRole('link', { name: COVERS.sku, exact: true }).click();
    await admin.getByRole('heading', { level: 2, name: 'Adjust stock' }).waitFor();
    await admin.getByLabel('Units to add (negative to remove)').fill('50');
    await admin.getByLabel('Reason').fill('Delivery from the supplier');
    await admin.getByRole('button', { name: 'Adjust stock' }).click();
    await admin.getByText('Stock is now 50.').waitFor();

    for (const email of [buyer.email, visitorEmail]) {
      const sent = await backInStock(email);
      expect(sent, email).toHaveLength(1);
      expect(sent[0]!.subject).toBe(`Back in stock: ${COVERS.title}`);
      expect(sent[0]!.text).toContain(`SKU ${COVERS.sku}`);
      expect(sent[0]!.text).toContain(`${COVERS.page}`);
    }

    // A second delivery e-mails no one again; the buyer's list says it was sent.
    await admin.getByLabel('Units to add (negative to remove)').fill('25');
    await admin.getByLabel('Reason').fill('Second delivery');
    await admin.getByRole('button', { name: 'Adjust stock' }).click();
    await admin.getByText('Stock is now 75.').waitFor();
    expect(await backInStock(buyer.email)).toHaveLength(1);
    expect(await backInStock(visitorEmail)).toHaveLength(1);
    const account = await visit('/account', NARROW, buyer);
    const section = account.getByRole('region', { name: 'Stock alerts' });
    await section.getByText(/E-mailed on/).waitFor();
    // Three people, two screen sizes and the back office: longer than one page's journey.
  }, 180_000);
});
