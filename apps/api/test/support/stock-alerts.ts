// Test support for back-in-stock alerts: visitors asking from addresses of their own, the codes they are
// e-mailed, staff restocking, and the back-in-stock e-mails in the outbox.
import type { StockAlertAnswer } from '@shop/domain';
import { and, desc, eq, like } from 'drizzle-orm';
import { items, outboundEmails, stockAlerts } from '../../src/db/schema';
import type { TestContext } from '../helper';
import type { StaffMember } from './administration';

/** Visitors asking for alerts and confirming them, each call from a client address of its own. */
export function stockAlertVisitors(ctx: TestContext) {
  let clients = 0;
  const nextIp = () => {
    const n = clients++;
    return `10.${120 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  };
  return {
    nextIp,
    ask: (body: object, ip = nextIp()) =>
      ctx.app.inject({ method: 'POST', url: '/api/stock-alerts/', payload: body, remoteAddress: ip }),
    confirm: (body: object, ip = nextIp()) =>
      ctx.app.inject({ method: 'POST', url: '/api/stock-alerts/confirm/', payload: body, remoteAddress: ip }),
    /** Asks and fails the test unless the alert was made (201). */
    async asked(item: number, email: string): Promise<StockAlertAnswer> {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock-alerts/',
        payload: { item, email },
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 201) throw new Error(`alert refused: ${res.statusCode} ${res.body}`);
      return res.json<StockAlertAnswer>();
    },
  };
}

/** The code in the newest stock-alert code e-mail to an address (read from the outbox, as a person reads it). */
export async function alertCode(ctx: TestContext, email: string): Promise<string> {
  const [mail] = await ctx.database.db
    .select({ text: outboundEmails.textBody })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, email), like(outboundEmails.subject, '%stock alert code%')))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no stock alert code e-mailed to ${email}`);
  return code;
}

/** The stock-alert code e-mails an address was sent. */
export function alertCodeEmails(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, email), like(outboundEmails.subject, '%stock alert code%')));
}

/** The back-in-stock e-mails an address was sent. */
export function backInStockEmails(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, email), like(outboundEmails.subject, 'Back in stock: %')));
}

/** Sets an item's stock straight in the database (tracked), as a sale or a count would leave it. */
export async function setItemStock(ctx: TestContext, itemId: number, stock: number) {
  await ctx.database.db.update(items).set({ stock, trackInventory: true }).where(eq(items.id, itemId));
}

/** Staff add units to an item's stock, as the back office's adjustment does. */
export async function restock(staff: StaffMember, itemId: number, delta: number) {
  const res = await staff.admin('POST', `items/${itemId}/stock-adjustments/`, { delta, reason: 'Delivery' });
  if (res.statusCode !== 201) throw new Error(`restock refused: ${res.statusCode} ${res.body}`);
  return res;
}

/** An alert's row as stored. */
export async function alertRow(ctx: TestContext, id: number) {
  const [row] = await ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
  return row;
}
