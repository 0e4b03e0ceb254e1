import { ApiError, errorText } from '../../../lib/api';

/** Why a statement was not imported, as the upload card shows it. */
export interface UploadRefusal {
  /** The server's sentences (naming the line or the header), in the order it gave them. */
  problems: string[];
  /** No layout read the file (the server's `mapping` refusal): the columns must be set by hand. */
  noLayoutReads: boolean;
  /** A column mapping's own problems, by the mapping field the server names ("amounts.debit"). */
  mappingErrors: Record<string, string>;
}

const MAPPING_FIELD = /^mapping\.(.+)$/;

/**
 * The server's refusal of an upload in the desk's words: each problem it named (a line it cannot
 * read, another account's statement, a header it cannot find) as it wrote it, a column mapping's
 * problems kept for the fields they name, and a lost connection said as such.
 */
export function uploadRefusal(error: unknown): UploadRefusal {
  const refusal: UploadRefusal = { problems: [], noLayoutReads: false, mappingErrors: {} };
  if (!(error instanceof ApiError)) return { ...refusal, problems: ['The statement could not be imported. Please try again.'] };
  if (error.status === 0) return { ...refusal, problems: ['The upload did not reach the server. Check your connection and upload the statement again.'] };
  const details = error.body.error === 'validation_error' ? (error.body.details ?? []) : [];
  if (details.length === 0) return { ...refusal, problems: [errorText(error.body, error.status, 'The statement could not be imported. Please try again.')] };
  for (const { path, message } of details) {
    const field = MAPPING_FIELD.exec(path)?.[1];
    if (field !== undefined) {
      refusal.mappingErrors[field] ??= message;
      continue;
    }
    if (path === 'mapping') refusal.noLayoutReads = true;
    refusal.problems.push(message);
  }
  if (refusal.problems.length === 0) refusal.problems.push('Some of the columns need correcting: see the messages under them.');
  return refusal;
}
