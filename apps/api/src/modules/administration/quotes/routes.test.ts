import { QUOTE_MESSAGES, QuoteRowSchema, QuoteViewSchema, type QuoteView } from '@shop/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { latestAudit } from '../../../../test/support/administration-catalogue';
import { applyForCompany } from '../../../../test/support/companies';
import {
  quoteBuyer,
  sendBody,
  setVatRate,
  ukDayAfter,
  type QuoteBuyer,
} from '../../../../test/support/quotes';
import { auditLog, outboundEmails, quoteVersions, quotes } from '../../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../../db/seed/shop-settings';

let ctx: TestContext;
let staff: StaffMember;
let buyer: QuoteBuyer;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'quote-desk');
  buyer = await quoteBuyer(ctx, 'priced');
});
afterAll(() => ctx.close());

const send = (quoteId: number, body: unknown) => staff.admin('POST', `quotes/${quoteId}/send/`, body);

async function sent(quoteId: number, body: unknown): Promise<QuoteView> {
  const res = await send(quoteId, body);
  expect(res.statusCode, res.body).toBe(200);
  return QuoteViewSchema.parse(res.json());
}

/** The quote's row, its versions, its e-mails to the buyer and its audit entries (to prove nothing changed). */
async function traces(quoteId: number) {
  const db = ctx.database.db;
  const [[row], [versions], [mails], [audits]] = await Promise.all([
    db.select({ status: quotes.status, version: quotes.version }).from(quotes).where(eq(quotes.id, quoteId)),
    db.select({ n: count() }).from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId)),
    db.select({ n: count() }).from(outboundEmails).where(eq(outboundEmails.toAddress, buyer.email)),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'quote'), eq(auditLog.entityId, String(quoteId)))),
  ]);
  return { ...row, versions: versions!.n, mails: mails!.n, audits: audits!.n };
}

describe('roles', () => {
  it('answers a visitor 401 and a customer 403 on every staff call, changing nothing', async () => {
    const quote = await buyer.requested();
    const before = await traces(quote.id);
    await expectStaffOnly(ctx, 'GET', 'quotes/');
    await expectStaffOnly(ctx, 'GET', `quotes/${quote.id}/`);
    await expectStaffOnly(ctx, 'POST', `quotes/${quote.id}/send/`, sendBody(quote));
    await expectStaffOnly(ctx, 'POST', `quotes/${quote.id}/withdraw/`);
    await expectStaffOnly(ctx, 'GET', `quotes/${quote.id}/quote.pdf`);
    await expectStaffOnly(ctx, 'GET', `quotes/${quote.id}/attachments/1/`);
    // The buyer themself is a customer too.
    expect(
      (await buyer.call('POST', `/api/administration/quotes/${quote.id}/send/`, sendBody(quote))).statusCode,
    ).toBe(403);
    expect(await traces(quote.id)).toEqual(before);
  });

  it('lets an owner do what staff do, and answers 404 for a quote that does not exist', async () => {
    const owner = await staffMember(ctx, 'owner', 'quote-owner');
    const quote = await buyer.requested();
    expect((await owner.admin('GET', `quotes/${quote.id}/`)).statusCode).toBe(200);
    for (const [method, path] of [
      ['GET', 'quotes/2147483647/'],
      ['POST', 'quotes/2147483647/withdraw/'],
      ['GET', 'quotes/2147483647/quote.pdf'],
    ] as const) {
      expect((await staff.admin(method, path)).statusCode, path).toBe(404);
    }
    expect((await send(2_147_483_647, sendBody(quote))).statusCode).toBe(404);
  });
});

