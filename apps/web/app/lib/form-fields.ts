/** What forms of text fields share: their checks against the domain's schemas, their state. */
import { useRef, useState } from 'react';
import { fieldErrors } from '@shop/domain';

/** Each field's first message. */
export type Errors = Record<string, string | undefined>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Errors };

interface Schema<T> {
  safeParse(
    values: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

/** Checks `values` with one of the domain's schemas; the first message of each field when invalid. */
export function check<T>(schema: Schema<T>, values: unknown): Checked<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: firstErrors(fieldErrors(result.error)) };
}

/** The first message of each field of the API's field errors, restricted to `known` fields. */
export function firstErrors(fields: Record<string, string[]>, known?: readonly string[]): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (known && !known.includes(field)) continue;
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * The state a form of text fields keeps: its values, its field errors (a field's error clears as soon as
 * it is edited), and showing new errors with the focus on the first field that has one, in form order.
 */
export function useFormFields<Name extends string>(initial: Record<Name, string>, order: readonly Name[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Name, string>>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const set = (name: Name) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = order.find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return { formRef, values, setValues, errors, setErrors, set, showErrors };
}
