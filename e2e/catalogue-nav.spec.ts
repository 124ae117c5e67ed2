/**
 * The navigation follows the catalogue. Spec 1's groups come first, in its order, then the
 * catalogue's other categories (Boxes, Postal), in the side menu, the home page's cards and the footer; a
 * category the owner makes in the back office is there on the next page load, and gone once deleted. The
 * category tabs on a phone show that they scroll, with arrow buttons a keyboard reaches.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { callAs } from './api-session';
import {
  type WatchedPage,
  NARROW,
  expectAccessible,
  expectInView,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  openPhone,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
const owner = inject('owner');

/** Spec 1's groups in its order, then the seeded catalogue's other two. */
const SPEC_GROUPS = ['Wraps', 'Bags', 'Tapes', 'Food Packaging', 'Labels & Rolls'];

let browser: Browser;
let current: WatchedPage | undefined;
let ownerAccess: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`the owner could not log in: ${response.status}`);
  ownerAccess = ((await response.json()) as { token: { access: string } }).token.access;
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

async function visit(path: string, phone = false): Promise<Page> {
  current = phone ? await openPhone(browser, baseURL) : await openPage(browser, NARROW, baseURL);
  const response = await current.page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(current.page, current.problems);
  return current.page;
}

/** The side menu, opened with its toggle (below 1440 px it is a drawer). */
async function openSideMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('button', { name: 'Close menu' }).waitFor();
  return menu;
}

/** The group headings of the side menu, in order. */
const menuGroups = (menu: Locator) => menu.locator('.side-menu__group-link').allTextContents();

const footerRange = (page: Page) => page.getByRole('navigation', { name: 'Product range' });
const homeCards = (page: Page) => page.getByRole('region', { name: 'Shop by category' });

describe('the navigation at 1280 px', () => {
  test('has Boxes and Postal after spec 1’s groups in the side menu, the home cards and the footer', async () => {
    const page = await visit('/');
    const menu = await openSideMenu(page);
    const groups = await menuGroups(menu);
    expect(groups.slice(0, SPEC_GROUPS.length), 'spec 1’s groups first, in its order').toEqual(SPEC_GROUPS);
    expect(groups.slice(SPEC_GROUPS.length, SPEC_GROUPS.length + 2)).toEqual(['Boxes', 'Postal']);
    // The products the hard-coded menu left out.
    for (const product of ['Bubble Wrap', 'Die Cut Boxes', 'Postal Boxes']) {
      await expect.poll(() => menu.getByRole('link', { name: product, exact: true }).count()).toBe(1);
    }
    await page.screenshot({ path: '/tmp/c-nav-menu-1280.png', fullPage: false });
    await expectAccessible(page, 'home with the side menu open');
    await menu.getByRole('button', { name: 'Close menu' }).click();

    const cards = homeCards(page).getByRole('heading', { level: 3 });
    const cardNames = await cards.allTextContents();
    expect(cardNames.slice(0, 5)).toEqual(['Wraps', 'Bags', 'Food Packaging', 'Tapes', 'Labels']);
    expect(cardNames).toEqual(expect.arrayContaining(['Boxes', 'Postal']));

    for (const name of ['Boxes', 'Postal']) {
      await expect.poll(() => footerRange(page).getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await page.screenshot({ path: '/tmp/c-nav-home-1280.png', fullPage: true });
    await expectNoSidewaysScroll(page, 'home at 1280 px');
  });

  test('shows a category the owner makes in the back office on the next page load, and drops it once deleted', async () => {
    const suffix = Date.now().toString(36);
    const name = `Crates ${suffix}`;
    const created = await callAs<{ id: number; slug: string }>(
      baseURL,
      ownerAccess,
      'POST',
      'administration/categories/',
      { name, slug: `crates-${suffix}`, description: 'Wooden and plastic crates.', position: 99 },
    );
    try {
      const page = await visit('/');
      const menu = await openSideMenu(page);
      const groups = await menuGroups(menu);
      expect(groups, 'the new category follows the spec’s groups').toContain(name);
      expect(groups.indexOf(name)).toBeGreaterThanOrEqual(SPEC_GROUPS.length);
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await homeCards(page).getByRole('link', { name, exact: true }).waitFor();
      await footerRange(page).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expectNoSidewaysScroll(page, 'the new category’s page');
      await expectAccessible(page, 'the new category’s page');
    } finally {
      // No body, so no content type: the API refuses an empty JSON body.
      const deleted = await fetch(`${baseURL}/api/administration/categories/${created.id}/`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${ownerAccess}` },
      });
      expect(deleted.status, 'the owner deletes the category').toBe(204);
    }
    const page = current!.page;
    await page.goto('/');
    await waitForHydration(page, current!.problems);
    await footerRange(page).getByRole('link', { name: 'Boxes', exact: true }).waitFor();
    expect(await footerRange(page).getByRole('link', { name, exact: true }).count()).toBe(0);
  });
});

describe('the category tabs on a phone', () => {
  test('show that they scroll, with arrow buttons in reach of a keyboard', async () => {
    const page = await visit('/category/wraps', true);
    const tabs = page.getByRole('navigation', { name: 'Product ranges' });
    await expect
      .poll(() => tabs.getByRole('link', { name: 'Wraps', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    const row = tabs.locator('.scroll-strip__row');
    const overflow = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, 'the tabs are wider than a phone').toBeGreaterThan(0);

    // The cue: the far edge fades, and a button says there is more that way.
    const more = tabs.getByRole('button', { name: 'Scroll product ranges right' });
    await expectInView(more, 'phone: the tabs’ right arrow');
    const back = tabs.getByRole('button', { name: 'Scroll product ranges left' });
    expect(await back.getAttribute('aria-disabled')).toBe('true');
    const mask = await row.evaluate((element) => getComputedStyle(element).maskImage);
    expect(mask, 'the hidden edge fades out').toContain('gradient');
    await page.screenshot({ path: '/tmp/c-nav-tabs-phone.png', fullPage: false });
    await expectAccessible(page, 'category page with its tabs on a phone');

    // By keyboard: focus the arrow and press Enter; the row scrolls and the left arrow comes to life.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => back.getAttribute('aria-disabled')).toBeNull();
    await page.screenshot({ path: '/tmp/c-nav-tabs-phone-scrolled.png', fullPage: false });
    await expectNoSidewaysScroll(page, 'category page on a phone');

    // Every range is a tab, Boxes and Postal included.
    for (const name of ['Boxes', 'Postal']) {
      await expect.poll(() => tabs.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
  });

  test('start with the page’s own tab in view, past the phone’s edge or not', async () => {
    const page = await visit('/category/postal', true);
    const tabs = page.getByRole('navigation', { name: 'Product ranges' });
    const own = tabs.getByRole('link', { name: 'Postal', exact: true });
    await expect.poll(() => own.getAttribute('aria-current')).toBe('page');
    await expect
      .poll(async () => {
        const [tab, row] = await Promise.all([
          own.boundingBox(),
          tabs.locator('.scroll-strip__row').boundingBox(),
        ]);
        return tab !== null && row !== null && tab.x >= row.x && tab.x + tab.width <= row.x + row.width;
      })
      .toBe(true);
    await expectNoSidewaysScroll(page, 'the Postal category on a phone');
  });
});
