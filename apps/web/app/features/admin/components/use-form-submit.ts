import { useCallback, useState } from 'react';
import { ApiError, type FieldErrors } from '~/lib/api-client';

/** The one message above a back-office form whose fields are refused, by its own check or the server's. */
export const CHECK_FORM = 'Check the highlighted fields.';

/** A refused or failed call as a form shows it: field errors under their fields, a message above them. */
export function failureOf(error: unknown): { fields: FieldErrors; message: string } {
  if (error instanceof FormInvalid) return { fields: error.fields, message: CHECK_FORM };
  if (error instanceof ApiError) {
    const hasFields = Object.keys(error.fields).length > 0;
    return { fields: error.fields, message: hasFields && error.generic ? CHECK_FORM : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
}

type SafeParsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A form's values parsed with the API's own schema, or FormInvalid thrown with its errors, shown like the
 * server's. `unread` holds the form's errors for what it could not turn into a value (text that is not an
 * amount, a choice not made); on those fields they replace the schema's.
 */
export function parseOrThrow<T>(result: SafeParsed<T>, unread: FieldErrors = {}): T {
  const fields = { ...(result.success ? {} : issuesAsFields(result.error.issues)), ...unread };
  if (Object.keys(fields).length > 0 || !result.success) throw new FormInvalid(fields);
  return result.data;
}

/**
 * A back-office form's submission: one call at a time, the field errors of its own check or the server's, and
 * the outcome (an error or what was done) for FormOutcome to announce.
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

  /**
   * The field errors of one field (dotted keys for nested ones, as the API answers them). The same function
   * until the errors change, so a memoised row of a long form is not drawn again on another row's keystroke.
   */
  const errorsOf = useCallback((field: string) => errors[field], [errors]);
  /** The errors of a field and of the fields nested in it (a list's and its rows'), in one list. */
  const errorsUnder = (field: string) => [
    ...(errors[field] ?? []),
    ...Object.entries(errors)
      .filter(([key]) => key.startsWith(`${field}.`))
      .flatMap(([, messages]) => messages),
  ];
  /** Forgets the field errors, when the fields they are addressed by change places. */
  const clearErrors = useCallback(() => setErrors({}), []);
  const formError = failure ?? ((errors.non_field_errors ?? []).join(' ') || null);
  return { busy, run, errorsOf, errorsUnder, clearErrors, formError, success };
}

/** A schema's issues as field errors, keyed as the API keys them ('non_field_errors' for the whole body). */
function issuesAsFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Thrown by a form's action when its own check fails, to show those errors like the server's. */
export class FormInvalid extends Error {
  constructor(readonly fields: FieldErrors) {
    super(CHECK_FORM);
  }
}
