import type { AdminOrderDetail, OrderView } from '@shop/domain';
import { DocumentDownloads } from '~/components/ui/document-downloads';

/**
 * The order's VAT invoice, receipt and credit notes for staff, e.g. to send a buyer a copy: the back office's
 * paths (any order) behind the same download buttons the buyer's order page has.
 */
export function OrderDocuments({ order }: { order: AdminOrderDetail }) {
  const credited = order.refunds.flatMap((refund) =>
    refund.credit_note && refund.credit_note_number
      ? [
          {
            amount: refund.amount,
            created_at: refund.created_at,
            credit_note_number: refund.credit_note_number,
            credit_note: refund.credit_note,
          },
        ]
      : [],
  );
  const documents: OrderView = {
    ...order,
    refunds: credited.map((refund, index) => ({ ...refund, n: index + 1 })),
  };
  return <DocumentDownloads order={documents} />;
}
