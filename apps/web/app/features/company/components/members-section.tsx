import {
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  CompanyMemberUpdateSchema,
  type CompanyMemberView,
  type CompanyRole,
} from '@shop/domain';
import { useId, useState } from 'react';
import { removeMember, updateMember } from '../api/members';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText, memberName, poundsField } from '../company-rules';
import { focusOnMount } from '../hooks/focus-on-mount';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { CompanySection } from './company-section';
import { OutcomeMessage } from './outcome-message';
import { fieldAria } from '~/components/ui/field';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { ApiError } from '~/lib/api-client';
import { check, type Errors, firstErrors } from '~/lib/form-fields';

interface Draft {
  role: CompanyRole;
  order_limit: string;
}

const draftOf = (member: CompanyMemberView): Draft => ({
  role: member.role,
  order_limit: poundsField(member.order_limit),
});

/**
 * The company's members, for its administrators: each one's role and order limit to change and save, and
 * Remove, asked once more before it happens. The outcome takes the focus.
 */
export function MembersSection({ initial }: { initial: CompanyMemberView[] }) {
  const id = useId();
  const [members, setMembers] = useState(initial);
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(initial.map((member) => [member.id, draftOf(member)])),
  );
  const [errors, setErrors] = useState<Record<number, Errors>>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { outcome, say, clear, ref } = useOutcome();
  const sessionEnded = useSessionEnd('/account/company');

  const edit = (member: number, change: Partial<Draft>) => {
    clear();
    setDrafts((all) => ({ ...all, [member]: { ...all[member]!, ...change } }));
    setErrors((all) => ({ ...all, [member]: {} }));
  };

  const save = async (member: CompanyMemberView) => {
    const draft = drafts[member.id]!;
    const body = { role: draft.role, order_limit: draft.order_limit.trim() || null };
    const checked = check(CompanyMemberUpdateSchema, body);
    if (!checked.ok) {
      setErrors((all) => ({ ...all, [member.id]: checked.errors }));
      return say(COMPANY_PAGE_MESSAGES.checkForm, true);
    }
    setBusy(member.id);
    try {
      const saved = await updateMember(member.id, body);
      setMembers((list) => list.map((entry) => (entry.id === saved.id ? saved : entry)));
      setDrafts((all) => ({ ...all, [saved.id]: draftOf(saved) }));
      say(COMPANY_PAGE_MESSAGES.memberSaved(memberName(saved)));
    } catch (error) {
      if (sessionEnded(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, ['role', 'order_limit']) : {};
      if (Object.keys(fields).length > 0) {
        setErrors((all) => ({ ...all, [member.id]: fields }));
        return say(COMPANY_PAGE_MESSAGES.checkForm, true);
      }
      say(failureText(error, COMPANY_PAGE_MESSAGES.memberFailed), true);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (member: CompanyMemberView) => {
    setBusy(member.id);
    try {
      await removeMember(member.id);
      setMembers((list) => list.filter((entry) => entry.id !== member.id));
      setConfirming(null);
      say(COMPANY_PAGE_MESSAGES.memberRemoved(memberName(member)));
    } catch (error) {
      setConfirming(null);
      if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.memberFailed), true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <CompanySection
      title="Members"
      intro="A buyer’s on-account order above their order limit waits for an approver. Leave the limit empty for none."
    >
      <ScrollRegion className="company-table-scroll" label="Members, scrolls sideways">
        <table className="company-table company-table--cards card-rows">
          <caption className="visually-hidden">The company’s members</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">Order limit (£)</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const name = memberName(member);
              const draft = drafts[member.id] ?? draftOf(member);
              const rowErrors = errors[member.id] ?? {};
              const roleId = `${id}-${member.id}-role`;
              const limitId = `${id}-${member.id}-limit`;
              return (
                <tr key={member.id}>
                  <th scope="row">
                    <span className="company-table__name">{name}</span>
                    <span className="company-table__email">{member.email}</span>
                  </th>
                  <td data-label="Role">
                    <label htmlFor={roleId} className="visually-hidden">
                      Role of {name}
                    </label>
                    <select
                      id={roleId}
                      name="role"
                      className="form__control"
                      value={draft.role}
                      {...fieldAria({ id: roleId, error: rowErrors.role })}
                      onChange={(event) => edit(member.id, { role: event.target.value as CompanyRole })}
                    >
                      {COMPANY_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {COMPANY_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                    {rowErrors.role ? (
                      <p id={`${roleId}-error`} className="field-error">
                        {rowErrors.role}
                      </p>
                    ) : null}
                  </td>
                  <td data-label="Order limit (£)">
                    <label htmlFor={limitId} className="visually-hidden">
                      Order limit of {name} (£)
                    </label>
                    <input
                      id={limitId}
                      name="order_limit"
                      className="form__control company-table__money"
                      inputMode="decimal"
                      autoComplete="off"
                      value={draft.order_limit}
                      {...fieldAria({ id: limitId, error: rowErrors.order_limit })}
                      onChange={(event) => edit(member.id, { order_limit: event.target.value })}
                    />
                    {rowErrors.order_limit ? (
                      <p id={`${limitId}-error`} className="field-error">
                        {rowErrors.order_limit}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    {confirming === member.id ? (
                      <div className="company-confirm" role="group" aria-label={`Remove ${name}?`}>
                        <p>{COMPANY_PAGE_MESSAGES.confirmRemove(name)}</p>
                        <button
                          type="button"
                          className="button button--danger"
                          disabled={busy !== null}
                          // The question appears where the Remove button was; its answer takes the focus.
                          ref={focusOnMount}
                          onClick={() => void remove(member)}
                        >
                          Yes, remove {name}
                        </button>
                        <button
                          type="button"
                          className="button button--outline"
                          onClick={() => setConfirming(null)}
                        >
                          Keep {name}
                        </button>
                      </div>
                    ) : (
                      <div className="company-table__actions">
                        <button
                          type="button"
                          className="button button--outline"
                          disabled={busy !== null}
                          onClick={() => void save(member)}
                        >
                          Save {name}
                        </button>
                        <button
                          type="button"
                          className="button address-card__delete"
                          disabled={busy !== null}
                          onClick={() => {
                            clear();
                            setConfirming(member.id);
                          }}
                        >
                          Remove {name}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
    </CompanySection>
  );
}
