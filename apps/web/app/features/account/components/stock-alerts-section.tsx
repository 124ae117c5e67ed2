import {
  type Page,
  STOCK_ALERT_MESSAGES as M,
  STOCK_ALERT_STATUS_LABELS,
  type StockAlertView,
  ukDate,
} from '@shop/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api-client';
import { failureMessage } from '../account-rules';
import { cancelStockAlert, getStockAlerts, STOCK_ALERTS_PAGE } from '../api/stock-alerts';
import { useSessionExpiry } from '../use-session-expiry';
import { AccountSection, SectionUnavailable } from './account-section';

/**
 * The buyer's back-in-stock alerts: those waiting, then those e-mailed in the last 30 days, each
 * with its product page; a waiting one can be cancelled. What happened is said in a live region that takes
 * the focus, since the cancelled alert's button is gone.
 */
export function StockAlertsSection({ initial }: { initial: Page<StockAlertView> | null }) {
  return (
    <AccountSection
      anchor="stock-alerts"
      title="Stock alerts"
      intro="We e-mail you once when an item you asked about is back in stock."
    >
      {initial ? <StockAlertList initial={initial} /> : <SectionUnavailable message={M.loadFailed} />}
    </AccountSection>
  );
}

/** An alert's state and date in words: 'Waiting for stock since 5 Mar 2026'. */
function stateLine(alert: StockAlertView): string {
  const label = STOCK_ALERT_STATUS_LABELS[alert.status];
  return alert.notified_at
    ? `${label} on ${ukDate(alert.notified_at)}`
    : `${label} since ${ukDate(alert.created_at)}`;
}

function StockAlertList({ initial }: { initial: Page<StockAlertView> }) {
  const [alerts, setAlerts] = useState(initial.results);
  const [count, setCount] = useState(initial.count);
  const [busy, setBusy] = useState<number | 'more' | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const newsRef = useRef<HTMLParagraphElement>(null);
  const sessionExpired = useSessionExpiry('/account');

  const cancel = async (alert: StockAlertView) => {
    setNews(null);
    setFailure(null);
    setBusy(alert.id);
    try {
      await cancelStockAlert(alert.id);
    } catch (error) {
      // Already gone (e-mailed and cleared, or cancelled in another tab): the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setBusy(null);
        if (!sessionExpired(error)) setFailure(failureMessage(error, M.cancelFailed));
        return;
      }
    }
    setBusy(null);
    setAlerts((list) => list.filter((entry) => entry.id !== alert.id));
    setCount((current) => current - 1);
    setNews(M.cancelled(alert.sku));
    newsRef.current?.focus();
  };

  /**
   * The next alerts. Cancelling moves later alerts onto earlier pages, so the page read is the one the list's
   * length reaches, and alerts already shown are left out: none is skipped.
   */
  const showMore = async () => {
    setFailure(null);
    setBusy('more');
    try {
      const answer = await getStockAlerts(undefined, Math.floor(alerts.length / STOCK_ALERTS_PAGE) + 1);
      setAlerts((list) => {
        const shown = new Set(list.map((entry) => entry.id));
        return [...list, ...answer.results.filter((entry) => !shown.has(entry.id))];
      });
      setCount(answer.count);
    } catch (error) {
      if (!sessionExpired(error)) setFailure(failureMessage(error, M.loadFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      {alerts.length === 0 ? (
        <p className="stock-alerts__none">{M.none}</p>
      ) : (
        <ul className="stock-alerts" aria-label="Your stock alerts">
          {alerts.map((alert) => (
            <li key={alert.id} className="stock-alerts__alert">
              <p className="stock-alerts__item">
                <Link to={alert.product_url}>{alert.title}</Link>
              </p>
              <p className="stock-alerts__facts">
                SKU {alert.sku}. {stateLine(alert)}.
              </p>
              {alert.status !== 'notified' ? (
                <button
                  type="button"
                  className="button button--outline stock-alerts__cancel"
                  disabled={busy !== null}
                  aria-label={`Cancel the alert for ${alert.sku}`}
                  onClick={() => void cancel(alert)}
                >
                  {busy === alert.id ? 'Cancelling…' : 'Cancel'}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p ref={newsRef} tabIndex={-1} className="form__success" role="status">
        {news}
      </p>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      {count > alerts.length ? (
        <button
          type="button"
          className="button button--outline"
          disabled={busy !== null}
          onClick={() => void showMore()}
        >
          {busy === 'more' ? 'Loading…' : 'Show more alerts'}
        </button>
      ) : null}
    </div>
  );
}
