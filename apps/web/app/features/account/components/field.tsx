import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
  /** Something after the input (a button beside it). */
  after?: ReactNode;
}

/** A labelled input with its error under it, as the contact form has them. */
export function Field({ id, name, label, value, error, onValue, after, ...input }: FieldProps) {
  return (
    <div className="form__field">
      <label htmlFor={id} className="form__label">
        {label}
      </label>
      <div className={after ? 'form__row' : undefined}>
        <input
          id={id}
          name={name}
          className="form__control"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onValue(event.target.value)}
          {...input}
        />
        {after}
      </div>
      <p id={`${id}-error`} className="field-error">
        {error}
      </p>
    </div>
  );
}
