import { packsStockAllows } from '../cart/stock';
import type { StockAlertStatus } from './schemas';

/** An item as the stock rule reads it. */
export interface StockFacts {
  track_inventory: boolean;
  /** Units. */
  stock: number;
  units_per_pack: number;
}

/**
 * Whether an item cannot be ordered for want of stock: it is tracked and its stock covers no whole pack. The
 * cart's rule (`packsStockAllows`); the restock's SQL (`stock >= units_per_pack` or untracked) is its mirror.
 */
export function isOutOfStock(item: StockFacts): boolean {
  return packsStockAllows(item.track_inventory ? item.stock : null, 0, item.units_per_pack) < 1;
}

/** An alert's state from its timestamps: sent once it was e-mailed, active once confirmed. */
export function stockAlertStatus(alert: {
  confirmedAt: Date | null;
  notifiedAt: Date | null;
}): StockAlertStatus {
  if (alert.notifiedAt) return 'notified';
  return alert.confirmedAt ? 'active' : 'awaiting_confirmation';
}

/** An alert's state as the buyer's list names it. */
export const STOCK_ALERT_STATUS_LABELS: Record<StockAlertStatus, string> = {
  awaiting_confirmation: 'Waiting for your code',
  active: 'Waiting for stock',
  notified: 'E-mailed',
};

/** A product page's path, as the storefront's routes have it. */
export const productPagePath = (categorySlug: string, productSlug: string) =>
  `/details/${categorySlug}/${productSlug}`;

/** What the back-in-stock e-mail says, as lines (the API draws them as text and as HTML). */
export interface BackInStockWords {
  subject: string;
  lines: string[];
}

/** The back-in-stock e-mail of one alert: the item, its SKU and the product page to order it from. */
export function backInStockWords(item: { title: string; sku: string; url: string }): BackInStockWords {
  return {
    subject: `Back in stock: ${item.title}`,
    lines: [
      `Good news: ${item.title} (SKU ${item.sku}) is back in stock.`,
      `Order it here: ${item.url}`,
      'Stock can go quickly, so we cannot hold it for you.',
      'You asked us to tell you once, so this alert is now closed. If it sells out again, ask again on the product page.',
    ],
  };
}
