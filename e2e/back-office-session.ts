import type { Browser } from 'playwright-core';
import { NARROW, openPage, waitForHydration, type WatchedPage } from './browser';

/**
 * The owner's way into the back office for one spec file. The first time, the owner signs in through /login,
 * as staff do, and opens the back office from the account menu; later journeys of the file start signed in
 * with the token that sign-in stored (as a staff member's browser would keep it) and open /admin.
 */
export function backOfficeSignIn(baseURL: string, owner: { email: string; password: string }) {
  let ownerAccess: string | undefined;
  return async (browser: Browser): Promise<WatchedPage> => {
    const current = await openPage(browser, NARROW, baseURL);
    const { page } = current;
    if (ownerAccess !== undefined) {
      await current.context.addInitScript((token) => {
        window.localStorage.setItem('accessToken', token);
      }, ownerAccess);
      await page.goto('/admin');
      await waitForHydration(page, current.problems);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      return current;
    }
    await page.goto('/login');
    await waitForHydration(page, current.problems);
    const form = page.getByRole('form', { name: 'Log in to your account' });
    await form.getByLabel('Email', { exact: true }).fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await form.getByRole('button', { name: 'Login' }).click();
    // Signed in, the login page sends the user on; the account menu closes on every route change.
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    ownerAccess = (await page.evaluate(() => window.localStorage.getItem('accessToken'))) ?? undefined;
    return current;
  };
}
