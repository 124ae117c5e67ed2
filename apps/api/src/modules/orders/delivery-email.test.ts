// The order confirmation, as the buyer's mail server receives it, names the delivery service and
// extras paid for, the day it is due and the day it leaves the warehouse, and charges the service's price.
import { ukDeliveryDay, formatGbp, type OrderView } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { startTestSmtp, type ReceivedMail } from '../../../test/smtp';
import { checkoutShopper, pence } from '../../../test/support/orders';
import { addPalletLoad, NEXT_DAY_TAIL_LIFT } from '../../../test/support/pallet-carts';
import { createSmtpTransport, deliverDueEmails } from '../mail/sender';
import { deliveryLine } from './emails';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

/** A message's plain-text part as the buyer reads it: quoted-printable undone, UTF-8 decoded. */
function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(raw)?.[1];
  if (part === undefined) throw new Error(`no text part in:\n${raw}`);
  const bytes = part
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

describe('the order confirmation', () => {
  it('names a pallet next day with a tail lift, the day it is due and the day it leaves, with its price', async () => {
    const received: ReceivedMail[] = [];
    const smtp = await startTestSmtp((mail) => received.push(mail));
    try {
      const buyer = await checkoutShopper(ctx, 'pallet-mail');
      await addPalletLoad(ctx, buyer);
      const intent = await buyer.paidIntent({
        billing_address: buyer.addressId,
        shipping_address: buyer.addressId,
        ...NEXT_DAY_TAIL_LIFT,
      });
      const order: OrderView = await buyer.placed(intent.payment_intent_id);
      const delivery = order.delivery!;
      expect(delivery).toMatchObject({ service: 'pallet_next_day', extras: [{ code: 'tail_lift' }] });
      // Next day: delivered the working day after it leaves.
      expect(delivery.delivery_date > delivery.dispatch_by).toBe(true);

      const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'shop@packright.example');
      while ((await deliverDueEmails(ctx.database.db, transport, { batchSize: 100 })).sent > 0);
      transport.close?.();
      // The buyer was sent a sign-up code too: the confirmation is the message about the order.
      const mail = received.find(
        (message) => message.to.includes(buyer.email) && message.raw.includes(`order #${order.id}`),
      );
      expect(mail).toBeDefined();
      const text = plainText(mail!.raw);
      expect(text).toContain(`Thank you for your order #${order.id}.`);
      expect(text).toContain(
        `Delivery: Pallet, next day, with a tail lift, on ${ukDeliveryDay(delivery.delivery_date)}. ` +
          `It leaves our warehouse by ${ukDeliveryDay(delivery.dispatch_by)}.`,
      );
      expect(text).toMatch(new RegExp(`^Shipping: ${formatGbp(pence(order.shipping_cost))} \\(`, 'm'));
      // The extra's price is in the breakdown, in the short words (the checkout's label explains a forklift).
      expect(text).toContain('Plus a tail lift: £25.00.');
      expect(text).not.toContain('forklift');
    } finally {
      await smtp.close();
    }
  });
});

describe('deliveryLine', () => {
  const promise = { zone: 'mainland', dispatchBy: '2026-11-27', deliveryDate: '2026-11-30' } as const;

  it.each([
    [
      'pallet_next_day',
      ['tail_lift'],
      'Delivery: Pallet, next day, with a tail lift, on Monday 30 November. It leaves our warehouse by Friday 27 November.',
    ],
    [
      'pallet_economy',
      ['tail_lift', 'am_slot'],
      'Delivery: Pallet, economy, with an AM slot and a tail lift, on Monday 30 November. It leaves our warehouse by Friday 27 November.',
    ],
    ['parcel', [], 'Delivery: Parcel, on Monday 30 November. It leaves our warehouse by Friday 27 November.'],
  ] as const)('reads naturally for %s with %j', (service, extras, line) => {
    expect(deliveryLine({ ...promise, service, extras: [...extras] })).toEqual([line]);
  });

  it('says nothing of an order kept from before the delivery promise', () => {
    expect(deliveryLine(null)).toEqual([]);
  });
});
