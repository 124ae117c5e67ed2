import { useState } from 'react';
import { ApiError, type FieldErrors } from '~/lib/api-client';

export const CHECK_FORM = 'Please correct the errors below.';

/** A refused or failed call as a form shows it: field errors under their fields, a message above them. */
export function failureOf(error: unknown): { fields: FieldErrors; message: string } {
  if (error instanceof FormInvalid) return { fields: error.fields, message: CHECK_FORM };
  if (error instanceof ApiError) {
    const hasFields = Object.keys(error.fields).length > 0;
    return { fields: error.fields, message: hasFields && error.generic ? CHECK_FORM : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
}

/** Parses a form's values with the API's own schema; its errors show like the server's. */
export function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): T {
  if (!result.success) throw new FormInvalid(issuesAsFields(result.error.issues));
  return result.data;
}

/**
 * A back-office form's submission: one call at a time, the server's field errors for the fields, and the
 * outcome (an error or what was done) for FormOutcome to announce.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs `action`; its answer is the success message. */
  async function run(action: () => Promise<string>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setFailure(null);
    setSuccess(null);
    try {
      const message = await action();
      setErrors({});
      setSuccess(message);
      return true;
    } catch (error) {
      const { fields, message } = failureOf(error);
      setErrors(fields);
      setFailure(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** The field errors of one field (dotted keys for nested ones, as the API answers them). */
  const errorsOf = (field: string) => errors[field];
  const formError = failure ?? ((errors.non_field_errors ?? []).join(' ') || null);
  return { busy, run, errorsOf, formError, success };
}

/** A schema's issues as field errors, keyed as the API keys them ('non_field_errors' for the whole body). */
export function issuesAsFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Thrown by a form's action when its own check of the schema fails, to show those errors like the server's. */
export class FormInvalid extends Error {
  constructor(readonly fields: FieldErrors) {
    super(CHECK_FORM);
  }
}
