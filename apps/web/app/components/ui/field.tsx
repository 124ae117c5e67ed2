import type { InputHTMLAttributes, ReactNode } from 'react';

/** The class names of a field's parts: the storefront's forms (forms.css) and the back office's differ. */
export interface FieldLook {
  field: string;
  label: string;
  hint: string;
}

/** The storefront's fields (forms.css). */
export const SHOP_FIELD: FieldLook = { field: 'form__field', label: 'form__label', hint: 'form__hint' };

interface FieldFrameProps {
  /** The control's id; the hint and the error line take it with `-hint` and `-error`. */
  id: string;
  label: string;
  /** What is wrong with the value, shown under the control. */
  error?: string | undefined;
  hint?: ReactNode;
  look?: FieldLook;
  children: ReactNode;
}

/**
 * A control's label, its hint above it and its error under it. The control takes `fieldAria` of the same
 * id, hint and error, so a screen reader says the hint and the error with it.
 */
export function FieldFrame({ id, label, error, hint, look = SHOP_FIELD, children }: FieldFrameProps) {
  return (
    <div className={look.field}>
      <label htmlFor={id} className={look.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes that tie a control to its frame's hint and error line. */
export function fieldAria({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  /** Something after the input (a button beside it). */
  after?: ReactNode;
  /** A line above the input that the input is described by. */
  hint?: ReactNode;
}

/** A labelled text input of the storefront's forms, with its hint above it and its error under it. */
export function Field({ id, name, label, value, error, onValue, after, hint, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className={after ? 'form__row' : undefined}>
        <input
          id={id}
          name={name}
          className="form__control"
          value={value}
          {...fieldAria({ id, error, hint })}
          onChange={(event) => onValue(event.target.value)}
          {...input}
        />
        {after}
      </div>
    </FieldFrame>
  );
}
