import { ukToday } from '@shop/domain';
// Test support for requests for quote: a buyer with a cart to quote, uploads, and staff's send body.
import type { QuoteView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { shopSettings } from '../../src/db/schema';
import type { TestContext } from '../helper';
import { cartLine, itemBySku, newShopper, tierId, type Shopper } from './carts';
import { setStock } from './orders';

/** Two items sold by the pack from one pack up, with their first-tier prices (£15.95 and £29.94). */
export const QUOTED_LINES: [sku: string, packs: number][] = [
  ['TD-PRO-75', 2],
  ['PW-HAND-400-CL', 3],
];

/** The first bytes of each kind of file a request takes, and of one it does not (a Windows program). */
export const FILES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64)]),
  text: Buffer.from('Please print our logo on the tape.\n'),
};

/** The UK day `days` after today. */
export function ukDayAfter(days: number, now: Date = new Date()): string {
  return new Date(Date.parse(`${ukToday(now)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A signed-in buyer whose cart holds packs of items (first pack tier each), stock made plentiful first. */
export async function quoteBuyer(ctx: TestContext, name = 'quoter', lines = QUOTED_LINES) {
  const shopper = await newShopper(ctx, name);
  for (const [sku, packs] of lines) {
    await setStock(ctx, sku, 10_000);
    const item = await itemBySku(ctx, sku);
    await shopper.added([
      cartLine(shopper.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 1), packs),
    ]);
  }
  return withQuoteCalls(ctx, shopper);
}

/** The quote calls of a shopper. */
export function withQuoteCalls(ctx: TestContext, shopper: Shopper) {
  const self = {
    ...shopper,
    request: (body: object = { cart_id: shopper.cartId, note: 'Monthly volume 40 pallets' }) =>
      shopper.call('POST', '/api/quotes/', body),
    /** Asks for a quote on the cart and fails the test unless it was made. */
    async requested(note = 'Monthly volume 40 pallets'): Promise<QuoteView> {
      const res = await self.request({ cart_id: shopper.cartId, note });
      if (res.statusCode !== 201) throw new Error(`request refused: ${res.statusCode} ${res.body}`);
      return res.json<QuoteView>();
    },
    quote: (id: number) => shopper.call('GET', `/api/quotes/${id}/`),
    /** Uploads a file as the raw body. */
    upload: (quoteId: number, bytes: Buffer, contentType: string, filename?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/quotes/${quoteId}/attachments/${filename === undefined ? '' : `?filename=${encodeURIComponent(filename)}`}`,
        headers: { authorization: `Bearer ${shopper.token}`, 'content-type': contentType },
        payload: bytes,
      }),
  };
  return self;
}

export type QuoteBuyer = Awaited<ReturnType<typeof quoteBuyer>>;

/** A send body pricing every line of the quote at `price` a pack, expiring in 30 days. */
export const sendBody = (
  quote: QuoteView,
  price: string | ((line: QuoteView['lines'][number]) => string) = '10.00',
  extra: object = {},
) => ({
  lines: quote.lines.map((line) => ({
    id: line.id,
    price_per_pack: typeof price === 'string' ? price : price(line),
  })),
  expires_on: ukDayAfter(30),
  ...extra,
});

/** Sets the shop's VAT rate (the back office's setting); answers how to put the one before back. */
export async function setVatRate(ctx: TestContext, rate: number) {
  const db = ctx.database.db;
  const [before] = await db.select().from(shopSettings).where(eq(shopSettings.key, 'vat_rate'));
  await db
    .insert(shopSettings)
    .values({ key: 'vat_rate', value: rate })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: rate } });
  return async () => {
    if (before)
      await db.update(shopSettings).set({ value: before.value }).where(eq(shopSettings.key, 'vat_rate'));
    else await db.delete(shopSettings).where(eq(shopSettings.key, 'vat_rate'));
  };
}
