/**
 * The cart, the checkout summary and an order's lines at a phone's width: every line is a
 * card that fits the screen, with its box controls in view, and the floating chat button covers nothing.
 */
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  type Customer,
  addToCart,
  placeOrder,
  signUpCustomer,
  ownerToken as ownerLogin,
} from './api-session';
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
const owner = inject('owner');

const PHONE: Viewport = { width: 375, height: 800 };

/** Three lines with a long title, a short one and a percent-off tag (the bubble wrap, see beforeAll). */
const LINES = [
  { product: 'pallet-wraps', sku: 'PW-HAND-400-CL', packs: 2 },
  { product: 'bubble-wrap', sku: 'BW-S-300-100', packs: 3 },
  { product: TAPE_GUN.product, sku: TAPE_GUN.sku, packs: 1 },
];
const DISCOUNTED = { sku: 'BW-S-300-100', percent: 10 };

let browser: Browser;
let current: WatchedPage | undefined;
/** A customer whose cart holds LINES. */
let shopper: Customer;
/** A customer with a paid order of several lines. */
let buyer: Customer;
let orderId: number;
let ownerAccess: string;

const ownerToken = () => ownerLogin(baseURL, owner);

async function asOwner<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api/administration/${path}`, {
    method,
    headers: { authorization: `Bearer ${ownerAccess}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ownerAccess = await ownerToken();

  shopper = await signUpCustomer(baseURL, 'phone-shopper');
  const found = await asOwner<{ results: { id: number }[] }>(
    'GET',
    `customers/?q=${encodeURIComponent(shopper.email)}`,
  );
  await asOwner('POST', `customers/${found.results[0]!.id}/exclusive-prices/`, {
    item: DISCOUNTED.sku,
    discount_percentage: DISCOUNTED.percent,
  });
  for (const line of LINES) await addToCart(baseURL, shopper, line);

  buyer = await signUpCustomer(baseURL, 'phone-buyer');
  for (const line of LINES.slice(0, 2)) await addToCart(baseURL, buyer, line);
  orderId = (await placeOrder(baseURL, buyer, LINES[2]!)).id;
});

afterAll(async () => {
  await browser?.close();
});

/** Closes the page in use and fails on what it reported (console errors, exceptions, CSP violations). */
async function leave() {
  const finished = current;
  current = undefined;
  await finished?.context.close();
  finished?.expectNoProblems();
}

afterEach(leave);

