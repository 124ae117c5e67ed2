import { QUOTE_LIMITS, QUOTE_MESSAGES, QuoteRowSchema, QuoteViewSchema, type QuoteView } from '@shop/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { itemBySku, newShopper } from '../../../test/support/carts';
import { applyForCompany } from '../../../test/support/companies';
import { FILES, quoteBuyer, sendBody, withQuoteCalls, type QuoteBuyer } from '../../../test/support/quotes';
import { carts, outboundEmails, quoteAttachments, quoteLines, quotes } from '../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../db/seed/shop-settings';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'quotes-staff');
});
afterAll(() => ctx.close());

/** How many quotes, lines and files the database holds (to prove a refusal wrote nothing). */
async function stored() {
  const db = ctx.database.db;
  const [[q], [l], [a]] = await Promise.all([
    db.select({ n: count() }).from(quotes),
    db.select({ n: count() }).from(quoteLines),
    db.select({ n: count() }).from(quoteAttachments),
  ]);
  return { quotes: q!.n, lines: l!.n, attachments: a!.n };
}

async function requestedBy(buyer: QuoteBuyer): Promise<QuoteView> {
  const quote = await buyer.requested();
  return QuoteViewSchema.parse(quote);
}

describe('POST /api/quotes/', () => {
  it('copies the cart at the prices it charges the buyer now, keeps the cart as it was, and tells the shop', async () => {
    const buyer = await quoteBuyer(ctx, 'request');
    const tape = await itemBySku(ctx, 'TD-PRO-75');
    await buyer.discount(tape.id, 10);
    const cartBefore = await buyer.cart();
    const linesBefore = await buyer.lines();

    const res = await buyer.request({ cart_id: buyer.cartId, note: '  Printed with our logo  ' });
    expect(res.statusCode, res.body).toBe(201);
    const quote = QuoteViewSchema.parse(res.json());
    expect(quote).toMatchObject({
      number: `Q-${String(quote.id).padStart(6, '0')}`,
      status: 'requested',
      can_accept: false,
      refusal: QUOTE_MESSAGES.notSent,
      note: 'Printed with our logo',
      customer: { id: buyer.userId, name: 'Ann Lee', email: buyer.email, company: null },
      version: 0,
      expires_on: null,
      delivery: null,
      subtotal: null,
      vat: DEFAULT_SHOP_SETTINGS.vat_rate,
      vat_amount: null,
      total: null,
      message: '',
      versions: [],
      attachments: [],
      accepted_version: null,
      cart_id: null,
      order_id: null,
    });
    // £15.95 less 10 % (£1.595, rounded half-up to £1.60) is £14.35 a pack; the wrap has no discount.
    expect(quote.lines).toEqual([
      {
        id: expect.any(Number),
        item: tape.id,
        sku: 'TD-PRO-75',
        title: 'Heavy Duty Tape Gun for 75mm Tape',
        packs: 2,
        unit_type: 'pack',
        units_per_pack: 1,
        list_price_per_pack: '14.35',
        price_per_pack: null,
        previous_price_per_pack: null,
        total: null,
      },
      expect.objectContaining({ sku: 'PW-HAND-400-CL', packs: 3, list_price_per_pack: '29.94' }),
    ]);
    expect(cartBefore.items.map((line) => line.price_per_pack)).toEqual(['15.95', '29.94']);

    expect(await buyer.cart()).toEqual(cartBefore);
    expect(await buyer.lines()).toEqual(linesBefore);
    const [notice] = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, `Request for quote ${quote.number}`));
    expect(notice!.toAddress).toBe(DEFAULT_SHOP_SETTINGS.contact.email);
    expect(notice!.textBody).toContain(`Customer account: ${buyer.userId}`);
    expect(notice!.textBody).toContain('TD-PRO-75 x 2 packs');
    // Neither the buyer's address nor their note: an erasure leaves no copy of them in the outbox.
    expect(notice!.textBody).not.toContain(buyer.email);
    expect(notice!.textBody).not.toContain('logo');
  });

  it('names the buyer’s company when they belong to one', async () => {
    const buyer = await quoteBuyer(ctx, 'company-quote');
    await applyForCompany(ctx, buyer.token);
    const quote = await requestedBy(buyer);
    expect(quote.customer.company).toBe('Boxes');
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.companyId).not.toBeNull();
  });

  it('refuses an empty cart, a quote’s own cart and someone else’s cart, writing nothing', async () => {
    const empty = withQuoteCalls(ctx, await newShopper(ctx, 'empty'));
    const other = await quoteBuyer(ctx, 'other');
    const before = await stored();

    const refused = await empty.request({ cart_id: empty.cartId, note: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: QUOTE_MESSAGES.emptyCart });

    const someoneElses = await empty.request({ cart_id: other.cartId });
    expect(someoneElses.statusCode).toBe(404);
    expect((await other.request({ cart_id: 2_147_483_647 })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);

    // A quote's own cart (as acceptance makes it) is not asked about again.
    const quote = await requestedBy(other);
    const [quoteCart] = await ctx.database.db
      .insert(carts)
      .values({ userId: other.userId, quoteId: quote.id })
      .returning({ id: carts.id });
    const afterQuote = await stored();
    const again = await other.request({ cart_id: quoteCart!.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: QUOTE_MESSAGES.quoteCart });
    expect(await stored()).toEqual(afterQuote);
  });

  it('answers hostile bodies with field errors and writes nothing', async () => {
    const buyer = await quoteBuyer(ctx, 'hostile');
    const before = await stored();
    for (const [body, field] of [
      [{}, 'cart_id'],
      [{ cart_id: String(buyer.cartId) }, 'cart_id'],
      [{ cart_id: -1 }, 'cart_id'],
      [{ cart_id: 1.5 }, 'cart_id'],
      [{ cart_id: 2 ** 31 }, 'cart_id'],
      [{ cart_id: buyer.cartId, note: 'x'.repeat(QUOTE_LIMITS.noteLength + 1) }, 'note'],
      [{ cart_id: buyer.cartId, note: ['a'] }, 'note'],
      [{ cart_id: buyer.cartId, status: 'sent' }, 'non_field_errors'],
      [{ cart_id: buyer.cartId, company_id: 1 }, 'non_field_errors'],
    ] as const) {
      const res = await buyer.request(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    const nul = await buyer.request({ cart_id: buyer.cartId, note: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      payload: '{"cart_id":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });
});

describe('reading quotes', () => {
  it('lists the caller’s own quotes, newest first and paged, and opens only theirs', async () => {
    const buyer = await quoteBuyer(ctx, 'lister');
    const other = await quoteBuyer(ctx, 'lister-other');
    const first = await requestedBy(buyer);
    const second = await requestedBy(buyer);
    const theirs = await requestedBy(other);

    const page = await buyer.call('GET', '/api/quotes/?page_size=1');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ count: number; next: string | null; results: unknown[] }>();
    expect(body.count).toBe(2);
    expect(body.next).toBe('/api/quotes/?page_size=1&page=2');
    const [row] = body.results.map((result) => QuoteRowSchema.parse(result));
    expect(row).toEqual({
      id: second.id,
      number: second.number,
      status: 'requested',
      can_accept: false,
      refusal: QUOTE_MESSAGES.notSent,
      created_at: second.created_at,
      customer: second.customer,
      lines: 2,
      version: 0,
      expires_on: null,
      total: null,
    });
    const all = (await buyer.call('GET', '/api/quotes/')).json<{ results: { id: number }[] }>();
    expect(all.results.map((result) => result.id)).toEqual([second.id, first.id]);

    const own = await buyer.quote(first.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(first);
    expect((await buyer.quote(theirs.id)).statusCode).toBe(404);
    expect((await buyer.call('GET', `/api/quotes/${theirs.id}/quote.pdf`)).statusCode).toBe(404);
    // Not priced yet: no document.
    expect((await buyer.call('GET', `/api/quotes/${first.id}/quote.pdf`)).statusCode).toBe(404);
    for (const url of ['/api/quotes/0/', '/api/quotes/abc/', '/api/quotes/?page=0', '/api/quotes/?x=1']) {
      expect((await buyer.call('GET', url)).statusCode, url).toBe(400);
    }
    expect((await buyer.call('GET', `/api/quotes/${first.id}/quote.pdf?version=x`)).statusCode).toBe(400);
  });

  it('answers a visitor 401 on every buyer call', async () => {
    const buyer = await quoteBuyer(ctx, 'visitor-target');
    const quote = await requestedBy(buyer);
    for (const [method, url] of [
      ['POST', '/api/quotes/'],
      ['GET', '/api/quotes/'],
      ['GET', `/api/quotes/${quote.id}/`],
      ['GET', `/api/quotes/${quote.id}/quote.pdf`],
      ['POST', `/api/quotes/${quote.id}/attachments/`],
      ['GET', `/api/quotes/${quote.id}/attachments/1/`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { cart_id: buyer.cartId } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('attachments', () => {
  it('keeps a PDF, PNG or JPEG and lets the buyer and staff download it as what it is', async () => {
    const buyer = await quoteBuyer(ctx, 'artwork');
    const other = await quoteBuyer(ctx, 'artwork-other');
    const quote = await requestedBy(buyer);

    const pdf = await buyer.upload(quote.id, FILES.pdf, 'application/pdf', 'Spec sheet.pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toEqual({
      id: expect.any(Number),
      filename: 'Spec sheet.pdf',
      content_type: 'application/pdf',
      size: FILES.pdf.length,
    });
    const png = await buyer.upload(quote.id, FILES.png, 'image/png; charset=binary', 'C:\\art\\logo.PNG');
    expect(png.json()).toMatchObject({ filename: 'logo.PNG', content_type: 'image/png' });
    // A name with another extension gets its type's, so it opens as what it is.
    const jpeg = await buyer.upload(quote.id, FILES.jpeg, 'image/jpeg', 'logo.exe');
    expect(jpeg.json()).toMatchObject({ filename: 'logo.exe.jpg', content_type: 'image/jpeg' });
    const unnamed = await buyer.upload(quote.id, FILES.pdf, 'application/pdf');
    expect(unnamed.json()).toMatchObject({ filename: 'attachment.pdf' });

    const view = (await buyer.quote(quote.id)).json<QuoteView>();
    expect(view.attachments.map((file) => file.filename)).toEqual([
      'Spec sheet.pdf',
      'logo.PNG',
      'logo.exe.jpg',
      'attachment.pdf',
    ]);

    const id = pdf.json<{ id: number }>().id;
    const download = await buyer.call('GET', `/api/quotes/${quote.id}/attachments/${id}/`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Spec sheet.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const copy = await staff.admin('GET', `quotes/${quote.id}/attachments/${id}/`);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(copy.headers['x-content-type-options']).toBe('nosniff');

    // Someone else's quote, or a file of another quote under this one's path, is not found.
    expect((await other.call('GET', `/api/quotes/${quote.id}/attachments/${id}/`)).statusCode).toBe(404);
    const theirs = await requestedBy(other);
    expect((await other.call('GET', `/api/quotes/${theirs.id}/attachments/${id}/`)).statusCode).toBe(404);
    expect((await staff.admin('GET', `quotes/${theirs.id}/attachments/${id}/`)).statusCode).toBe(404);
    const before = await stored();
    expect((await other.upload(quote.id, FILES.pdf, 'application/pdf')).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    const customer = await other.call('GET', `/api/administration/quotes/${quote.id}/attachments/${id}/`);
    expect(customer.statusCode).toBe(403);
  });

  it('refuses what is not a PDF, PNG or JPEG by its type and first bytes, with 415', async () => {
    const buyer = await quoteBuyer(ctx, 'not-artwork');
    const quote = await requestedBy(buyer);
    const before = await stored();
    for (const [bytes, type, name] of [
      [FILES.text, 'text/plain', 'brief.txt'],
      [FILES.text, 'application/pdf', 'brief.pdf'],
      [FILES.exe, 'image/png', 'logo.png'],
      [FILES.exe, 'application/octet-stream', 'setup.exe'],
      [FILES.png, 'application/pdf', 'logo.pdf'],
      [FILES.pdf, 'image/svg+xml', 'logo.svg'],
      [FILES.pdf, 'application/json', 'x.json'],
      [Buffer.alloc(0), 'application/pdf', 'empty.pdf'],
    ] as const) {
      const res = await buyer.upload(quote.id, bytes, type, name);
      expect(res.statusCode, `${type} ${name}`).toBe(415);
      expect(res.json()).toEqual({ detail: QUOTE_MESSAGES.attachmentType });
    }
    const untyped = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/attachments/`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: FILES.pdf,
    });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json()).toEqual({ detail: QUOTE_MESSAGES.attachmentType });
    expect(await stored()).toEqual(before);
  });

  it('refuses names with C1 controls or text-direction marks, and encodes the download’s filename* per RFC 5987', async () => {
    const buyer = await quoteBuyer(ctx, 'artwork-names');
    const quote = await requestedBy(buyer);
    const before = await stored();
    for (const name of [
      'invoice\u0085.pdf',
      'a\u009fb.pdf',
      // "gpj.pdf" shown as "fdp.jpg": a right-to-left override, and the other direction marks and isolates.
      'logo\u202Egpj.pdf',
      'a\u202Ab.pdf',
      'a\u2066b.pdf',
      'a\u2069b.pdf',
      'a\u200Eb.pdf',
      'a\u200Fb.pdf',
    ]) {
      const res = await buyer.upload(quote.id, FILES.pdf, 'application/pdf', name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ filename: [QUOTE_MESSAGES.filenameCharacters] });
    }
    expect(await stored()).toEqual(before);

    const named = "Café plan's (final) *v2*.pdf";
    const upload = await buyer.upload(quote.id, FILES.pdf, 'application/pdf', named);
    expect(upload.statusCode, upload.body).toBe(201);
    const download = await buyer.call(
      'GET',
      `/api/quotes/${quote.id}/attachments/${upload.json<{ id: number }>().id}/`,
    );
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ plan's (final) *v2*.pdf"; ` +
        `filename*=UTF-8''Caf%C3%A9%20plan%27s%20%28final%29%20%2Av2%2A.pdf`,
    );
  });

  it('answers a file over 10 MB with 413, and a bad name or quote id with 400', async () => {
    const buyer = await quoteBuyer(ctx, 'large-artwork');
    const quote = await requestedBy(buyer);
    const before = await stored();
    const large = Buffer.concat([FILES.pdf, Buffer.alloc(QUOTE_LIMITS.attachmentBytes)]);
    const res = await buyer.upload(quote.id, large, 'application/pdf', 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: QUOTE_MESSAGES.attachmentTooLarge });
    // Exactly 10 MB is taken.
    const most = Buffer.concat([FILES.pdf, Buffer.alloc(QUOTE_LIMITS.attachmentBytes - FILES.pdf.length)]);
    expect((await buyer.upload(quote.id, most, 'application/pdf', 'most.pdf')).statusCode).toBe(201);
    await ctx.database.db.delete(quoteAttachments).where(eq(quoteAttachments.quoteId, quote.id));

    const badName = await buyer.upload(quote.id, FILES.pdf, 'application/pdf', 'a\r\nb.pdf');
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({ filename: [QUOTE_MESSAGES.filenameCharacters] });
    expect((await buyer.upload(quote.id, FILES.pdf, 'application/pdf', 'x'.repeat(121))).statusCode).toBe(
      400,
    );
    const badId = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/1e3/attachments/',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/pdf' },
      payload: FILES.pdf,
    });
    expect(badId.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('takes five files a request, and none once the quote is sent', async () => {
    const buyer = await quoteBuyer(ctx, 'five-files');
    const quote = await requestedBy(buyer);
    const uploads = await Promise.all(
      Array.from({ length: QUOTE_LIMITS.attachmentsPerQuote + 2 }, (_, n) =>
        buyer.upload(quote.id, FILES.png, 'image/png', `page-${n}.png`),
      ),
    );
    // Uploads at once are counted one after the other (the quote's row lock): five in, the rest refused.
    expect(uploads.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 400, 400]);
    const refused = uploads.find((res) => res.statusCode === 400)!;
    expect(refused.json()).toEqual({ detail: QUOTE_MESSAGES.tooManyAttachments });

    const other = await quoteBuyer(ctx, 'sent-files');
    const sentQuote = await requestedBy(other);
    const sent = await staff.admin('POST', `quotes/${sentQuote.id}/send/`, sendBody(sentQuote));
    expect(sent.statusCode, sent.body).toBe(200);
    const closed = await other.upload(sentQuote.id, FILES.pdf, 'application/pdf', 'late.pdf');
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ detail: QUOTE_MESSAGES.attachmentsClosed });
    expect((await other.quote(sentQuote.id)).json<QuoteView>().attachments).toEqual([]);
  });
});
