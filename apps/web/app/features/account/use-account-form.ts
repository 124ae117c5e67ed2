import { useRef, useState } from 'react';
import type { Errors } from './account-rules';

/**
 * The state every account form shares: its values, its field errors (a field's error clears as soon as
 * it is edited), and showing new errors with the focus on the first field that has one, in form order.
 */
export function useAccountForm<Name extends string>(initial: Record<Name, string>, order: readonly Name[]) {
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
