import { COMPANY_ROLE_LABELS, formatDecimalGbp, type MyInvitationView, ukDate } from '@shop/domain';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { acceptInvitation, declineInvitation } from '../api/invitations';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { OutcomeMessage } from './outcome-message';

/**
 * The invitations sent to the caller's e-mail address, each to accept (the page then shows the company) or
 * decline. A user belongs to one company at most, so accepting one is enough.
 */
export function MyInvitations({ initial }: { initial: MyInvitationView[] }) {
  const [invitations, setInvitations] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const { outcome, say, ref } = useOutcome();
  const revalidator = useRevalidator();
  const sessionEnded = useSessionEnd('/account/company');

  const answer = async (invitation: MyInvitationView, accept: boolean) => {
    setBusy(invitation.id);
    try {
      if (accept) {
        const company = await acceptInvitation(invitation.id);
        say(COMPANY_PAGE_MESSAGES.joined(company.trading_name || invitation.company));
        await revalidator.revalidate();
      } else {
        await declineInvitation(invitation.id);
        setInvitations((list) => list.filter((entry) => entry.id !== invitation.id));
        say(COMPANY_PAGE_MESSAGES.invitationDeclined);
      }
    } catch (error) {
      if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.invitationFailed), true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="company-invitations">
      {invitations.length === 0 ? (
        <p>{COMPANY_PAGE_MESSAGES.invitationsNone}</p>
      ) : (
        <ul className="address-book" aria-label="Your invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="address-card">
              <p className="address-card__name">
                {COMPANY_PAGE_MESSAGES.invitedTo(invitation.company, invitation.role)}
              </p>
              <p className="address-card__lines">
                Invited by {invitation.invited_by}; open until{' '}
                <time dateTime={invitation.expires_at}>{ukDate(invitation.expires_at)}</time>.
              </p>
              <dl className="company-invitation__terms">
                <div>
                  <dt>Role</dt>
                  <dd>{COMPANY_ROLE_LABELS[invitation.role]}</dd>
                </div>
                <div>
                  <dt>Order limit</dt>
                  <dd>
                    {invitation.order_limit === null
                      ? COMPANY_PAGE_MESSAGES.noOrderLimit
                      : formatDecimalGbp(invitation.order_limit)}
                  </dd>
                </div>
              </dl>
              <div className="address-card__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  onClick={() => void answer(invitation, true)}
                >
                  Join {invitation.company}
                </button>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={busy !== null}
                  onClick={() => void answer(invitation, false)}
                >
                  Decline the invitation from {invitation.company}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
    </div>
  );
}
