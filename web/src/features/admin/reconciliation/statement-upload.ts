import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { authToken } from '../../../lib/auth-token';
import { signOutRefused } from '../../../lib/refused-session';
import type { ImportAnswer } from './reconciliation-api';

/** How far an upload has got: the bytes sent, then (all sent) the server reading and recording the lines. */
export type UploadProgress = { stage: 'sending'; percent: number } | { stage: 'reading' };

interface StatementUpload {
  accountId: string;
  file: File;
  /** A CSV or XLSX statement's column mapping as JSON; null lets the server use the saved one or the first layout that reads the file. */
  mapping: string | null;
  onProgress: (progress: UploadProgress) => void;
}

/**
 * Sends a statement (POST /api/admin/bank-accounts/:id/statements, multipart) through
 * XMLHttpRequest, which reports the upload's progress (fetch reports none). It carries what every
 * call of the typed client carries: the session token, a fresh Idempotency-Key, and a 401 signs
 * out (lib/api.ts); a refusal is the same ApiError, a lost connection status 0.
 */
export function uploadStatement({ accountId, file, mapping, onProgress }: StatementUpload): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/bank-accounts/${encodeURIComponent(accountId)}/statements`);
    const token = authToken.get();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('idempotency-key', newIdempotencyKey());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ stage: 'sending', percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)) });
    };
    // Every byte is with the server: what remains is its reading the file and recording the lines.
    request.upload.onload = () => onProgress({ stage: 'reading' });
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve(body as ImportAnswer);
      if (request.status === 401 && token) signOutRefused(token);
      reject(new ApiError(request.status, (body ?? {}) as ApiError['body']));
    };
    request.onerror = () => reject(new ApiError(0, {}));
    request.onabort = () => reject(new ApiError(0, {}));
    const form = new FormData();
    form.set('file', file, file.name);
    if (mapping !== null) form.set('mapping', mapping);
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
