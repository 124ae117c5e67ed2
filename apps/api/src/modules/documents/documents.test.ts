import type { AdminOrderDetail, OrderView } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { amountAfter, mimeAttachments, pdfText, rowAmount } from '../../../test/pdf-text';
import { startTestSmtp, type ReceivedMail } from '../../../test/smtp';
import { countingDb } from '../../../test/query-counter';
import { orders, outboundEmails } from '../../db/schema';
import { placedOrder, twoLineOrder } from '../../../test/support/administration-orders';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { newShopper } from '../../../test/support/carts';
import { createSmtpTransport, deliverDueEmails } from '../mail/sender';
import { checkoutShoppers, setPrice, setStock } from '../../../test/support/orders';
import { createDocumentsService } from './service';

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  owner = await staffMember(ctx, 'owner', 'documents-owner');
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const pence = (pounds: string) => Math.round(Number(pounds) * 100);
/** The text with its line breaks as spaces, for phrases a cell wraps. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

type Caller = Pick<Awaited<ReturnType<typeof newShopper>>, 'call'>;

/** A document as its buyer downloads it: the answer, its bytes and its text. */
async function download(caller: Caller, path: string) {
  const res = await caller.call('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { res, bytes: res.rawPayload, text: await pdfText(res.rawPayload) };
}

describe('the VAT invoice', () => {
  it('prints everything HMRC asks of a full VAT invoice, with totals that add up to the penny', async () => {
    const { buyer, order } = await twoLineOrder(ctx, 'invoiced');
    expect(order.invoice).toBe(`/api/orders/${order.id}/invoice.pdf`);
    expect(order.paid_receipt).toBe(`/api/orders/${order.id}/receipt.pdf`);
    expect(order.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(order.receipt_number).toMatch(/^RCT-\d{6}$/);
    expect(order.refund_receipt).toBeNull();

    const { res, bytes, text } = await download(buyer, order.invoice!);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.invoice_number}.pdf"`);
    // The seller, from the shop's invoice settings.
    expect(text).toContain('PackRight Supplies Ltd');
    expect(text).toContain('Unit 4, Meridian Business Park');
    expect(text).toContain('VAT registration number: GB123456782');
    expect(text).toContain('Company number: 01234567');
    // The number, the date and the time of supply.
    expect(text).toContain('VAT invoice');
    expect(text).toContain(`Invoice number: ${order.invoice_number}`);
    expect(text).toMatch(/Invoice date: \d{1,2} \w+ 20\d\d/);
    expect(text).toMatch(/Time of supply: \d{1,2} \w+ 20\d\d(,| at) \d\d:\d\d/);
    expect(text).toContain(`Order number: #${order.id}`);
    // The buyer's name and address.
    expect(text).toContain('Invoice to');
    expect(text).toContain(`${order.billing_address.first_name} ${order.billing_address.last_name}`);
    expect(text).toContain(order.billing_address.street);
    expect(text).toContain(order.billing_address.postal_code);
    // Each line: description, quantity, unit price excluding VAT, VAT rate and total.
    for (const line of order.items) {
      // A long description wraps in its cell; the figures print on the row's first line.
      expect(flat(text)).toContain(`${line.sku} ${line.title}`);
      expect(text).toContain(
        `${line.pack_quantity} packs £${line.price_per_pack} ${line.discount_percentage}% 20% £${line.total}`,
      );
    }
    // Totals: the lines and delivery make the net; net and VAT make the total; all as the order was paid.
    const net = amountAfter(text, 'Total excluding VAT');
    const vat = amountAfter(text, 'VAT at 20%');
    const gross = amountAfter(text, 'Total including VAT (GBP)');
    const linesNet = order.items.reduce((sum, line) => sum + pence(line.total), 0);
    expect(linesNet + rowAmount(text, 'Delivery')).toBe(net);
    expect(net + vat).toBe(gross);
    expect(vat).toBe(pence(order.vat_amount));
    expect(gross).toBe(pence(order.total));
    expect(text).toContain('All amounts in pounds sterling (GBP)');
    // The font is embedded (a TrueType subset), not one of the reader's own.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('gives the paid receipt its own number, referring to the invoice', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'receipted' });
    const { text } = await download(buyer, order.paid_receipt!);
    expect(text).toContain('Paid receipt');
    expect(text).toContain(`Receipt number: ${order.receipt_number}`);
    expect(text).toContain(`For invoice: ${order.invoice_number}`);
    expect(text).toContain(`This receipt confirms payment of invoice ${order.invoice_number}.`);
    expect(amountAfter(text, 'Total including VAT (GBP)')).toBe(pence(order.total));
  });

  it('keeps what was true when it was issued: later settings and prices never alter it', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'unchanged' });
    const before = (await download(buyer, order.invoice!)).text;
    const changed = await owner.admin('PUT', 'settings/invoice/', {
      legal_name: 'Renamed Packaging plc',
      address: { street: '1 New Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'United Kingdom' },
      vat_number: 'GB987654353',
      company_number: '09876543',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await setPrice(ctx, TAPE, 99_999);
    try {
      const after = (await download(buyer, order.invoice!)).text;
      expect(after).toBe(before);
      expect(after).toContain('GB123456782');
      expect(after).not.toContain('Renamed Packaging plc');
      // A new order's invoice prints the new details.
      const { buyer: next, order: later } = await placedOrder(ctx, { name: 'renamed' });
      const fresh = (await download(next, later.invoice!)).text;
      expect(fresh).toContain('Renamed Packaging plc');
      expect(fresh).toContain('VAT registration number: GB987654353');
    } finally {
      await owner.admin('PUT', 'settings/invoice/', {
        legal_name: 'PackRight Supplies Ltd',
        address: {
          street: 'Unit 4, Meridian Business Park',
          city: 'Leicester',
          postal_code: 'LE19 1WZ',
          country: 'United Kingdom',
        },
        vat_number: 'GB123456782',
        company_number: '01234567',
      });
    }
  });
});

describe('numbering', () => {
  it('gives twenty orders paid at once unbroken invoice and receipt numbers, none to the refused', async () => {
    const [latest] = await ctx.database.db
      .select({ invoice: orders.invoiceNumber })
      .from(orders)
      .orderBy(orders.invoiceNumber)
      .then((rows) => rows.slice(-1));
    const start = (latest?.invoice ?? 0) + 1;
    const buyers = await checkoutShoppers(ctx, 20, 'numbered');
    await setStock(ctx, TAPE, 100);
    const intents = await Promise.all(
      buyers.map(async (buyer) => {
        await buyer.addSku(TAPE, 1);
        return buyer.paidIntent();
      }),
    );
    // Twelve can be sold: eight payments are refused (and refunded) inside their transactions.
    await setStock(ctx, TAPE, 12);
    const answers = await Promise.all(buyers.map((buyer, i) => buyer.order(intents[i]!.payment_intent_id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array<number>(12).fill(201),
      ...Array<number>(8).fill(409),
    ]);
    const placed = answers.filter((res) => res.statusCode === 201).map((res) => res.json<OrderView>());
    const numbers = (field: 'invoice_number' | 'receipt_number') =>
      placed.map((order) => Number(order[field]!.slice(4))).sort((a, b) => a - b);
    const expected = Array.from({ length: 12 }, (_, i) => start + i);
    expect(numbers('invoice_number')).toEqual(expected);
    expect(numbers('receipt_number')).toEqual(expected);
    // The numbers follow the order the orders were made in.
    const rows = await ctx.database.db
      .select({ id: orders.id, invoice: orders.invoiceNumber })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.id),
        ),
      )
      .orderBy(orders.id);
    expect(rows.map((row) => row.invoice)).toEqual(expected);
  });
});

