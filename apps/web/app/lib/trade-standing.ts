import type { CompanyRole } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { subscribeToSession, tokenSubject } from './session';

/**
 * What the header and the account menus know of the signed-in buyer's trade account: the company's name,
 * the buyer's role in it, whether it is approved and what is left to order on account (the server's figure,
 * null when it gives none).
 */
export interface TradeStanding {
  company: string;
  role: CompanyRole;
  approved: boolean;
  availableCredit: string | null;
}

/** The standing as last read, for the user (the token's subject) it was read for; undefined: not read yet. */
let current: { user: string | null; standing: TradeStanding | null | undefined } = {
  user: null,
  standing: undefined,
};
const listeners = new Set<() => void>();

/** Records the standing read for `user` (tokenSubject() when the read began). */
export function setTradeStanding(user: string | null, standing: TradeStanding | null): void {
  current = { user, standing };
  for (const listener of listeners) listener();
}

/** The signed-in user's standing as read, or undefined when it is not (another user, or not read yet). */
export function tradeStanding(): TradeStanding | null | undefined {
  return current.user !== null && current.user === tokenSubject() ? current.standing : undefined;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const offSession = subscribeToSession(onChange);
  return () => {
    listeners.delete(onChange);
    offSession();
  };
}

/**
 * The signed-in buyer's trade standing: null for none (or not known yet, or on the server), so the menus list
 * what every customer has until the header has read it after hydration.
 */
export function useTradeStanding(): TradeStanding | null {
  return useSyncExternalStore(
    subscribe,
    () => tradeStanding() ?? null,
    () => null,
  );
}
