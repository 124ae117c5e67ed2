import {
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  type CompanyInvitationView,
  CompanyInviteSchema,
  type CompanyRole,
  formatDecimalGbp,
  ukDate,
} from '@shop/domain';
import { useId, useState } from 'react';
import { cancelInvitation, inviteMember } from '../api/invitations';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { CompanySection } from './company-section';
import { OutcomeMessage } from './outcome-message';
import { Field, FieldFrame, fieldAria } from '~/components/ui/field';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { ApiError } from '~/lib/api-client';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

const NAMES = ['email', 'role', 'order_limit'] as const;
const EMPTY = { email: '', role: 'buyer', order_limit: '' };

/**
 * Inviting someone by e-mail with a role and an optional order limit (the server e-mails them a link to
 * sign up or sign in), and the invitations not yet answered, each with who sent it, to cancel. An invitation
 * ends when its sender stops administering the company.
 */
export function InviteSection({ initial }: { initial: CompanyInvitationView[] }) {
  const id = useId();
  const [invitations, setInvitations] = useState(initial);
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields(EMPTY, NAMES);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const { outcome, say, clear, ref } = useOutcome();
  const sessionEnded = useSessionEnd('/account/company');

  const invite = async () => {
    clear();
    const body = {
      email: values.email,
      role: values.role,
      order_limit: values.order_limit.trim() || null,
    };
    const checked = check(CompanyInviteSchema, body);
    if (!checked.ok) return showErrors(checked.errors);
    setSending(true);
    try {
      const invitation = await inviteMember({ ...body, email: checked.value.email });
      setInvitations((list) => [invitation, ...list]);
      setValues(EMPTY);
      say(COMPANY_PAGE_MESSAGES.invited(invitation.email));
    } catch (error) {
      if (sessionEnded(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return showErrors(fields);
      say(failureText(error, COMPANY_PAGE_MESSAGES.inviteFailed), true);
    } finally {
      setSending(false);
    }
  };

  const cancel = async (invitation: CompanyInvitationView) => {
    clear();
    setBusy(invitation.id);
    try {
      await cancelInvitation(invitation.id);
    } catch (error) {
      setBusy(null);
      // Already answered or cancelled elsewhere: the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.inviteFailed), true);
        return;
      }
    }
    setBusy(null);
    setInvitations((list) => list.filter((entry) => entry.id !== invitation.id));
    say(COMPANY_PAGE_MESSAGES.invitationCancelled(invitation.email));
  };

  const roleId = `${id}-role`;
  return (
    <CompanySection title="Invite a colleague" intro="They are e-mailed an invitation to join the company.">
      <form
        ref={formRef}
        className="form account-form"
        aria-label="Invite a colleague"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!sending) void invite();
        }}
      >
        <Field
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail address"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onValue={set('email')}
        />
        <div className="account-form__pair">
          <FieldFrame id={roleId} label="Role" error={errors.role}>
            <select
              id={roleId}
              name="role"
              className="form__control"
              value={values.role}
              {...fieldAria({ id: roleId, error: errors.role })}
              onChange={(event) => set('role')(event.target.value)}
            >
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {COMPANY_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </FieldFrame>
          <Field
            id={`${id}-limit`}
            name="order_limit"
            label="Order limit (£, optional)"
            inputMode="decimal"
            autoComplete="off"
            value={values.order_limit}
            error={errors.order_limit}
            onValue={set('order_limit')}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending the invitation…' : 'Send the invitation'}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
      <h3 className="address-book-form__title">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p>{COMPANY_PAGE_MESSAGES.noInvitations}</p>
      ) : (
        <ScrollRegion className="company-table-scroll" label="Pending invitations, scrolls sideways">
          <table className="company-table">
            <caption className="visually-hidden">Invitations not yet answered</caption>
            <thead>
              <tr>
                <th scope="col">E-mail address</th>
                <th scope="col">Role</th>
                <th scope="col">Order limit</th>
                <th scope="col">Invited by</th>
                <th scope="col">Open until</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row">{invitation.email}</th>
                  <td>{COMPANY_ROLE_LABELS[invitation.role as CompanyRole]}</td>
                  <td>{invitation.order_limit ? formatDecimalGbp(invitation.order_limit) : 'None'}</td>
                  <td>
                    {invitation.invited_by ? (
                      <>
                        <span className="company-table__name">
                          {invitation.invited_by.name || invitation.invited_by.email}
                        </span>
                        <span className="company-table__email">{invitation.invited_by.email}</span>
                      </>
                    ) : (
                      'Account deleted'
                    )}
                  </td>
                  <td>
                    <time dateTime={invitation.expires_at}>{ukDate(invitation.expires_at)}</time>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={busy !== null}
                      onClick={() => void cancel(invitation)}
                    >
                      Cancel the invitation to {invitation.email}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </CompanySection>
  );
}
