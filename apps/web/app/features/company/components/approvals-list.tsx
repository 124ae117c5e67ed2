import {
  APPROVAL_STATUS_LABELS,
  ApprovalDeclineSchema,
  type ApprovalView,
  formatDecimalGbp,
  type ReorderResult,
  ukDate,
  ukDateTime,
} from '@shop/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { approvalToCart, approveOrder, declineOrder } from '../api/approvals';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { focusOnMount } from '../hooks/focus-on-mount';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { OutcomeMessage } from './outcome-message';
import { FieldFrame, fieldAria } from '~/components/ui/field';
import { addressLines } from '~/features/addresses/components/address-lines';
import { ReorderOutcome } from '~/features/commerce/components/reorder-outcome';
import { ApiError } from '~/lib/api-client';
import { check } from '~/lib/form-fields';

/** What the buttons and headings call an approval request: its own reference (AR-…), never an order number. */
const heldName = (approval: ApprovalView) =>
  `approval request ${approval.reference} from ${approval.buyer.name || approval.buyer.email}`;

interface ApprovalCardProps {
  approval: ApprovalView;
  /** Whether the caller may approve or decline it (an approver or administrator). */
  canDecide: boolean;
  busy: boolean;
  onApprove: () => void;
  onDecline: (reason: string) => Promise<boolean>;
  /** Puts the request's lines back in the caller's cart (offered on their own requests that placed nothing). */
  onPutBack: () => void;
}

