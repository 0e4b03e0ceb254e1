import { ApiError } from './api';
import { failureText } from './failure-text';

/**
 * The server's validation details for the fields a form has, by input name: the server names a
 * field by its path in the body (`limits.buyInr.min`), which is how the settings forms name their
 * inputs, so its message can stand under the input rather than in a toast. Details for anything
 * else stay with the form's general error.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError) || error.body.error !== 'validation_error') return {};
  const problems: Record<string, string> = {};
  for (const { path, message } of error.body.details ?? []) {
    if (fields.includes(path) && !(path in problems)) problems[path] = message;
  }
  return problems;
}

/** Whether every detail of a validation error went under one of the fields. */
export function allUnderFields(error: unknown, underFields: Record<string, string>): boolean {
  const details = error instanceof ApiError ? (error.body.details ?? []) : [];
  return details.length > 0 && details.every(({ path }) => path in underFields);
}

/**
 * A form's general error line: the failure in words, unless there is none or every problem already
 * stands under its field.
 */
export function failureBesideFields(error: unknown, underFields: Record<string, string>, fallback: string): string | null {
  return error && !allUnderFields(error, underFields) ? failureText(error, fallback) : null;
}
