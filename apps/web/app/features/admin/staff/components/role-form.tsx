import { RoleChangeSchema, type UserRoleName } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminSelect, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { changeRole } from '../api/staff';

export const ROLE_CHOICES: { value: UserRoleName; label: string }[] = [
  { value: 'customer', label: 'Customer' },
  { value: 'staff', label: 'Staff' },
  { value: 'owner', label: 'Owner' },
];

/** Owners only: a user's role (the server keeps the last owner one and applies it from the next request). */
export function RoleForm({
  user,
  idPrefix,
  onChanged,
}: {
  user: { id: number; email: string; role: UserRoleName };
  idPrefix: string;
  onChanged: () => void;
}) {
  const [role, setRole] = useState<UserRoleName>(user.role);
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const changed = await changeRole(user.id, parseOrThrow(RoleChangeSchema.safeParse({ role })));
      return `${changed.email} is now ${changed.role === 'owner' ? 'an owner' : changed.role}.`;
    });
    if (done) onChanged();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Change the role of ${user.email}`}>
      <AdminSelect
        id={`${idPrefix}-role`}
        label={`Role of ${user.email}`}
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
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy || role === user.role}>
        Change role
      </button>
    </form>
  );
}
