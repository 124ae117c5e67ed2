import { documentNumber, splitGross, type VatReturnView } from '@shop/domain';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { countingDb } from '../../../../test/query-counter';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { placedOrder, refundsOf } from '../../../../test/support/administration-orders';
import { onAccountOrder } from '../../../../test/support/on-account-orders';
import { companies, orders, paymentsReceived, refunds } from '../../../db/schema';
import { BookkeepingService } from './service';

// For the bookkeeper: a generated quarter (2025-Q3, in BST at both ends) of card and on-account orders
// with full and part credit notes, some just inside and just outside it; the VAT return's boxes against the
// documents, and the accounts exports read back.

let ctx: TestContext;
let staff: StaffMember;

const pence = (pounds: string) => Math.round(Number(pounds) * 100);

interface Made {
  orderId: number;
  invoiceNumber: number;
  totalPence: number;
  vatPence: number;
  vatRate: number;
  shippingPence: number;
}

const orderRow = async (orderId: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** Dates an order's invoice at an instant, and makes it a real (not test-processor) sale unless told. */
async function dated(orderId: number, at: string, isTest = false): Promise<Made> {
  await ctx.database.db
    .update(orders)
    .set({ createdAt: new Date(at), isTest })
    .where(eq(orders.id, orderId));
  const row = await orderRow(orderId);
  return {
    orderId,
    invoiceNumber: row.invoiceNumber!,
    totalPence: row.totalPence,
    vatPence: row.vatPence,
    vatRate: Number(row.vatRate),
    shippingPence: row.shippingPence,
  };
}

/** Refunds through the staff route, then dates the credit note's issue. */
async function credited(orderId: number, body: object, issuedAt: string) {
  const res = await staff.admin('POST', `orders/${orderId}/refunds/`, { reason: 'Damaged', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const all = await refundsOf(ctx, orderId);
  const refund = all[all.length - 1]!;
  expect(refund.creditNoteNumber).not.toBeNull();
  await ctx.database.db
    .update(refunds)
    .set({ issuedAt: new Date(issuedAt) })
    .where(eq(refunds.id, refund.id));
  return { number: refund.creditNoteNumber!, amountPence: refund.amountPence, orderId };
}

let inQuarter: { invoices: Made[]; notes: Awaited<ReturnType<typeof credited>>[] };
let outside: { invoices: Made[]; notes: Awaited<ReturnType<typeof credited>>[] };
let formulaCompanyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'bookkeeper');

  const onAccount1 = await onAccountOrder(ctx, {
    name: 'vat-a',
    purchaseOrderNumber: '=HYPERLINK("http://x")',
  });
  const onAccount2 = await onAccountOrder(ctx, { name: 'vat-b', purchaseOrderNumber: 'PO-22' });
  const onAccountLate = await onAccountOrder(ctx, { name: 'vat-c' });
  const card1 = await placedOrder(ctx, { name: 'vat-card1', packs: 3 });
  const card2 = await placedOrder(ctx, { name: 'vat-card2' });
  const testCard = await placedOrder(ctx, { name: 'vat-test' });
  formulaCompanyId = onAccount2.company.id;
  await ctx.database.db
    .update(companies)
    .set({ legalName: '+SUM(1)' })
    .where(eq(companies.id, onAccount2.company.id));

  // Credit notes first (card refunds go through the test processor), then the dates.
  const partOnAccount = await credited(onAccount1.order.id, { amount_pence: 1234 }, '2025-08-15T10:00:00Z');
  const fullOnAccount = await credited(
    onAccount2.order.id,
    { amount_pence: onAccount2.totalPence },
    // 23:30 UK time (BST) on the quarter's last day: still 2025-Q3.
    '2025-09-30T22:30:00Z',
  );
  const partCard = await credited(card1.order.id, { amount_pence: 777 }, '2025-07-01T00:30:00+01:00');
  // 00:30 UK time on 1 October: 2025-Q4.
  const lateNote = await credited(card2.order.id, { amount_pence: 500 }, '2025-09-30T23:30:00Z');
  const testNote = await credited(testCard.order.id, { amount_pence: 100 }, '2025-08-01T12:00:00Z');
  void testNote;

  inQuarter = {
    invoices: [
      // 00:30 BST on 1 July is 23:30 UTC on 30 June: in 2025-Q3.
      await dated(onAccount1.order.id, '2025-06-30T23:30:00Z'),
      await dated(onAccount2.order.id, '2025-08-02T09:00:00Z'),
      await dated(card1.order.id, '2025-09-30T22:30:00Z'),
    ],
    notes: [partOnAccount, fullOnAccount, partCard],
  };
  outside = {
    invoices: [
      // 22:30 UTC on 30 June is 23:30 BST: still 2025-Q2.
      await dated(onAccountLate.order.id, '2025-06-30T22:30:00Z'),
      await dated(card2.order.id, '2025-09-30T23:30:00Z'),
    ],
    notes: [lateNote],
  };
  // Paid through the test processor: not a VAT invoice, in the quarter or not.
  await dated(testCard.order.id, '2025-08-01T10:00:00Z', true);
}, 120_000);
afterAll(() => ctx.close());

