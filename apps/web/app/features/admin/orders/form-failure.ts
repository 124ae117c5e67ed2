import { ApiError, type FieldErrors } from '~/lib/api-client';

export const CHECK_FORM = 'Please correct the errors below.';

/** A refused or failed call as a form shows it: field errors under their fields, a message above them. */
export function formFailure(error: unknown): { fields: FieldErrors; message: string } {
  if (error instanceof ApiError) {
    const hasFields = Object.keys(error.fields).length > 0;
    return { fields: error.fields, message: hasFields && error.generic ? CHECK_FORM : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
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
