import { describe, expect, it } from 'vitest';
import { lineTotals, sumTotals } from '../pricing/totals';
import { quoteExpiryProblem, quoteFigures, quoteRefusal, quoteRefusalWhenPaid } from './rules';
import { QUOTE_MESSAGES, quotedPackPence, QuoteAttachmentQuerySchema, QuoteSendSchema } from './schemas';

const sent = { status: 'sent' as const, version: 2, expiresOn: '2026-12-04' };

describe('quoteRefusal', () => {
  it('lets the latest version of a sent quote be accepted through its expiry day, on the UK calendar', () => {
    expect(quoteRefusal(sent, new Date('2026-12-04T23:59:00Z'))).toBeNull();
    expect(quoteRefusal(sent, new Date('2026-12-04T10:00:00Z'), 2)).toBeNull();
    // Midnight in London on the 5th: expired, said with the day.
    expect(quoteRefusal(sent, new Date('2026-12-05T00:00:00Z'))).toBe(
      'This quote expired on 4 December 2026. Ask us for a new one.',
    );
    // In summer, London is an hour ahead: 23:30 UTC on the expiry day is already the next UK day.
    expect(quoteRefusal({ ...sent, expiresOn: '2027-06-30' }, new Date('2027-06-30T23:30:00Z'))).toMatch(
      /expired on 30 June 2027/,
    );
  });

  it('refuses an older version, a quote not priced, withdrawn or already ordered, each with its reason', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(quoteRefusal(sent, now, 1)).toBe('This quote has been revised: version 2 is the one to accept.');
    expect(quoteRefusal({ status: 'requested', version: 0, expiresOn: null }, now)).toBe(
      'This quote has not been priced yet.',
    );
    expect(quoteRefusal({ ...sent, status: 'withdrawn' }, now)).toBe('This quote has been withdrawn.');
    expect(quoteRefusal({ ...sent, status: 'ordered' }, now)).toBe('This quote has already been ordered.');
    expect(quoteRefusal({ ...sent, status: 'accepted' }, now)).toBeNull();
  });
});

describe('quoteRefusalWhenPaid', () => {
  const paidAt = new Date('2026-03-10T12:00:00Z');
  const facts = { status: 'withdrawn' as const, expiresOn: '2026-03-31' };
  it('keeps a payment taken before the withdrawal or on the last day, and refuses one taken after', () => {
    const later = new Date(paidAt.getTime() + 1000);
    expect(quoteRefusalWhenPaid({ ...facts, withdrawnAt: later }, paidAt)).toBeNull();
    expect(quoteRefusalWhenPaid({ ...facts, withdrawnAt: paidAt }, paidAt)).toBe(QUOTE_MESSAGES.withdrawn);
    expect(quoteRefusalWhenPaid({ ...facts, withdrawnAt: null }, paidAt)).toBe(QUOTE_MESSAGES.withdrawn);
    const accepted = { status: 'accepted' as const, withdrawnAt: null };
    expect(quoteRefusalWhenPaid({ ...accepted, expiresOn: '2026-03-10' }, paidAt)).toBeNull();
    expect(quoteRefusalWhenPaid({ ...accepted, expiresOn: '2026-03-09' }, paidAt)).toMatch(
      /^This quote expired/,
    );
    expect(
      quoteRefusalWhenPaid({ ...accepted, status: 'ordered', expiresOn: '2026-03-09' }, paidAt),
    ).toBeNull();
  });
});

describe('quoteExpiryProblem', () => {
  it('takes today to a year ahead on the UK calendar, and says why not otherwise', () => {
    // 23:30 UTC on 30 June is 1 July in London.
    const now = new Date('2027-06-30T23:30:00Z');
    expect(quoteExpiryProblem('2027-07-01', now)).toBeNull();
    expect(quoteExpiryProblem('2027-06-30', now)).toBe('The expiry day must be today or later.');
    expect(quoteExpiryProblem('2028-06-30', now)).toBeNull();
    expect(quoteExpiryProblem('2028-07-01', now)).toBe('The expiry day must be within 365 days.');
  });
});

describe('quoteFigures', () => {
  it.each([
    { lines: [[3, 1995]], delivery: 0, vat: 20, total: 7182 },
    {
      lines: [
        [3, 1995],
        [1, 1],
      ],
      delivery: 4500,
      vat: 20,
      total: 12583,
    },
    { lines: [[7, 333]], delivery: 695, vat: 17.5, total: 3556 },
  ])(
    'sums $lines with delivery $delivery at $vat% as a cart is summed',
    ({ lines, delivery, vat, total }) => {
      const quoted = lines.map(([packs, pence]) => ({
        packs: packs!,
        units_per_pack: 6,
        price_per_pack_pence: pence!,
      }));
      const figures = quoteFigures(quoted, delivery, vat);
      const cart = sumTotals(
        quoted.map((line) =>
          lineTotals({
            packs: line.packs,
            units_per_pack: 6,
            price_per_pack_pence: line.price_per_pack_pence,
            discount_percentage: 0,
            pack_weight_kg: 1,
          }),
        ),
        delivery,
        vat,
      );
      expect(figures.total_pence).toBe(total);
      expect(figures.goods_pence + figures.shipping_pence + figures.vat_pence).toBe(figures.total_pence);
      expect([figures.goods_pence, figures.vat_pence, figures.total_pence]).toEqual([
        cart.goods_pence,
        cart.vat_pence,
        cart.total_pence,
      ]);
    },
  );

  it('prices a line after the version’s discount, rounded half-up once per pack', () => {
    expect(quotedPackPence(1995, 10)).toBe(1796);
    expect(quotedPackPence(1995, 0)).toBe(1995);
    expect(quotedPackPence(1995, 100)).toBe(0);
    expect(quotedPackPence(5, 10)).toBe(5);
  });
});

describe('the request schemas', () => {
  it('reads prices as pence and refuses a negative one, on its field', () => {
    const parsed = QuoteSendSchema.parse({
      lines: [{ id: 1, price_per_pack: '12.50' }],
      expires_on: '2026-12-31',
    });
    expect(parsed).toEqual({
      lines: [{ id: 1, price_per_pack: 1250 }],
      discount_percentage: 0,
      delivery: 0,
      expires_on: '2026-12-31',
      message: '',
    });
    const negative = QuoteSendSchema.safeParse({
      lines: [{ id: 1, price_per_pack: -1 }],
      expires_on: '2026-12-31',
    });
    expect(negative.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lines.0.price_per_pack', 'Enter a price from £0.00 to £100,000.00 per pack.'],
    ]);
  });

  it('takes a file name without control characters, up to 120 characters', () => {
    expect(QuoteAttachmentQuerySchema.parse({ filename: ' logo.png ' })).toEqual({ filename: 'logo.png' });
    expect(QuoteAttachmentQuerySchema.safeParse({ filename: 'a\r\nb.png' }).success).toBe(false);
    expect(QuoteAttachmentQuerySchema.safeParse({ filename: `${'a'.repeat(117)}.png` }).success).toBe(false);
  });
});