function ApprovalCard({ approval, canDecide, busy, onApprove, onDecline, onPutBack }: ApprovalCardProps) {
  const id = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = heldName(approval);
  const waiting = approval.status === 'awaiting_approval';

  const decline = async () => {
    const checked = check(ApprovalDeclineSchema, { reason });
    if (!checked.ok) return setError(checked.errors.reason);
    if (await onDecline(checked.value.reason)) setDeclining(false);
  };

  return (
    // The approvers' e-mail links here by the reference.
    <li className="approval-card" id={approval.reference}>
      <article aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="approval-card__title">
          Approval request {approval.reference}: {formatDecimalGbp(approval.total)}
        </h2>
        <dl className="company-facts">
          <div className="company-facts__row">
            <dt>Status</dt>
            <dd>
              <span className={`company-status company-status--${approval.status}`}>
                {APPROVAL_STATUS_LABELS[approval.status]}
              </span>
            </dd>
          </div>
          <div className="company-facts__row">
            <dt>Buyer</dt>
            <dd>
              {approval.buyer.name} ({approval.buyer.email})
            </dd>
          </div>
          <div className="company-facts__row">
            <dt>Placed</dt>
            <dd>
              <time dateTime={approval.created_at}>{ukDateTime(approval.created_at)}</time>
            </dd>
          </div>
          <div className="company-facts__row">
            <dt>PO number</dt>
            <dd>{approval.purchase_order_number ?? '—'}</dd>
          </div>
          <div className="company-facts__row">
            <dt>Deliver to</dt>
            <dd>
              {addressLines(approval.shipping_address, { country: false, telephone: false }).join(', ')}
            </dd>
          </div>
          {approval.decided_at ? (
            <div className="company-facts__row">
              <dt>Decided</dt>
              <dd>
                <time dateTime={approval.decided_at}>{ukDate(approval.decided_at)}</time>
              </dd>
            </div>
          ) : null}
          {approval.reason ? (
            <div className="company-facts__row">
              <dt>Reason</dt>
              <dd>{approval.reason}</dd>
            </div>
          ) : null}
          {approval.order ? (
            <div className="company-facts__row">
              <dt>Order</dt>
              <dd>
                <Link to={`/track-order/${approval.order}`}>Order #{approval.order}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="company-table-scroll">
          <table className="company-table">
            <caption className="visually-hidden">Lines of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="numeric">
                  Packs
                </th>
                <th scope="col" className="numeric">
                  Per pack
                </th>
                <th scope="col" className="numeric">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {approval.lines.map((line) => (
                <tr key={`${line.item}-${line.sku}`}>
                  <th scope="row">
                    {line.title} <span className="company-table__email">{line.sku}</span>
                  </th>
                  <td className="numeric">{line.pack_quantity}</td>
                  <td className="numeric">{formatDecimalGbp(line.price_per_pack)}</td>
                  <td className="numeric">{formatDecimalGbp(line.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Subtotal
                </th>
                <td className="numeric">{formatDecimalGbp(approval.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  Delivery
                </th>
                <td className="numeric">{formatDecimalGbp(approval.shipping_cost)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  VAT
                </th>
                <td className="numeric">{formatDecimalGbp(approval.vat_amount)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="numeric">{formatDecimalGbp(approval.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        {canDecide && waiting ? (
          declining ? (
            <form
              className="form account-form approval-card__decline"
              aria-label={`Decline ${name}`}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy) void decline();
              }}
            >
              <FieldFrame id={`${id}-reason`} label="Reason, for the buyer (optional)" error={error}>
                <textarea
                  id={`${id}-reason`}
                  name="reason"
                  className="form__control"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  // The form opens where the Decline button was; its first field takes the focus.
                  ref={focusOnMount}
                  {...fieldAria({ id: `${id}-reason`, error })}
                  onChange={(event) => {
                    setError(undefined);
                    setReason(event.target.value);
                  }}
                />
              </FieldFrame>
              <div className="account-form__actions">
                <button type="submit" className="button button--danger" disabled={busy}>
                  Decline {name}
                </button>
                <button type="button" className="button button--outline" onClick={() => setDeclining(false)}>
                  Keep it waiting
                </button>
              </div>
            </form>
          ) : (
            <div className="address-card__actions">
              <button type="button" className="button button--primary" disabled={busy} onClick={onApprove}>
                {busy ? 'Placing the order…' : `Approve ${name}`}
              </button>
              <button
                type="button"
                className="button address-card__delete"
                disabled={busy}
                onClick={() => setDeclining(true)}
              >
                Decline {name}
              </button>
            </div>
          )
        ) : null}
        {approval.can_put_back ? (
          <div className="address-card__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={onPutBack}>
              {busy ? 'Putting the items back…' : `Put ${approval.reference} back in my cart`}
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/**
 * Held on-account orders: lines, totals, PO number, buyer and delivery address. Approvers and administrators
 * approve (the order is placed then, or refused when stock or credit has run out: the 409's reason is shown)
 * or decline with a reason; a buyer sees their own held orders' status. The outcome takes the focus.
 */
export function ApprovalsList({ initial, canDecide }: { initial: ApprovalView[]; canDecide: boolean }) {
  const [approvals, setApprovals] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const [putBackResult, setPutBackResult] = useState<ReorderResult | null>(null);
  const { outcome, say, ref } = useOutcome();
  const sessionEnded = useSessionEnd('/account/approvals');

  const replace = (next: ApprovalView) =>
    setApprovals((list) => list.map((entry) => (entry.id === next.id ? next : entry)));

  const approve = async (approval: ApprovalView) => {
    setBusy(approval.id);
    try {
      const answer = await approveOrder(approval.id);
      replace(answer.approval);
      say(COMPANY_PAGE_MESSAGES.approved(answer.order.id));
    } catch (error) {
      if (sessionEnded(error)) return;
      if (error instanceof ApiError && error.status === 409) {
        // Stock or credit ran out since it was held: the server refused it, and says why.
        replace({ ...approval, status: 'refused', reason: error.message });
        say(error.message, true);
        return;
      }
      say(failureText(error, COMPANY_PAGE_MESSAGES.approvalFailed), true);
    } finally {
      setBusy(null);
    }
  };

  const putBack = async (approval: ApprovalView) => {
    setBusy(approval.id);
    try {
      setPutBackResult(await approvalToCart(approval.id));
      say(COMPANY_PAGE_MESSAGES.putBack(approval.reference));
    } catch (error) {
      if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.putBackFailed), true);
    } finally {
      setBusy(null);
    }
  };

  const decline = async (approval: ApprovalView, reason: string): Promise<boolean> => {
    setBusy(approval.id);
    try {
      replace(await declineOrder(approval.id, reason));
      say(COMPANY_PAGE_MESSAGES.declinedOrder);
      return true;
    } catch (error) {
      if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.approvalFailed), true);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="approvals">
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
      {putBackResult ? <ReorderOutcome result={putBackResult} /> : null}
      {approvals.length === 0 ? (
        <p>{COMPANY_PAGE_MESSAGES.noApprovals}</p>
      ) : (
        <ul className="approvals__list" aria-label="Approval requests">
          {approvals.map((approval) => (
            <ApprovalCard
              key={approval.id}
              approval={approval}
              canDecide={canDecide}
              busy={busy === approval.id}
              onApprove={() => void approve(approval)}
              onDecline={(reason) => decline(approval, reason)}
              onPutBack={() => void putBack(approval)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
