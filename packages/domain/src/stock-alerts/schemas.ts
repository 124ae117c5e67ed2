import { z } from 'zod';
import { OtpCodeSchema } from '../accounts/schemas';
import { EmailSchema } from '../contact/schemas';

/**
 * Back-in-stock alerts: a buyer, or a visitor by e-mail, asks to be told once when an item that is
 * out of stock is back. The API's calls:
 * - `POST stock-alerts/ {item}` signed in: active at once, to the account's address → 201 StockAlertAnswer;
 * - `POST stock-alerts/ {item, email}` as a visitor: a 6-digit code is e-mailed and the alert waits for it
 *   (`awaiting_confirmation`) → 201; asking again while an alert waits answers it (200) and sends nothing
 *   new while its code lives;
 * - `POST stock-alerts/confirm/ {email, code}` → 200 StockAlertAnswer, the alert the code was sent for, active;
 * - `GET account/stock-alerts/` (the caller's waiting and recently sent alerts, paged) and
 *   `DELETE account/stock-alerts/{id}/` → 204.
 * When staff restock the item, each active alert is spent and its subscriber e-mailed once.
 */
export const STOCK_ALERT_STATUSES = ['awaiting_confirmation', 'active', 'notified'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/** How long a sent alert stays in the buyer's list: they can see it was e-mailed, then it goes. */
export const SENT_ALERTS_SHOWN_DAYS = 30;

export const STOCK_ALERT_MESSAGES = {
  /** 400 on `item`: an alert is only for an item that cannot be ordered now. */
  inStock: 'This item is in stock: you can order it now.',
  /** 400 on `email` from a signed-in buyer naming another address: alerts go to the account's. */
  accountEmail: 'Signed in, alerts go to your account’s e-mail address: leave the e-mail out.',
  /** What the visitor reads once the code is on its way. */
  codeSent: (email: string) =>
    `We’ve e-mailed a 6-digit code to ${email}. Enter it to confirm the alert; it expires in 10 minutes.`,
  active: (sku: string) => `Done: we’ll e-mail you once when ${sku} is back in stock.`,
  /** Confirmed after a restock: the e-mail is already on its way. */
  notifiedAtOnce: (sku: string) => `${sku} is back in stock: we’ve e-mailed you a link to it.`,
  cancelled: (sku: string) => `Alert for ${sku} cancelled.`,
  requestFailed: 'Your alert could not be set. Please try again.',
  confirmFailed: 'Your code could not be checked. Please try again.',
  cancelFailed: 'The alert could not be cancelled. Please try again.',
  loadFailed: 'Your stock alerts could not be loaded.',
  none: 'You have no stock alerts. On a product page, ask to be told when an item is back.',
  /** The product page's answer when the item came back since the page was made. */
  backAlready: 'This item is back in stock: reload the page to order it.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);

/** POST stock-alerts/: the item, and a visitor's address (a signed-in buyer's is their account's). */
export const StockAlertRequestSchema = z
  .object({
    item: id,
    email: EmailSchema.optional(),
  })
  .strict();
export type StockAlertRequest = z.infer<typeof StockAlertRequestSchema>;
export type StockAlertRequestInput = z.input<typeof StockAlertRequestSchema>;

/** A visitor's request, as the product page's form checks it: the address is required. */
export const VisitorStockAlertSchema = StockAlertRequestSchema.required({ email: true });

/** POST stock-alerts/confirm/: the address the code went to and the code typed. */
export const StockAlertConfirmSchema = z.object({ email: EmailSchema, code: OtpCodeSchema }).strict();
export type StockAlertConfirm = z.infer<typeof StockAlertConfirmSchema>;

export const StockAlertViewSchema = z.object({
  id: z.number().int(),
  item: z.number().int(),
  sku: z.string(),
  title: z.string(),
  product_name: z.string(),
  /** The product page's path, '/details/{category}/{product}'. */
  product_url: z.string(),
  email: z.string(),
  status: z.enum(STOCK_ALERT_STATUSES),
  created_at: z.string(),
  /** When the back-in-stock e-mail was queued; null while the alert waits. */
  notified_at: z.string().nullable(),
});
export type StockAlertView = z.infer<typeof StockAlertViewSchema>;

/** What POST stock-alerts/ and confirm/ answer: the alert and what it means, in the buyer's words. */
export const StockAlertAnswerSchema = StockAlertViewSchema.extend({ message: z.string() });
export type StockAlertAnswer = z.infer<typeof StockAlertAnswerSchema>;
