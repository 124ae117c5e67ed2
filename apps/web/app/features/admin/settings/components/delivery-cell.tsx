import type { ReactNode } from 'react';

/** The form's field errors by the API's dotted key; the same function until the errors change. */
export type ErrorsOf = (field: string) => string[] | undefined;

/** A control in a table cell, labelled for screen readers, with its server errors under it. */
export function Cell({
  id,
  errors,
  children,
}: {
  id: string;
  errors: string[] | undefined;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <>
      {children(errors ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {errors ? (
        <span id={`${id}-error`} className="field-error">
          {errors.join(' ')}
        </span>
      ) : null}
    </>
  );
}