describe('GET /api/administration/quotes/', () => {
  it('lists every buyer’s requests newest first with customer, company, status, total and expiry', async () => {
    const trade = await quoteBuyer(ctx, 'trade-lister');
    await applyForCompany(ctx, trade.token);
    const first = await trade.requested();
    const second = await buyer.requested();
    await sent(first.id, sendBody(first, '5.00'));

    const res = await staff.admin('GET', 'quotes/?page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ count: number; count_capped: boolean; results: unknown[] }>();
    expect(page.count_capped).toBe(false);
    const rows = page.results.map((row) => QuoteRowSchema.parse(row));
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    expect(rows.find((row) => row.id === second.id)).toMatchObject({
      status: 'requested',
      customer: { id: buyer.userId, email: buyer.email, company: null },
      total: null,
      expires_on: null,
    });
    // 2 x £5 + 3 x £5 = £25, plus 20 % VAT.
    expect(rows.find((row) => row.id === first.id)).toMatchObject({
      status: 'sent',
      can_accept: true,
      customer: { id: trade.userId, company: 'Boxes' },
      lines: 2,
      version: 1,
      total: '30.00',
      expires_on: ukDayAfter(30),
    });

    const requested = await staff.admin('GET', 'quotes/?status=requested&page_size=100');
    const ids = requested.json<{ results: { id: number; status: string }[] }>().results;
    expect(ids.every((row) => row.status === 'requested')).toBe(true);
    expect(ids.map((row) => row.id)).toContain(second.id);
    expect(ids.map((row) => row.id)).not.toContain(first.id);
    for (const query of ['status=lost', 'page_size=101', 'ordering=id', 'page=0']) {
      expect((await staff.admin('GET', `quotes/?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/administration/quotes/{id}/send/', () => {
  it('prices each line after the discount, sums as checkout does, records it and e-mails the buyer', async () => {
    const quote = await buyer.requested();
    const [tape, wrap] = quote.lines;
    const body = {
      lines: [
        { id: tape!.id, price_per_pack: '12.50' },
        { id: wrap!.id, price_per_pack: 25 },
      ],
      discount_percentage: 10,
      delivery: '45.00',
      expires_on: ukDayAfter(14),
      message: 'Price held for the first two pallets.',
    };
    const view = await sent(quote.id, body);
    // £12.50 and £25 less 10 % are £11.25 and £22.50 a pack: 2 x £11.25 + 3 x £22.50 = £90, with £45 delivery
    // £135 net, £27 VAT, £162.
    expect(view).toMatchObject({
      status: 'sent',
      can_accept: true,
      refusal: null,
      version: 1,
      expires_on: ukDayAfter(14),
      delivery: '45.00',
      subtotal: '90.00',
      vat: 20,
      vat_amount: '27.00',
      total: '162.00',
      message: 'Price held for the first two pallets.',
    });
    expect(
      view.lines.map((line) => [line.sku, line.price_per_pack, line.previous_price_per_pack, line.total]),
    ).toEqual([
      ['TD-PRO-75', '11.25', null, '22.50'],
      ['PW-HAND-400-CL', '22.50', null, '67.50'],
    ]);
    expect(view.versions).toEqual([
      {
        version: 1,
        sent_at: expect.any(String),
        expires_on: ukDayAfter(14),
        delivery: '45.00',
        subtotal: '90.00',
        vat_amount: '27.00',
        total: '162.00',
        message: 'Price held for the first two pallets.',
      },
    ]);
    // The buyer sees the same.
    expect((await buyer.quote(quote.id)).json()).toEqual(view);

    const [version] = await ctx.database.db
      .select()
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, quote.id));
    expect(version).toMatchObject({
      version: 1,
      lines: [
        { id: tape!.id, price_per_pack_pence: 1125 },
        { id: wrap!.id, price_per_pack_pence: 2250 },
      ],
      deliveryPence: 4500,
      subtotalPence: 9000,
      vatPence: 2700,
      totalPence: 16200,
      vatRate: 20,
      sentBy: staff.userId,
      seller: expect.objectContaining({ legal_name: DEFAULT_SHOP_SETTINGS.invoice.legal_name }),
    });
    const audit = await latestAudit(ctx, 'quote', quote.id);
    expect(audit).toMatchObject({
      action: 'quote.send',
      actorId: staff.userId,
      before: { status: 'requested', version: 0 },
      after: {
        status: 'sent',
        version: 1,
        total_pence: 16200,
        discount_percentage: 10,
        delivery_pence: 4500,
      },
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, buyer.email))
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    expect(mail!.subject).toBe(`Your quote ${quote.number} from PackRight Supplies`);
    expect(mail!.textBody).toContain('Total including VAT: £162.00.');
    expect(mail!.attachments).toEqual([{ kind: 'quote', quote_id: quote.id, version: 1 }]);
  });

  it('uses the VAT rate checkout uses, as set in the back office', async () => {
    const quote = await buyer.requested();
    const restoreVat = await setVatRate(ctx, 17.5);
    try {
      const view = await sent(quote.id, sendBody(quote, '3.33', { delivery: '6.95' }));
      // 5 x £3.33 = £16.65 + £6.95 = £23.60 net; 17.5 % is £4.13; £27.73.
      expect([view.vat, view.subtotal, view.vat_amount, view.total]).toEqual([
        17.5,
        '16.65',
        '4.13',
        '27.73',
      ]);
    } finally {
      await restoreVat();
    }
  });

  it('makes a revision version 2, showing the buyer what changed', async () => {
    const quote = await buyer.requested();
    const [tape, wrap] = quote.lines;
    await sent(
      quote.id,
      sendBody(quote, (line) => (line.id === tape!.id ? '11.25' : '22.50')),
    );
    const revised = await sent(
      quote.id,
      sendBody(quote, (line) => (line.id === tape!.id ? '11.25' : '20.00'), { expires_on: ukDayAfter(60) }),
    );
    expect(revised).toMatchObject({ status: 'sent', version: 2, expires_on: ukDayAfter(60), total: '99.00' });
    expect(revised.lines.map((line) => [line.id, line.price_per_pack, line.previous_price_per_pack])).toEqual(
      [
        [tape!.id, '11.25', null],
        [wrap!.id, '20.00', '22.50'],
      ],
    );
    expect(revised.versions.map((version) => [version.version, version.total])).toEqual([
      [1, '108.00'],
      [2, '99.00'],
    ]);
    const [mail] = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, buyer.email))
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    expect(mail!.subject).toBe(`Your revised quote ${quote.number} (version 2) from PackRight Supplies`);
    expect(mail!.attachments).toEqual([{ kind: 'quote', quote_id: quote.id, version: 2 }]);
  });

  it('numbers two sends at once one after the other (the quote’s row lock)', async () => {
    const quote = await buyer.requested();
    const answers = await Promise.all([
      send(quote.id, sendBody(quote, '1.00')),
      send(quote.id, sendBody(quote, '2.00')),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json<QuoteView>().version).sort()).toEqual([1, 2]);
    const view = (await staff.admin('GET', `quotes/${quote.id}/`)).json<QuoteView>();
    expect(view.versions.map((version) => version.version)).toEqual([1, 2]);
    expect((await traces(quote.id)).mails).toBeGreaterThanOrEqual(2);
  });

  it('refuses a send that misses, adds or repeats a line, or has a bad price or expiry, writing nothing', async () => {
    const quote = await buyer.requested();
    const other = await buyer.requested();
    const [tape, wrap] = quote.lines;
    const before = await traces(quote.id);
    const price = (id: number, price_per_pack: unknown = '10.00') => ({ id, price_per_pack });
    const valid = sendBody(quote);
    for (const [change, errors] of [
      [{ lines: [price(tape!.id)] }, { lines: [QUOTE_MESSAGES.linesMismatch] }],
      [
        { lines: [price(tape!.id), price(wrap!.id), price(other.lines[0]!.id)] },
        { lines: [QUOTE_MESSAGES.linesMismatch] },
      ],
      [{ lines: [price(tape!.id), price(tape!.id)] }, { lines: [QUOTE_MESSAGES.linesMismatch] }],
      [
        { lines: [price(tape!.id), price(wrap!.id), price(wrap!.id)] },
        { lines: [QUOTE_MESSAGES.linesMismatch] },
      ],
      [{ lines: [] }, { lines: [QUOTE_MESSAGES.linesMismatch] }],
      [
        { lines: [price(tape!.id, '-0.01'), price(wrap!.id)] },
        { 'lines.0.price_per_pack': [QUOTE_MESSAGES.priceRange] },
      ],
      [
        { lines: [price(tape!.id), price(wrap!.id, '100000.01')] },
        { 'lines.1.price_per_pack': [QUOTE_MESSAGES.priceRange] },
      ],
      [{ expires_on: ukDayAfter(-1) }, { expires_on: [QUOTE_MESSAGES.expiryPast] }],
      [{ expires_on: ukDayAfter(366) }, { expires_on: [QUOTE_MESSAGES.expiryTooFar] }],
      [
        { lines: [price(tape!.id)], expires_on: ukDayAfter(400) },
        { lines: [QUOTE_MESSAGES.linesMismatch], expires_on: [QUOTE_MESSAGES.expiryTooFar] },
      ],
      [{ discount_percentage: 100.01 }, { discount_percentage: [QUOTE_MESSAGES.discountRange] }],
      [{ discount_percentage: -1 }, { discount_percentage: [QUOTE_MESSAGES.discountRange] }],
      [{ delivery: '-1' }, { delivery: [QUOTE_MESSAGES.deliveryRange] }],
    ] as const) {
      const res = await send(quote.id, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual(errors);
    }
    // Hostile shapes: each a 400 naming its field, never a 5xx.
    for (const [change, field] of [
      [{ lines: 'all' }, 'lines'],
      [{ lines: [{ id: tape!.id, price_per_pack: '1e3' }, price(wrap!.id)] }, 'lines.0.price_per_pack'],
      [{ lines: [{ id: tape!.id, price_per_pack: '12.505' }, price(wrap!.id)] }, 'lines.0.price_per_pack'],
      [{ lines: [{ id: 0, price_per_pack: '1' }, price(wrap!.id)] }, 'lines.0.id'],
      [{ lines: [{ id: tape!.id, price_per_pack: '1', total: '1' }, price(wrap!.id)] }, 'lines.0'],
      [{ lines: Array.from({ length: 201 }, (_, n) => price(n + 1)) }, 'lines'],
      [{ expires_on: '2026-02-30' }, 'expires_on'],
      [{ expires_on: undefined }, 'expires_on'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ status: 'accepted' }, 'non_field_errors'],
    ] as const) {
      const res = await send(quote.id, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(change)).toContain(field);
    }
    expect(await traces(quote.id)).toEqual(before);
  });

  it('refuses to send a quote that is withdrawn, accepted or ordered', async () => {
    for (const status of ['withdrawn', 'accepted', 'ordered'] as const) {
      const quote = await buyer.requested();
      await ctx.database.db.update(quotes).set({ status }).where(eq(quotes.id, quote.id));
      const before = await traces(quote.id);
      const res = await send(quote.id, sendBody(quote));
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toEqual({ detail: QUOTE_MESSAGES.notSendable });
      expect(await traces(quote.id)).toEqual(before);
    }
  });
});

describe('POST /api/administration/quotes/{id}/withdraw/', () => {
  it('withdraws a quote not yet ordered, so it says why it cannot be accepted; refuses an ordered one', async () => {
    const quote = await buyer.requested();
    await sent(quote.id, sendBody(quote));
    const res = await staff.admin('POST', `quotes/${quote.id}/withdraw/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'withdrawn',
      can_accept: false,
      refusal: QUOTE_MESSAGES.withdrawn,
    });
    expect((await buyer.quote(quote.id)).json()).toMatchObject({ refusal: QUOTE_MESSAGES.withdrawn });
    expect(await latestAudit(ctx, 'quote', quote.id)).toMatchObject({
      action: 'quote.withdraw',
      before: { status: 'sent' },
      after: { status: 'withdrawn' },
    });
    // Again: nothing more happens.
    const audits = (await traces(quote.id)).audits;
    expect((await staff.admin('POST', `quotes/${quote.id}/withdraw/`)).statusCode).toBe(200);
    expect((await traces(quote.id)).audits).toBe(audits);

    const ordered = await buyer.requested();
    await ctx.database.db.update(quotes).set({ status: 'ordered' }).where(eq(quotes.id, ordered.id));
    const refused = await staff.admin('POST', `quotes/${ordered.id}/withdraw/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: QUOTE_MESSAGES.notWithdrawable });
    expect((await traces(ordered.id)).status).toBe('ordered');
  });
});
