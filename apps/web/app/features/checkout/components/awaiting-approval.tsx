import { COMPANY_MESSAGES, formatDecimalGbp } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/**
 * What the checkout shows when the order is above the buyer's order limit (POST orders/ answered 202):
 * nothing was taken, the order waits for the company's approvers, and where to follow it.
 */
export function AwaitingApproval({ total, reference }: { total: string; reference: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the buyer was working in is gone: the focus goes to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="checkout-outcome" aria-labelledby="checkout-outcome-title">
      <h2 id="checkout-outcome-title" ref={headingRef} tabIndex={-1} className="checkout__heading">
        Sent for approval
      </h2>
      <p role="status">{COMPANY_MESSAGES.awaitingApproval}</p>
      <p>
        Your approval request is <strong>{reference}</strong>.
      </p>
      <p>
        Order total: <strong>{formatDecimalGbp(total)}</strong>. Nothing is charged or sent until an approver
        approves it; we will e-mail you either way.
      </p>
      <p className="checkout-outcome__actions">
        <Link className="button button--primary" to="/account/approvals">
          See your approvals
        </Link>
        <Link className="button button--outline" to="/">
          Continue Shopping
        </Link>
      </p>
    </section>
  );
}
