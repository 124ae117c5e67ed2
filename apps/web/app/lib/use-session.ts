import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeToSession, tokenSaysStaff } from './session';

const onServer = () => false;
const inBrowser = () => getAccessToken() !== null;

/**
 * Whether a customer is logged in. The server (and hydration) always answers false, so the HTML is the
 * same for every visitor; the browser's real answer follows right after hydration.
 */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, inBrowser, onServer);
}

/** Whether the signed-in user is staff (the Admin menu entry); false on the server and for customers. */
export function useIsStaff(): boolean {
  return useSyncExternalStore(subscribeToSession, () => tokenSaysStaff(), onServer);
}
