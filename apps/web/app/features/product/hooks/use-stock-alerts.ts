import { STOCK_ALERT_MESSAGES as M, type ProductPageItem } from '@shop/domain';
import { type ComponentType, useEffect, useState } from 'react';
import { showToast } from '~/components/ui/toasts';
import { API_MESSAGES } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { useIsLoggedIn } from '~/lib/use-session';
import { createStockAlert } from '../api/create-stock-alert';
import { getMyStockAlerts } from '../api/get-my-stock-alerts';
import { stockAlertFailure } from '../stock-alert-failure';

export interface StockAlertDialogProps {
  item: ProductPageItem;
  /** Where focus goes back to on closing: the row's button. */
  opener: HTMLElement | null;
  onClose: () => void;
  /** The alert is confirmed: the row says so. */
  onConfirmed: (itemId: number) => void;
}

interface OpenDialog {
  Component: ComponentType<StockAlertDialogProps>;
  item: ProductPageItem;
  opener: HTMLElement | null;
}

export type StockAlertState = 'idle' | 'busy' | 'set';

/**
 * The product page's "Tell me when it's back" controls. They show only after hydration, so the
 * page's HTML stays the same for everyone (and cacheable). A signed-in buyer's click sets the alert at once; a
 * visitor's opens a dialog for their address and the code e-mailed to it, whose code loads on that first click.
 * Outcomes are said in the page's notifications (a live region). A signed-in buyer's page with an item out of
 * stock reads the buyer's alerts once, so an alert set before shows as set on load.
 */
export function useStockAlerts(outOfStockIds: readonly number[]) {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const [set, setSet] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const wanted = loggedIn && outOfStockIds.length > 0;
  const watched = outOfStockIds.join(',');

  useEffect(() => {
    if (!wanted) return;
    const ids = new Set(watched.split(',').map(Number));
    const controller = new AbortController();
    getMyStockAlerts(controller.signal).then(
      (alerts) => {
        const waiting = alerts.results.filter((alert) => alert.status !== 'notified' && ids.has(alert.item));
        if (waiting.length === 0) return;
        setSet((current) => new Set([...current, ...waiting.map((alert) => alert.item)]));
      },
      // Not knowing is not an error: the button is there, and asking again answers that the alert exists.
      () => undefined,
    );
    return () => controller.abort();
  }, [wanted, watched]);

  const markSet = (itemId: number) => setSet((current) => new Set(current).add(itemId));

  const ask = async (item: ProductPageItem, opener: HTMLElement | null) => {
    if (busy !== null) return;
    setBusy(item.id);
    try {
      if (!loggedIn) {
        try {
          const { StockAlertDialog } = await import('../components/stock-alert-dialog');
          setDialog({ Component: StockAlertDialog, item, opener });
        } catch {
          // The code could not load (offline, a new release): nothing was sent.
          showToast(API_MESSAGES.network, 'error');
        }
        return;
      }
      try {
        const answer = await createStockAlert({ item: item.id });
        markSet(item.id);
        showToast(answer.message, 'success');
      } catch (error) {
        showToast(stockAlertFailure(error, M.requestFailed), 'error');
      }
    } finally {
      setBusy(null);
    }
  };

  return {
    /** Whether the controls show: only once the page is live in the browser. */
    shown: hydrated,
    stateOf: (itemId: number): StockAlertState =>
      set.has(itemId) ? 'set' : busy === itemId ? 'busy' : 'idle',
    ask: (item: ProductPageItem, opener: HTMLElement | null) => void ask(item, opener),
    dialog,
    closeDialog: () => setDialog(null),
    markSet,
  };
}

export type StockAlerts = ReturnType<typeof useStockAlerts>;