/** Opens a page, signed in as `as` when given (the access token stored as the login form stores it). */
async function visit(path: string, viewport: Viewport, as?: { access: string }): Promise<Page> {
  current = await openPage(browser, viewport, baseURL);
  if (as) {
    await current.context.addInitScript((token) => {
      window.localStorage.setItem('accessToken', token);
    }, as.access);
  }
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

/** The document does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * The element is in view without scrolling sideways: its box lies between the window's left and right
 * edges, and no box it sits in clips it (a region that scrolls sideways would).
 */
async function expectInViewSideways(locator: Locator, label: string) {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    let clipped = false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5) clipped = true;
    }
    return { left: rect.left, right: rect.right, width: rect.width, clipped, window: innerWidth };
  });
  const where = `${label} spans ${Math.round(box.left)}–${Math.round(box.right)} px`;
  expect(box.width, `${label} has no width`).toBeGreaterThan(0);
  expect(box.left, `${where}, left of a ${box.window} px window`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${where}, past a ${box.window} px window`).toBeLessThanOrEqual(box.window);
  expect(box.clipped, `${where}, clipped by a box that scrolls sideways`).toBe(false);
}

/** Every cell of every body row of the table is in view without scrolling sideways. */
async function expectRowsInView(table: Locator, label: string) {
  const rows = table.locator('tbody > tr');
  const count = await rows.count();
  expect(count, `${label} has no lines`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const cells = rows.nth(index).locator(':scope > th, :scope > td');
    for (let cell = 0; cell < (await cells.count()); cell++) {
      await expectInViewSideways(cells.nth(cell), `${label}, line ${index + 1}, cell ${cell + 1}`);
    }
  }
}

interface AXNode {
  nodeId: string;
  parentId?: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
}

/** The roles Chromium's own accessibility tree gives the node named `name` and its ancestors, inner first. */
async function axRolesUp(session: CDPSession, role: string, name: string): Promise<string[]> {
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const found = nodes.find((node) => node.role?.value === role && node.name?.value === name);
  if (!found) return [];
  const roles: string[] = [];
  for (
    let node: AXNode | undefined = found;
    node;
    node = node.parentId ? byId.get(node.parentId) : undefined
  ) {
    if (!node.ignored && node.role) roles.push(node.role.value);
  }
  return roles;
}

const chatButton = (page: Page) => page.getByRole('link', { name: 'Chat with us' });

describe('the cart at 375 px', () => {
  test('each line is a card: its box controls, title, SKU and total in view, nothing scrolls sideways', async () => {
    const page = await visit('/cart', PHONE, shopper);
    const table = page.getByRole('table', { name: 'Items in your cart' });
    await table.waitFor();

    for (const { sku } of LINES) {
      for (const control of [
        page.getByRole('button', { name: `Remove one box of ${sku}` }),
        page.getByRole('textbox', { name: `Boxes of ${sku}` }),
        page.getByRole('button', { name: `Add one box of ${sku}` }),
      ]) {
        await expectInViewSideways(control, `${sku}: ${String(control)}`);
      }
    }
    await expectInViewSideways(page.getByText(`−${DISCOUNTED.percent}%`), 'the percent-off tag');
    await expectRowsInView(table, 'the cart');
    await expectNoSidewaysScroll(page, '/cart at 375 px');
    // The same controls, once: the card is the table restyled, not a second copy of the line.
    expect(await page.getByRole('textbox', { name: /^Boxes of / }).count()).toBe(LINES.length);

    // Chromium still reads the cards as a table: the boxes field sits in a cell of a row of the table.
    const session = await current!.context.newCDPSession(page);
    const roles = await axRolesUp(session, 'textbox', `Boxes of ${LINES[0]!.sku}`);
    expect(roles.slice(0, 1)).toEqual(['textbox']);
    expect(roles).toEqual(expect.arrayContaining(['cell', 'row', 'table']));
    expect(roles.indexOf('cell')).toBeLessThan(roles.indexOf('row'));
    expect(roles.indexOf('row')).toBeLessThan(roles.indexOf('table'));

    await expectAccessible(page, 'cart at 375 px');
  });

  test('removing a line still moves focus to the next line’s boxes', async () => {
    const customer = await signUpCustomer(baseURL, 'phone-remover');
    for (const line of LINES.slice(0, 2)) await addToCart(baseURL, customer, { ...line, packs: 1 });
    const page = await visit('/cart', PHONE, customer);
    await page.getByRole('button', { name: `Remove one box of ${LINES[0]!.sku}` }).click();
    const next = page.getByRole('textbox', { name: `Boxes of ${LINES[1]!.sku}` });
    await expect.poll(() => next.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectInViewSideways(next, 'the next line’s boxes');
  });

  test('has no chat button, and neither has the cart at 1280 px, whose lines stay a table', async () => {
    let page = await visit('/cart', PHONE, shopper);
    await page.getByRole('table', { name: 'Items in your cart' }).waitFor();
    expect(await chatButton(page).count()).toBe(0);
    await leave();

    page = await visit('/cart', NARROW, shopper);
    const table = page.getByRole('table', { name: 'Items in your cart' });
    await table.waitFor();
    expect(await chatButton(page).count()).toBe(0);
    // The wide layout is the table it was: its column headings shown, one line to a row.
    await table.getByRole('columnheader', { name: 'Boxes' }).waitFor({ state: 'visible' });
    const display = await table
      .locator('tbody > tr')
      .first()
      .evaluate((row) => getComputedStyle(row).display);
    expect(display).toBe('table-row');
    // And it fits beside the summary: the percent-off tag no longer pushes the totals out of sight.
    const region = page.getByRole('region', { name: 'Items in your cart' });
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth, 'the cart’s table scrolls sideways at 1280 px').toBeLessThanOrEqual(clientWidth);
  });
});

describe('the checkout summary and the order page at 375 px', () => {
  test('/checkout: every summary line in view, nothing scrolls sideways, no chat button', async () => {
    const page = await visit('/checkout', PHONE, shopper);
    const table = page.getByRole('table', { name: 'Items in your order' });
    await table.waitFor();
    await expectRowsInView(table, 'the checkout summary');
    await expectNoSidewaysScroll(page, '/checkout at 375 px');
    expect(await chatButton(page).count()).toBe(0);
    await expectAccessible(page, 'checkout at 375 px');
  });

  test('/track-order/{id}: every line of the order in view, nothing scrolls sideways', async () => {
    const page = await visit(`/track-order/${orderId}`, PHONE, buyer);
    const table = page.getByRole('table', { name: `Items in order #${orderId}` });
    await table.waitFor();
    expect(await table.locator('tbody > tr').count()).toBe(LINES.length);
    await expectRowsInView(table, `order #${orderId}`);
    await expectNoSidewaysScroll(page, `/track-order/${orderId} at 375 px`);
    await expectAccessible(page, 'order page at 375 px');
  });
});

describe('the chat button', () => {
  test('is left out of the back office', async () => {
    for (const path of ['/admin', '/admin/orders']) {
      const page = await visit(path, NARROW, { access: ownerAccess });
      await page.getByRole('navigation', { name: 'Back office' }).waitFor();
      expect(await chatButton(page).count(), `a chat button on ${path}`).toBe(0);
      await leave();
    }
  });

  /** Scrolls to the end of the page and answers the interactive elements whose boxes meet the chat button's. */
  async function underTheChatButton(page: Page): Promise<string[]> {
    await chatButton(page).waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    );
    return page.evaluate(() => {
      const chat = document.querySelector<HTMLElement>('a[aria-label="Chat with us"]')!;
      const button = chat.getBoundingClientRect();
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      );
      const covered: string[] = [];
      for (const control of controls) {
        if (control === chat || chat.contains(control)) continue;
        const style = getComputedStyle(control);
        if (style.visibility === 'hidden' || control.getClientRects().length === 0) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const overlaps =
          box.left < button.right &&
          box.right > button.left &&
          box.top < button.bottom &&
          box.bottom > button.top;
        if (overlaps) {
          const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
          covered.push(
            `<${control.tagName.toLowerCase()}> "${name}" at ${Math.round(box.left)},${Math.round(box.top)}`,
          );
        }
      }
      return covered;
    });
  }

  for (const viewport of [PHONE, NARROW]) {
    test(`covers no link, button or field at the end of the home page and a product page (${viewport.width} px)`, async () => {
      for (const path of ['/', '/details/tapes/tape-dispenser']) {
        const page = await visit(path, viewport);
        expect(await underTheChatButton(page), `under the chat button on ${path}`).toEqual([]);
        await leave();
      }
    });
  }

  test('covers nothing at the end of a product page while the selection bar shows (375 px)', async () => {
    const page = await visit('/details/tapes/tape-dispenser', PHONE, shopper);
    const units = page.getByRole('textbox', { name: 'No. of units of TD-PRO-75' });
    await units.fill('2');
    await units.press('Enter');
    await page.getByRole('region', { name: 'Your selection' }).waitFor();
    expect(await underTheChatButton(page)).toEqual([]);
  });
});
