// Test support for the receivables: invoices on account, payments and credit notes straight in the
// database, with the due days a test needs, without the checkout or the payments API.
import type { Db } from '../../src/db/client';
import {
  orders,
  paymentAllocations,
  paymentsReceived,
  refunds,
  type AddressSnapshot,
} from '../../src/db/schema';
import type { TestContext } from '../helper';
import { newShopper } from './carts';
import { addMember, approvedCompany } from './on-account-orders';

const ADDRESS: AddressSnapshot = {
  first_name: 'Accounts',
  last_name: 'Payable',
  street: '2 Mill Lane',
  city: 'Derby',
  state: null,
  postal_code: 'DE1 1AA',
  country: 'UK',
  telephone_number: '01332 496000',
};

/** An approved company with credit whose administrator is a new, signed-in shopper. */
export async function companyWithAdministrator(ctx: TestContext, name: string) {
  const company = await approvedCompany(ctx, name);
  const administrator = await newShopper(ctx, `${name}-admin`);
  await addMember(ctx, company.id, administrator.userId, 'administrator');
  return { company, administrator };
}

let nextNumber = 900_000;

/** An unpaid invoice on account of `total` pence, issued 30 days before `dueOn`, numbered from 900001 up. */
export async function openInvoice(
  db: Db,
  {
    companyId,
    userId,
    totalPence,
    dueOn,
    purchaseOrderNumber = null,
  }: {
    companyId: number;
    userId: number;
    totalPence: number;
    dueOn: string;
    purchaseOrderNumber?: string | null;
  },
) {
  nextNumber += 1;
  const vat = Math.round(totalPence / 6);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      companyId,
      paymentMethod: 'account',
      paymentStatus: 'ON_ACCOUNT',
      status: 'processing',
      subtotalPence: totalPence - vat,
      vatPence: vat,
      totalPence,
      vatRate: 20,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      invoiceNumber: nextNumber,
      invoiceDueDate: dueOn,
      paymentTerms: { kind: 'days', days: 30 },
      purchaseOrderNumber,
      createdAt: new Date(Date.parse(`${dueOn}T12:00:00Z`) - 30 * 86_400_000),
    })
    .returning();
  return order!;
}

/** A payment received set against invoices (amounts in pence); reversed when asked. */
export async function paymentAgainst(
  db: Db,
  companyId: number,
  lines: { orderId: number; amountPence: number }[],
  { reversed = false }: { reversed?: boolean } = {},
) {
  const amountPence = lines.reduce((total, line) => total + line.amountPence, 0);
  const [payment] = await db
    .insert(paymentsReceived)
    .values({ companyId, amountPence, receivedOn: '2026-01-05', method: 'bank_transfer', reference: 'BACS' })
    .returning();
  await db
    .insert(paymentAllocations)
    .values(
      lines.map((line) => ({ paymentId: payment!.id, orderId: line.orderId, amountPence: line.amountPence })),
    );
  if (reversed) {
    await db.insert(paymentsReceived).values({
      companyId,
      amountPence,
      receivedOn: '2026-01-06',
      method: 'bank_transfer',
      reversesId: payment!.id,
      reason: 'Recorded twice',
    });
  }
  return payment!;
}

let nextCreditNote = 900_000;

/** A credit note (an on-account refund that succeeded) of `amountPence` against an invoice. */
export async function creditNote(db: Db, orderId: number, amountPence: number) {
  nextCreditNote += 1;
  await db.insert(refunds).values({
    orderId,
    amountPence,
    status: 'succeeded',
    creditNoteNumber: nextCreditNote,
    issuedAt: new Date(),
    reason: 'Damaged',
  });
}
