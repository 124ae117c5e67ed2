import { EmailSchema, RoleChangeSchema, type UserRoleName } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, AdminSelect, FormOutcome } from '../../components/admin-field';
import { FormInvalid, parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { changeRole, findUserByEmail } from '../api/staff';
import { ROLE_CHOICES } from './role-form';

/** Owners only: gives the account with an e-mail address a role (it must have signed up first). */
export function RoleByEmailForm({ onChanged }: { onChanged: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRoleName>('staff');
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const address = EmailSchema.safeParse(email);
      if (!address.success)
        throw new FormInvalid({ email: address.error.issues.map((issue) => issue.message) });
      const user = await findUserByEmail(address.data);
      if (!user) throw new FormInvalid({ email: ['No account has this e-mail; they must sign up first.'] });
      const changed = await changeRole(user.id, parseOrThrow(RoleChangeSchema.safeParse({ role })));
      return `${changed.email} is now ${changed.role === 'owner' ? 'an owner' : changed.role}.`;
    });
    if (!done) return;
    setEmail('');
    onChanged();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="role-by-email-title">
      <h2 id="role-by-email-title">Change a role by e-mail</h2>
      <div className="admin-grid">
        <AdminInput
          id="role-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={form.errorsOf('email')}
        />
        <AdminSelect
          id="role-new"
          label="New role"
          value={role}
          onChange={(event) => setRole(event.target.value as UserRoleName)}
          errors={form.errorsOf('role')}
        >
          {ROLE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </AdminSelect>
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Change role
      </button>
    </form>
  );
}
