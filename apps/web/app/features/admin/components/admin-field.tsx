import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Shared {
  id: string;
  label: string;
  /** The server's messages for this field (DRF: a list). */
  errors?: string[] | undefined;
  hint?: ReactNode;
}

function Frame({ id, label, errors, hint, children }: Shared & { children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {errors && errors.length > 0 ? (
        <p id={`${id}-error`} className="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

const described = ({ id, errors, hint }: Shared) => {
  const ids = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
};

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
