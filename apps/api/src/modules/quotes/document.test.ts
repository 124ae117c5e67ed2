import { formatUkDay, type QuoteView } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { amountAfter, mimeAttachments, pdfText, penceOf } from '../../../test/pdf-text';
import { startTestSmtp, type ReceivedMail } from '../../../test/smtp';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { setPrice } from '../../../test/support/orders';
import { quoteBuyer, sendBody, setVatRate, ukDayAfter, type QuoteBuyer } from '../../../test/support/quotes';
import { createSmtpTransport, deliverDueEmails } from '../mail/sender';

let ctx: TestContext;
let staff: StaffMember;
let buyer: QuoteBuyer;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'quote-documents');
  buyer = await quoteBuyer(ctx, 'documented');
});
afterAll(() => ctx.close());

const pence = (decimal: string | null) => penceOf(`£${decimal}`);

async function download(url: string, as: { call: QuoteBuyer['call'] } = buyer) {
  const res = await as.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { res, text: await pdfText(res.rawPayload) };
}

async function sentQuote(body: (quote: QuoteView) => object): Promise<QuoteView> {
  const quote = await buyer.requested();
  const res = await staff.admin('POST', `quotes/${quote.id}/send/`, body(quote));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteView>();
}

/** The figures of a line's row: the row starting with its SKU, with its packs, price a pack and total. */
function rowOf(text: string, sku: string) {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.startsWith(sku));
  if (first < 0) throw new Error(`no row for ${sku} in:\n${text}`);
  // pdf.js reads a description that wraps in its cell before the row's figures: the row ends at its amounts.
  const end = lines.findIndex((line, index) => index >= first && line.includes('£'));
  const row = lines.slice(first, end + 1).join(' ');
  const amounts = [...row.matchAll(/£[\d,]+\.\d\d/g)].map((match) => penceOf(match[0]));
  return { row, price: amounts.at(-2)!, total: amounts.at(-1)! };
}

describe('the quote PDF', () => {
  it('prints the lines, prices, delivery, VAT, total and expiry of the version, equal to the quote', async () => {
    const quote = await sentQuote((request) =>
      sendBody(request, (line) => (line.sku === 'TD-PRO-75' ? '12.50' : '25.00'), {
        discount_percentage: 10,
        delivery: '45.00',
        expires_on: ukDayAfter(21),
        message: 'Price held for the first two pallets.',
      }),
    );
    const { res, text } = await download(`/api/quotes/${quote.id}/quote.pdf`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${quote.number}-v1.pdf"`);

    expect(text).toContain('Quotation');
    expect(text).toContain(`Quote number: ${quote.number}`);
    expect(text).toContain('Version: 1');
    expect(text).toContain(`Valid until: ${formatUkDay(quote.expires_on!)}`);
    expect(text).toContain(`Prices fixed until ${formatUkDay(quote.expires_on!)}.`);
    expect(text).toContain('Price held for the first two pallets.');
    expect(text).toContain(buyer.email);
    for (const line of quote.lines) {
      const row = rowOf(text, line.sku);
      expect(row.row).toContain(line.title);
      expect(row.price).toBe(pence(line.price_per_pack));
      expect(row.total).toBe(pence(line.total));
    }
    expect(amountAfter(text, 'Goods excluding VAT')).toBe(pence(quote.subtotal));
    expect(amountAfter(text, 'Delivery excluding VAT')).toBe(pence(quote.delivery));
    expect(amountAfter(text, 'Total excluding VAT')).toBe(pence(quote.subtotal) + pence(quote.delivery));
    expect(text).toContain(`VAT at ${quote.vat}%`);
    expect(amountAfter(text, `VAT at ${quote.vat}%`)).toBe(pence(quote.vat_amount));
    expect(amountAfter(text, 'Total including VAT (GBP)')).toBe(pence(quote.total));
    expect(pence(quote.total)).toBe(16_200);

    // Staff's copy is the same document; another buyer's request for it is not found.
    const copy = await download(`/api/administration/quotes/${quote.id}/quote.pdf`, staff);
    expect(copy.text).toBe(text);
    const other = await quoteBuyer(ctx, 'not-documented');
    expect((await other.call('GET', `/api/quotes/${quote.id}/quote.pdf`)).statusCode).toBe(404);
  });

  it('draws each version from its own stored figures, whatever the catalogue and VAT rate say later', async () => {
    const quote = await sentQuote((request) => sendBody(request, '10.00'));
    const revised = await staff.admin('POST', `quotes/${quote.id}/send/`, sendBody(quote, '9.00'));
    expect(revised.statusCode, revised.body).toBe(200);
    const restorePrice = await setPrice(ctx, 'TD-PRO-75', 99_99);
    const restoreVat = await setVatRate(ctx, 5);
    try {
      const first = await download(`/api/quotes/${quote.id}/quote.pdf?version=1`);
      expect(first.res.headers['content-disposition']).toContain(`${quote.number}-v1.pdf`);
      // 5 packs at £10 with 20 % VAT, as version 1 was sent.
      expect(amountAfter(first.text, 'Total including VAT (GBP)')).toBe(6000);
      expect(first.text).toContain('VAT at 20%');
      const latest = await download(`/api/quotes/${quote.id}/quote.pdf`);
      expect(latest.text).toContain('Version: 2');
      expect(amountAfter(latest.text, 'Total including VAT (GBP)')).toBe(5400);
      expect((await buyer.call('GET', `/api/quotes/${quote.id}/quote.pdf?version=3`)).statusCode).toBe(404);
    } finally {
      await restorePrice();
      await restoreVat();
    }
  });
});

describe('the quote e-mail', () => {
  it('carries the version’s PDF through real SMTP, the document the buyer downloads', async () => {
    const received: ReceivedMail[] = [];
    const smtp = await startTestSmtp((mail) => received.push(mail));
    try {
      const quote = await sentQuote((request) => sendBody(request, '7.77', { delivery: '6.95' }));
      const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'shop@packright.example');
      // Earlier tests' messages are due too: deliver until none are left.
      while ((await deliverDueEmails(ctx.database.db, transport, { batchSize: 100 })).sent > 0);
      transport.close?.();
      const mail = received.find(
        (message) => message.to.includes(buyer.email) && message.raw.includes(`Your quote ${quote.number}`),
      );
      expect(mail).toBeDefined();
      const files = mimeAttachments(mail!.raw);
      expect(files.map((file) => file.filename)).toEqual([`${quote.number}-v1.pdf`]);
      const text = await pdfText(files[0]!.content);
      expect(amountAfter(text, 'Total including VAT (GBP)')).toBe(pence(quote.total));
      expect(text).toBe((await download(`/api/quotes/${quote.id}/quote.pdf`)).text);
      // The shop's inbox heard of the request.
      expect(received.some((message) => message.raw.includes(`Request for quote ${quote.number}`))).toBe(
        true,
      );
    } finally {
      await smtp.close();
    }
  });
});