async function vatReturn(quarter: string): Promise<VatReturnView> {
  const res = await staff.admin('GET', `vat-return/?quarter=${quarter}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VatReturnView>();
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const box = (view: VatReturnView, n: number) => view.boxes.find((b) => b.box === n)!.value;

describe('the VAT return', () => {
  it('lists exactly the quarter’s VAT invoices and credit notes, and each box is their sum to the penny', async () => {
    const view = await vatReturn('2025-Q3');
    expect(view).toMatchObject({ quarter: '2025-Q3', from: '2025-07-01', to: '2025-09-30' });
    const listed = view.documents.map((d) => `${d.kind} ${d.number}`).sort();
    expect(listed).toEqual(
      [
        ...inQuarter.invoices.map((i) => `invoice ${i.invoiceNumber}`),
        ...inQuarter.notes.map((n) => `credit_note ${n.number}`),
      ].sort(),
    );

    // Each document's figures from the records: an invoice's VAT as charged, a credit note's split as printed.
    const rateOf = new Map(inQuarter.invoices.map((i) => [i.orderId, i.vatRate]));
    const expectedVat =
      sum(inQuarter.invoices.map((i) => i.vatPence)) -
      sum(inQuarter.notes.map((n) => splitGross(n.amountPence, rateOf.get(n.orderId)!).vat_pence));
    const expectedNet =
      sum(inQuarter.invoices.map((i) => i.totalPence - i.vatPence)) -
      sum(inQuarter.notes.map((n) => splitGross(n.amountPence, rateOf.get(n.orderId)!).net_pence));
    expect(pence(box(view, 1)!)).toBe(expectedVat);
    expect(pence(box(view, 6)!)).toBe(expectedNet);
    // And the boxes equal the listed documents' sums.
    expect(pence(box(view, 1)!)).toBe(sum(view.documents.map((d) => pence(d.vat))));
    expect(pence(box(view, 6)!)).toBe(sum(view.documents.map((d) => pence(d.net))));
    for (const d of view.documents) expect(pence(d.net) + pence(d.vat)).toBe(pence(d.gross));
    expect(view.documents.filter((d) => d.kind === 'credit_note').every((d) => pence(d.gross) < 0)).toBe(
      true,
    );

    expect(box(view, 2)).toBe('0.00');
    expect(box(view, 3)).toBe(box(view, 1));
    for (const n of [4, 5, 7]) expect(box(view, n)).toBeNull();
    expect(box(view, 8)).toBe('0.00');
    expect(box(view, 9)).toBe('0.00');
    expect(view.boxes[0]!.label).toBe('VAT due in the period on sales and other outputs');
    expect(view.boxes[1]!.source).toBe('No acquisitions from the EU are made through the shop.');
  });

  it('puts 00:30 UK time on 1 October in the next quarter, and the test processor’s sales in none', async () => {
    const q4 = await vatReturn('2025-Q4');
    const listed = q4.documents.map((d) => `${d.kind} ${d.number}`);
    expect(listed).toContain(`invoice ${outside.invoices[1]!.invoiceNumber}`);
    expect(listed).toContain(`credit_note ${outside.notes[0]!.number}`);
    const q2 = await vatReturn('2025-Q2');
    expect(q2.documents.map((d) => d.number)).toEqual([outside.invoices[0]!.invoiceNumber]);
  });

  it('is staff only, and refuses a malformed quarter or one that has not begun', async () => {
    await expectStaffOnly(ctx, 'GET', 'vat-return/?quarter=2025-Q3');
    await expectStaffOnly(ctx, 'GET', 'vat-return.csv?quarter=2025-Q3');
    await expectStaffOnly(ctx, 'GET', 'exports/invoices.csv?format=xero&from=2025-07-01&to=2025-09-30');
    for (const quarter of ['2025-Q5', '2025Q1', '', '2025-q1']) {
      const res = await staff.admin('GET', `vat-return/?quarter=${quarter}`);
      expect(res.statusCode, quarter).toBe(400);
      expect(res.json()).toEqual({ quarter: ['Enter a quarter as YYYY-Qn, e.g. 2026-Q3.'] });
    }
    const future = await staff.admin('GET', `vat-return/?quarter=${new Date().getFullYear() + 1}-Q1`);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ quarter: ['Choose a quarter that has begun.'] });
  });

  it('takes a staggered period by the month it ends, with the days of those three months, in one statement', async () => {
    // August to October 2025: the invoice of 2 August, both of 30 September (UK time), and that of 1 October.
    const res = await staff.admin('GET', 'vat-return/?period=2025-10');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<VatReturnView>();
    expect(view).toMatchObject({
      quarter: '2025-10',
      period: '2025-10',
      label: 'August to October 2025',
      from: '2025-08-01',
      to: '2025-10-31',
    });
    const invoices = [inQuarter.invoices[1]!, inQuarter.invoices[2]!, outside.invoices[1]!];
    const notes = [inQuarter.notes[0]!, inQuarter.notes[1]!, outside.notes[0]!];
    expect(view.documents.map((d) => `${d.kind} ${d.number}`)).toEqual(
      expect.arrayContaining([
        ...invoices.map((i) => `invoice ${i.invoiceNumber}`),
        ...notes.map((n) => `credit_note ${n.number}`),
      ]),
    );
    expect(view.documents).toHaveLength(invoices.length + notes.length);
    const vatOfNotes = sum(view.documents.filter((d) => d.kind === 'credit_note').map((d) => pence(d.vat)));
    expect(pence(box(view, 1)!)).toBe(sum(invoices.map((i) => i.vatPence)) + vatOfNotes);

    // May to July 2025, the other stagger: 30 June and 1 July (UK time) fall in it.
    const july = await staff.admin('GET', 'vat-return/?period=2025-07');
    expect(july.json<VatReturnView>()).toMatchObject({ label: 'May to July 2025', from: '2025-05-01' });
    expect(
      july
        .json<VatReturnView>()
        .documents.filter((d) => d.kind === 'invoice')
        .map((d) => d.number)
        .sort(),
    ).toEqual([outside.invoices[0]!.invoiceNumber, inQuarter.invoices[0]!.invoiceNumber].sort());

    // A calendar quarter is the period ending in its last month.
    const q3 = await vatReturn('2025-Q3');
    const september = await staff.admin('GET', 'vat-return/?period=2025-09');
    expect({ ...september.json<VatReturnView>(), quarter: q3.quarter }).toEqual(q3);
    expect(q3).toMatchObject({ period: '2025-09', label: 'July to September 2025' });

    const csv = await staff.admin('GET', 'vat-return.csv?period=2025-10');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="vat-return-2025-10.csv"');

    const counter = countingDb(ctx.database);
    await new BookkeepingService(counter.db).vatReturn({ period: '2025-10' });
    expect(counter.count()).toBe(1);
  });

  it('refuses a period that is not a month, before 2000, not begun, or given with a quarter, or neither', async () => {
    const period = 'Enter a VAT period as the month it ends, YYYY-MM, from 2000 on, e.g. 2026-04.';
    for (const bad of ['2025-13', '2025-00', '2025-1', '1999-12', '2025-Q3', 'soon', '2025-10-31']) {
      const res = await staff.admin('GET', `vat-return/?period=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ period: [period] });
    }
    const either = 'Give either a quarter (YYYY-Qn) or a VAT period (YYYY-MM), not both.';
    const both = await staff.admin('GET', 'vat-return/?quarter=2025-Q3&period=2025-10');
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ quarter: [either] });
    const neither = await staff.admin('GET', 'vat-return/');
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ period: [either] });
    const future = await staff.admin('GET', `vat-return.csv?period=${new Date().getFullYear() + 1}-05`);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ period: ['Choose a VAT period that has begun.'] });
    await expectStaffOnly(ctx, 'GET', 'vat-return/?period=2025-10');
  });

  it('downloads as CSV: the nine boxes, then the documents', async () => {
    const view = await vatReturn('2025-Q3');
    const res = await staff.admin('GET', 'vat-return.csv?quarter=2025-Q3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vat-return-2025-Q3.csv"');
    const rows = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
    expect(rows[0]).toEqual(['Box', 'Label', 'Value', 'Source']);
    expect(rows.slice(1, 10).map((row) => row[2])).toEqual(view.boxes.map((b) => b.value ?? ''));
    expect(rows[11]).toEqual(['Document', 'Kind', 'Order', 'Issued on', 'Net', 'VAT', 'Gross']);
    const documents = rows.slice(12);
    expect(documents).toHaveLength(view.documents.length);
    expect(sum(documents.map((row) => pence(row[5]!)))).toBe(pence(box(view, 1)!));
    expect(documents.map((row) => row[0])).toContain(
      documentNumber('credit_note', inQuarter.notes[0]!.number),
    );
  });
});

