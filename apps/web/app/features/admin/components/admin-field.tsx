import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldLook, fieldAria } from '~/components/ui/field';

interface Shared {
  id: string;
  label: string;
  /** The server's messages for this field (DRF: a list). */
  errors?: string[] | undefined;
  hint?: ReactNode;
}

/** The back office's fields (admin.css). */
const ADMIN_FIELD: FieldLook = {
  field: 'admin-field',
  label: 'admin-field__label',
  hint: 'admin-field__hint',
};

function Frame({ id, label, errors, hint, children }: Shared & { children: ReactNode }) {
  return (
    <FieldFrame id={id} label={label} error={errors?.join(' ')} hint={hint} look={ADMIN_FIELD}>
      {children}
    </FieldFrame>
  );
}

const described = ({ id, errors, hint }: Shared) => fieldAria({ id, error: errors?.join(' '), hint });

/** A labelled input whose server errors sit under it, tied to it for screen readers. */
export function AdminInput({
  id,
  label,
  errors,
  hint,
  ...input
}: Shared & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame id={id} label={label} errors={errors} hint={hint}>
      <input
        id={id}
        name={id}
        className="form__control"
        {...described({ id, label, errors, hint })}
        {...input}
      />
    </Frame>
  );
}

export function AdminSelect({
  id,
  label,
  errors,
  hint,
  children,
  ...select
}: Shared & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame id={id} label={label} errors={errors} hint={hint}>
      <select
        id={id}
        name={id}
        className="form__control"
        {...described({ id, label, errors, hint })}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

export function AdminTextarea({
  id,
  label,
  errors,
  hint,
  ...textarea
}: Shared & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Frame id={id} label={label} errors={errors} hint={hint}>
      <textarea
        id={id}
        name={id}
        className="form__control"
        {...described({ id, label, errors, hint })}
        {...textarea}
      />
    </Frame>
  );
}

/** The form-level outcome: an error (role=alert) or a success (role=status), announced when it changes. */
export function FormOutcome({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <p role="alert" className="admin-outcome admin-outcome--error">
        {error ?? ''}
      </p>
      <p role="status" className="admin-outcome admin-outcome--success">
        {success ?? ''}
      </p>
    </>
  );
}