describe('credit notes', () => {
  it('issues a numbered credit note for each refund, against the invoice, with its VAT', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'credited' });
    for (const amount of [500, 120]) {
      const res = await owner.admin('POST', `orders/${order.id}/refunds/`, {
        amount_pence: amount,
        reason: 'Box arrived dented',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const view = (await buyer.call('GET', `/api/orders/${order.id}/`)).json<OrderView>();
    expect(view.refunds).toEqual([
      {
        n: 1,
        amount: '5.00',
        created_at: expect.any(String),
        credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
        credit_note: `/api/orders/${order.id}/refunds/1/credit-note.pdf`,
      },
      {
        n: 2,
        amount: '1.20',
        created_at: expect.any(String),
        credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
        credit_note: `/api/orders/${order.id}/refunds/2/credit-note.pdf`,
      },
    ]);
    const [first, second] = view.refunds!;
    expect(Number(second!.credit_note_number.slice(3))).toBe(Number(first!.credit_note_number.slice(3)) + 1);
    expect(view.refund_receipt).toBe(second!.credit_note);

    const { text } = await download(buyer, first!.credit_note);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note number: ${first!.credit_note_number}`);
    expect(text).toContain(`Against invoice: ${order.invoice_number}`);
    expect(text).toContain('VAT registration number: GB123456782');
    expect(text).toContain('Reason: Box arrived dented');
    // £5.00 including VAT at 20%: £4.17 and £0.83.
    expect(amountAfter(text, 'Credit excluding VAT')).toBe(417);
    expect(amountAfter(text, 'VAT at 20%')).toBe(83);
    expect(amountAfter(text, 'Total credit including VAT (GBP)')).toBe(500);
  });

  it('lists the lines of a refund by line', async () => {
    const { buyer, order } = await twoLineOrder(ctx, 'creditlines');
    const [tape] = order.items;
    const res = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      lines: [{ order_item_id: tape!.id, pack_quantity: 1 }],
      reason: 'Returned unopened',
    });
    expect(res.statusCode, res.body).toBe(201);
    const refunded = res.json<{ amount_pence: number }>().amount_pence;
    const { text } = await download(buyer, `/api/orders/${order.id}/refunds/1/credit-note.pdf`);
    const line = text.split('\n').find((row) => row.includes(tape!.sku))!;
    expect(flat(text)).toContain(`Refund: ${tape!.sku} ${tape!.title}`);
    expect(line).toContain('1 pack');
    expect(amountAfter(text, 'Total credit including VAT (GBP)')).toBe(refunded);
    expect(amountAfter(text, 'Credit excluding VAT') + amountAfter(text, 'VAT at 20%')).toBe(refunded);
  });
});

describe('documents of a test order', () => {
  const HEADING = 'TEST — not a VAT invoice';

  it('are headed “TEST — not a VAT invoice” above everything else, on every page', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'test-documents' });
    const refund = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 300,
      reason: 'Trying refunds on staging',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    for (const path of [
      order.invoice!,
      order.paid_receipt!,
      `/api/orders/${order.id}/refunds/1/credit-note.pdf`,
    ]) {
      const { text } = await download(buyer, path);
      // The first line a reader (or pdf.js) gets, before the seller and the document's own title.
      expect(text.trimStart().split('\n')[0]).toBe(HEADING);
      // Repeated at the foot of each page, so a printed page alone still says so.
      expect(text).toContain(`${HEADING} · `);
    }
  });

  it('are not marked on an order paid for real', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'real-documents' });
    // As an order paid through Stripe is written.
    await ctx.database.db.update(orders).set({ isTest: false }).where(eq(orders.id, order.id));
    const { text } = await download(buyer, order.invoice!);
    expect(text).not.toContain('TEST');
    expect(text.trimStart().split('\n')[0]).toBe('PackRight Supplies Ltd');
  });
});

describe('who may open a document', () => {
  it('answers 404 for another user’s order and for none, and 401 to a visitor', async () => {
    const { order } = await placedOrder(ctx, { name: 'owned' });
    const refund = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 100,
      reason: 'x',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const stranger = await newShopper(ctx, 'stranger');
    const paths = [
      `/api/orders/${order.id}/invoice.pdf`,
      `/api/orders/${order.id}/receipt.pdf`,
      `/api/orders/${order.id}/refunds/1/credit-note.pdf`,
      `/api/orders/${order.id}/`,
    ];
    for (const path of paths) {
      const res = await stranger.call('GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    for (const path of [
      '/api/orders/999999/invoice.pdf',
      `/api/orders/${order.id}/refunds/2/credit-note.pdf`,
    ]) {
      expect((await stranger.call('GET', path)).statusCode, path).toBe(404);
    }
    for (const path of [
      '/api/orders/0/invoice.pdf',
      '/api/orders/abc/receipt.pdf',
      `/api/orders/${order.id}/refunds/0/credit-note.pdf`,
      `/api/orders/${order.id}/refunds/1001/credit-note.pdf`,
      `/api/orders/${order.id}/refunds/99999999999999999999/credit-note.pdf`,
    ]) {
      const res = await stranger.call('GET', path);
      expect(res.statusCode, path).toBe(400);
    }
  });
});

describe('staff copies', () => {
  it('lets staff open any order’s documents in the back office, and no customer', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'copied' });
    const staff = await staffMember(ctx, 'staff', 'copier');
    const copy = await staff.admin('GET', `orders/${order.id}/invoice.pdf`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(await pdfText(copy.rawPayload)).toBe((await download(buyer, order.invoice!)).text);
    expect((await staff.admin('GET', `orders/${order.id}/receipt.pdf`)).statusCode).toBe(200);
    expect((await staff.admin('GET', `orders/${order.id}/refunds/1/credit-note.pdf`)).statusCode).toBe(404);
    const refunded = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 300,
      reason: 'x',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    // The back office's order names its own paths to the documents.
    const detail = (await staff.admin('GET', `orders/${order.id}/`)).json<AdminOrderDetail>();
    expect(detail.invoice).toBe(`/api/administration/orders/${order.id}/invoice.pdf`);
    expect(detail.paid_receipt).toBe(`/api/administration/orders/${order.id}/receipt.pdf`);
    const [refund] = detail.refunds;
    expect(refund).toMatchObject({
      credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
      credit_note: `/api/administration/orders/${order.id}/refunds/1/credit-note.pdf`,
    });
    expect(detail.refund_receipt).toBe(refund!.credit_note);
    const note = await staff.call('GET', refund!.credit_note!);
    expect(note.statusCode).toBe(200);
    expect(await pdfText(note.rawPayload)).toContain(`Credit note number: ${refund!.credit_note_number}`);
    const customer = await buyer.call('GET', `/api/administration/orders/${order.id}/invoice.pdf`);
    expect(customer.statusCode).toBe(403);
  });
});

describe('e-mails', () => {
  it('attaches the invoice and receipt to the confirmation and the credit note to the refund e-mail', async () => {
    const received: ReceivedMail[] = [];
    const smtp = await startTestSmtp((mail) => received.push(mail));
    try {
      const { buyer, order } = await placedOrder(ctx, { name: 'mailed' });
      const refund = await owner.admin('POST', `orders/${order.id}/refunds/`, {
        amount_pence: 250,
        reason: 'Late',
      });
      expect(refund.statusCode, refund.body).toBe(201);
      const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'shop@packright.example');
      // Earlier tests' messages are due too: deliver until this buyer's two have gone.
      while ((await deliverDueEmails(ctx.database.db, transport, { batchSize: 100 })).sent > 0);
      transport.close?.();
      const mine = received.filter((mail) => mail.to.includes(buyer.email));
      const carrying = (prefix: string) =>
        mine.find((mail) => mimeAttachments(mail.raw).some((file) => file.filename.startsWith(prefix)));
      const confirmation = carrying('INV-');
      const refundMail = carrying('CN-');
      expect(confirmation).toBeDefined();
      expect(refundMail).toBeDefined();

      const files = mimeAttachments(confirmation!.raw);
      expect(files.map((file) => file.filename)).toEqual([
        `${order.invoice_number}.pdf`,
        `${order.receipt_number}.pdf`,
      ]);
      const invoiceText = await pdfText(files[0]!.content);
      expect(invoiceText).toContain(`Invoice number: ${order.invoice_number}`);
      expect(amountAfter(invoiceText, 'Total including VAT (GBP)')).toBe(pence(order.total));
      // The attachment is the document the buyer downloads.
      expect(invoiceText).toBe((await download(buyer, order.invoice!)).text);

      const [note] = mimeAttachments(refundMail!.raw);
      expect(note!.filename).toMatch(/^CN-\d{6}\.pdf$/);
      expect(amountAfter(await pdfText(note!.content), 'Total credit including VAT (GBP)')).toBe(250);
      const stored = await ctx.database.db
        .select({ attachments: outboundEmails.attachments })
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, buyer.email));
      expect(stored.map((row) => row.attachments)).toEqual(
        expect.arrayContaining([
          [
            { kind: 'invoice', order_id: order.id },
            { kind: 'receipt', order_id: order.id },
          ],
          [{ kind: 'credit_note', order_id: order.id, refund_id: expect.any(Number) }],
        ]),
      );
    } finally {
      await smtp.close();
    }
  });
});

describe('statements', () => {
  it('reads a document in one statement', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'counted' });
    const counter = countingDb(ctx.database);
    const documents = createDocumentsService(counter.db);
    const invoice = await documents.sale(order.id, buyer.userId, 'invoice');
    expect(invoice.filename).toBe(`${order.invoice_number}.pdf`);
    expect(counter.sql).toHaveLength(1);
  });
});

describe('drawn documents a process keeps', () => {
  /** Sets orders' invoice numbers one at a time, as a restored backup and later orders could leave them. */
  async function setInvoiceNumbers(numbers: Array<[orderId: number, invoice: number | null]>) {
    for (const [orderId, invoice] of numbers) {
      await ctx.database.db.update(orders).set({ invoiceNumber: invoice }).where(eq(orders.id, orderId));
    }
  }

  it('gives each order its own PDF when its number was another order’s before a restore', async () => {
    const first = await placedOrder(ctx, { name: 'restored-first' });
    const second = await placedOrder(ctx, { name: 'restored-second' });
    const drawn = await download(first.buyer, first.order.invoice!);
    expect(drawn.text).toContain(`Order number: #${first.order.id}`);
    // The database goes back to a backup and the counter gives the same number to another order.
    const [one, two] = [first, second].map(({ order }) => Number(order.invoice_number!.slice(4)));
    await setInvoiceNumbers([
      [first.order.id, null],
      [second.order.id, one!],
      [first.order.id, two!],
    ]);
    const { text } = await download(second.buyer, second.order.invoice!);
    expect(text).toContain(`Invoice number: ${first.order.invoice_number}`);
    expect(text).toContain(`Order number: #${second.order.id}`);
    expect(text).not.toContain(`Order number: #${first.order.id}`);
    expect(text).toContain(second.order.billing_address.street);
    const again = await download(first.buyer, first.order.invoice!);
    expect(again.text).toContain(`Invoice number: ${second.order.invoice_number}`);
    expect(again.text).toContain(`Order number: #${first.order.id}`);
  });

  it('draws again a document of the same order and number issued at another time', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'reissued' });
    const before = await download(buyer, order.invoice!);
    // A restore can give the same order id and number to an order placed at another time.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-01-15T10:30:00Z') })
      .where(eq(orders.id, order.id));
    const after = await download(buyer, order.invoice!);
    expect(after.text).toContain('Invoice date: 15 January 2026');
    expect(after.text).not.toBe(before.text);
  });
});
