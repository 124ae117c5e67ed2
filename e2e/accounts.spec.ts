import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  WIDE,
  type WatchedPage,
  expectAccessible,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser';

const baseURL = inject('baseURL');
/** The API's limit of one e-mailed code per address per minute, plus a margin. */
const CODE_INTERVAL_MS = 62_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  // A wrong password answers 400 and Chromium logs the failed load; nothing else may be reported.
  finished?.expectNoProblems([/Failed to load resource: the server responded with a status of 40[01]/]);
});

interface MailboxPage {
  results: { to: string; subject: string; text: string; created_at: string }[];
}

/** The newest 6-digit code e-mailed to `to` after `after` messages, read from the dev mailbox. */
async function codeFor(to: string, after: number): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(to)}`);
        const page = (await response.json()) as MailboxPage;
        text = page.results.length > after ? (page.results[0]?.text ?? '') : '';
        return /\b\d{6}\b/.test(text);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return /\b(\d{6})\b/.exec(text)![1]!;
}

async function mailCount(to: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as MailboxPage).results.length;
}

async function goto(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, current?.problems);
}

/** Nothing script-readable holds a refresh token (DESIGN §4.9). */
async function expectNoRefreshTokenInScript(page: Page) {
  const stores = await page.evaluate(() => ({
    local: JSON.stringify({ ...window.localStorage }),
    session: JSON.stringify({ ...window.sessionStorage }),
    cookie: document.cookie,
  }));
  expect(stores.local).not.toMatch(/refresh/i);
  expect(stores.session).not.toMatch(/refresh/i);
  expect(stores.cookie).not.toMatch(/refresh/i);
  expect(stores.cookie).toBe('');
  const local = await page.evaluate(() => Object.keys(window.localStorage));
  expect(local).toContain('accessToken');
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

async function logOut(page: Page) {
  // The account menu closes on every route change: opened just as a redirect lands, it closes again, so it
  // is opened until its Logout button shows, as a person would click it again.
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect
    .poll(
      async () => {
        if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Account' }).click();
        return logout.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await logout.click();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  await page.getByRole('link', { name: 'Login' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}

describe('account journeys', () => {
  test('sign up, log out, log in, change and reset the password', async () => {
    const email = `journey-${Date.now()}@example.com`;
    const first = 'first-password';
    const second = 'second-password';
    const third = 'third-password';
    current = await openPage(browser, WIDE, baseURL);
    const { page } = current;

    // Sign up with the code from the dev mailbox.
    await goto(page, '/signup');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create an Account');
    for (const feature of ['Order Tracking', 'Exclusive Pricing', 'Secure Checkout']) {
      await page.getByRole('heading', { name: feature }).waitFor();
    }
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    const signupCodeAt = Date.now();
    const code = page.getByRole('main').getByLabel('Verification code', { exact: true });
    await code.waitFor();
    await expectAccessible(page, 'signup with the code box');
    await code.fill(await codeFor(email, 0));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(
      await page.getByRole('main').getByLabel('Email', { exact: true }).getAttribute('readonly'),
    ).not.toBeNull();
    await page.getByRole('main').getByLabel('First name', { exact: true }).fill('Ann');
    await page.getByRole('main').getByLabel('Last name', { exact: true }).fill('Lee');
    await page.getByRole('main').getByLabel('Company name', { exact: true }).fill('Journey Boxes Ltd');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(first);
    expect(await signUp.isDisabled()).toBe(false);
    await signUp.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await expectNoRefreshTokenInScript(page);

    // Log out, then log in again.
    await logOut(page);
    await goto(page, '/login');
    await logIn(page, email, 'wrong-password');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Login' }).first().textContent())
      .toBe('Login failed. Please check your credentials.');
    await logIn(page, email, first);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await expectNoRefreshTokenInScript(page);
    await logOut(page);

    // A visitor sent to /login comes back to the page they asked for.
    await goto(page, '/change-password');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?from=%2Fchange-password');
    await waitForHydration(page, current.problems);
    await logIn(page, email, first);
    await page.waitForURL((url) => url.pathname === '/change-password');
    await expectNoRefreshTokenInScript(page);

    // Change the password: the server's message, then home after 2 s.
    await page.getByRole('main').getByLabel('Current password', { exact: true }).fill(first);
    await page.getByRole('main').getByLabel('New password', { exact: true }).fill(second);
    await page.getByRole('main').getByLabel('Confirm password', { exact: true }).fill(second);
    await expectAccessible(page, 'change password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password updated successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });

    // Reset it with a code from the mailbox, then log in with the new one.
    await logOut(page);
    await goto(page, '/forgot-password');
    // The server sends one code per address per minute.
    await sleep(Math.max(0, signupCodeAt + CODE_INTERVAL_MS - Date.now()));
    const before = await mailCount(email);
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('main').getByLabel('Verification code', { exact: true }).waitFor();
    await page
      .getByRole('main')
      .getByLabel('Verification code', { exact: true })
      .fill(await codeFor(email, before));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByRole('main').getByLabel('New password', { exact: true }).fill(third);
    await page.getByRole('main').getByLabel('Confirm password', { exact: true }).fill(third);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Password reset successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await waitForHydration(page, current.problems);
    await logIn(page, email, third);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await expectNoRefreshTokenInScript(page);
  }, 180_000);

  test('the dev mailbox lists the e-mails sent to an address', async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    await fetch(`${baseURL}/api/account/email-authentication/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, authentication_type: 'signup' }),
    });
    current = await openPage(browser, WIDE, baseURL);
    await goto(current.page, `/dev/mailbox?to=${encodeURIComponent(email)}`);
    await current.page.getByRole('heading', { name: 'Your PackRight Supplies verification code' }).waitFor();
    expect(await current.page.locator('pre').first().textContent()).toMatch(/\d{6}/);
    await expectAccessible(current.page, 'dev mailbox');
  });
});
