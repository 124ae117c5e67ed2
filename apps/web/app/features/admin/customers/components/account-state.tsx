import type { CustomerDetail } from '@shop/domain';
import { FormOutcome } from '../../components/admin-field';
import { useFormSubmit } from '../../components/use-form-submit';
import { setCustomerActive } from '../api/customers';

/**
 * Activates or deactivates the account. Deactivation signs the customer out everywhere at their next request;
 * the server refuses it for one's own account and, to staff, for a staff or owner account (only owners manage
 * those), so the switch is not offered then.
 */
export function AccountState({
  customer,
  selfId,
  mayManage,
  onChanged,
}: {
  customer: CustomerDetail;
  selfId: number | null;
  /** Whether the signed-in member may switch this account: any customer's, and staff's for owners. */
  mayManage: boolean;
  onChanged: () => void;
}) {
  const form = useFormSubmit();
  const next = !customer.is_active;
  const toggle = () =>
    void form
      .run(async () => {
        await setCustomerActive(customer.id, next);
        return next
          ? `${customer.email} is active again and can sign in.`
          : `${customer.email} is deactivated and signed out.`;
      })
      .then((done) => done && onChanged());

  return (
    <div>
      <p>
        The account is <strong>{customer.is_active ? 'active' : 'deactivated'}</strong>.
        {customer.is_active
          ? ' Deactivating it signs the customer out at once and stops them signing in.'
          : ''}
      </p>
      {customer.id === selfId ? (
        <p>This is your own account.</p>
      ) : !mayManage ? (
        <p>Only an owner can deactivate or reactivate a staff or owner account.</p>
      ) : (
        <button
          type="button"
          className={`admin-button${next ? '' : ' admin-button--danger'}`}
          disabled={form.busy}
          onClick={toggle}
        >
          {next ? 'Activate account' : 'Deactivate account'}
        </button>
      )}
      <FormOutcome error={form.formError} success={form.success} />
    </div>
  );
}