const exportOf = async (kind: string, format: string, from = '2025-07-01', to = '2025-09-30') => {
  const res = await staff.admin('GET', `exports/${kind}.csv?format=${format}&from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
};

describe('the accounts exports', () => {
  it('write the invoices in Xero’s layout: dd/mm/yyyy, a row per line, amounts that add up, formulas neutralised', async () => {
    const res = await staff.admin('GET', 'exports/invoices.csv?format=xero&from=2025-07-01&to=2025-09-30');
    expect(res.body.split('\r\n')[0]).toBe(
      '\uFEFF*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    const rows = await exportOf('invoices', 'xero');
    const numbers = new Set(rows.map((row) => row['*InvoiceNumber']));
    expect([...numbers].sort()).toEqual(
      inQuarter.invoices.map((i) => documentNumber('invoice', i.invoiceNumber)).sort(),
    );
    for (const invoice of inQuarter.invoices) {
      const lines = rows.filter(
        (row) => row['*InvoiceNumber'] === documentNumber('invoice', invoice.invoiceNumber),
      );
      expect(new Set(lines.map((l) => pence(l.Total!)))).toEqual(new Set([invoice.totalPence]));
      expect(sum(lines.map((l) => pence(l.TaxAmount!)))).toBe(invoice.vatPence);
      const net = sum(
        lines.map((l) =>
          Math.round(Number(l['*Quantity']) * pence(l['*UnitAmount']!) * (1 - Number(l.Discount || 0) / 100)),
        ),
      );
      expect(net).toBe(invoice.totalPence - invoice.vatPence);
      // The delivery charge is a line of its own.
      expect(
        lines.filter((l) => l['*Description'] === 'Delivery').map((l) => pence(l['*UnitAmount']!)),
      ).toEqual(invoice.shippingPence > 0 ? [invoice.shippingPence] : []);
      for (const line of lines) {
        expect(line['*InvoiceDate']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(line['*TaxType']).toBe('20% (VAT on Income)');
        expect(line['*AccountCode']).toBe('200');
      }
    }
    const first = rows.find(
      (row) => row['*InvoiceNumber'] === documentNumber('invoice', inQuarter.invoices[0]!.invoiceNumber),
    )!;
    // 00:30 BST on 1 July: the UK day, not UTC's 30 June.
    expect(first['*InvoiceDate']).toBe('01/07/2025');
    expect(first['*DueDate']).toBe('27/12/2026');
    expect(first.Reference).toBe(`'=HYPERLINK("http://x")`);
    const formula = rows.find(
      (row) => row['*InvoiceNumber'] === documentNumber('invoice', inQuarter.invoices[1]!.invoiceNumber),
    )!;
    expect(formula['*ContactName']).toBe(`'+SUM(1)`);
    void formulaCompanyId;
  });

  it('write the invoices in QuickBooks Online’s layout, the line amounts and their VAT adding to the totals', async () => {
    const res = await staff.admin(
      'GET',
      'exports/invoices.csv?format=quickbooks&from=2025-07-01&to=2025-09-30',
    );
    expect(res.body.split('\r\n')[0]).toBe(
      '\uFEFFInvoiceNo,Customer,InvoiceDate,DueDate,Terms,Location,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount,Currency,Service Date',
    );
    const rows = await exportOf('invoices', 'quickbooks');
    for (const invoice of inQuarter.invoices) {
      const lines = rows.filter((row) => row.InvoiceNo === documentNumber('invoice', invoice.invoiceNumber));
      expect(lines.length).toBeGreaterThan(0);
      expect(sum(lines.map((l) => pence(l.ItemAmount!) + pence(l.ItemTaxAmount!)))).toBe(invoice.totalPence);
      expect(lines.every((l) => l.ItemTaxCode === '20.0% S')).toBe(true);
    }
  });

  it('write the credit notes, positive, adding up to each credit note', async () => {
    for (const format of ['xero', 'quickbooks'] as const) {
      const rows = await exportOf('credit-notes', format);
      const numberColumn = format === 'xero' ? '*CreditNoteNumber' : 'CreditNoteNo';
      expect(new Set(rows.map((row) => row[numberColumn]))).toEqual(
        new Set(inQuarter.notes.map((n) => documentNumber('credit_note', n.number))),
      );
      for (const note of inQuarter.notes) {
        const lines = rows.filter((row) => row[numberColumn] === documentNumber('credit_note', note.number));
        const gross =
          format === 'xero'
            ? sum(lines.map((l) => pence(l['*UnitAmount']!) + pence(l.TaxAmount!)))
            : sum(lines.map((l) => pence(l.ItemAmount!) + pence(l.ItemTaxAmount!)));
        expect(gross, `${format} ${note.number}`).toBe(note.amountPence);
      }
    }
  });

  it('write payments received as bank statement lines, a reversal as a negative number', async () => {
    const [paid] = await ctx.database.db
      .insert(paymentsReceived)
      .values({
        companyId: formulaCompanyId,
        amountPence: 1250,
        receivedOn: '2025-08-10',
        method: 'bank_transfer',
        reference: '-BACS 1',
      })
      .returning();
    await ctx.database.db.insert(paymentsReceived).values({
      companyId: formulaCompanyId,
      amountPence: 1250,
      receivedOn: '2025-08-11',
      method: 'bank_transfer',
      reference: '',
      reversesId: paid!.id,
      reason: 'Wrong company',
    });
    const res = await staff.admin('GET', 'exports/payments.csv?format=xero&from=2025-08-01&to=2025-08-31');
    expect(res.body.split('\r\n')[0]).toBe('\uFEFF*Date,*Amount,Payee,Description,Reference,Cheque Number');
    const rows = await exportOf('payments', 'xero', '2025-08-01', '2025-08-31');
    expect(rows.map((row) => [row['*Date'], row['*Amount'], row.Payee, row.Reference])).toEqual([
      ['10/08/2025', '12.50', `'+SUM(1)`, `'-BACS 1`],
      ['11/08/2025', '-12.50', `'+SUM(1)`, ''],
    ]);
    const qbo = await exportOf('payments', 'quickbooks', '2025-08-01', '2025-08-31');
    expect(qbo.map((row) => row.Amount)).toEqual(['12.50', '-12.50']);
    expect(qbo[0]!.Description!.startsWith(`'+SUM(1)`)).toBe(true);
  });

  it('refuse a bad format, a reversed or too long range, and an unknown kind', async () => {
    const cases: [string, string][] = [
      ['invoices.csv?format=sage&from=2025-07-01&to=2025-09-30', 'format'],
      ['invoices.csv?format=xero&from=2025-09-30&to=2025-07-01', 'to'],
      ['invoices.csv?format=xero&from=2024-01-01&to=2025-01-01', 'to'],
      ['invoices.csv?format=xero&from=2025-02-30&to=2025-03-01', 'from'],
      ['invoices.csv?format=xero&from=2025-07-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await staff.admin('GET', `exports/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
    const range = await staff.admin('GET', 'exports/payments.csv?format=xero&from=2025-09-30&to=2025-07-01');
    expect(range.json()).toEqual({ to: ['Choose a range of at most 366 days, "from" not after "to".'] });
    const full = await staff.admin('GET', 'exports/payments.csv?format=xero&from=2024-01-01&to=2024-12-31');
    expect(full.statusCode).toBe(200);
    const kind = await staff.admin('GET', 'exports/ledgers.csv?format=xero&from=2025-07-01&to=2025-09-30');
    expect(kind.statusCode).toBe(400);
  });
});
