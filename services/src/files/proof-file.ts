import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { MAX_PROOF_BYTES, PROOF_TOO_LARGE, PROOF_TYPES } from '@desk/machines/files/file-limits';

const ACCEPTED = new Set<string>(PROOF_TYPES);
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

export interface ProofFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * A proof file arrives as a data URL. Its declared type is ignored: the type is read from the
 * bytes, and only images and PDF are accepted, under 5 MB (seed-spec section 9).
 */
export async function parseProofDataUrl(dataUrl: string): Promise<ProofFile> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw ValidationError.of('dataUrl', 'File must be sent as a base64 data URL');
  const bytes = Buffer.from(match[3]!, 'base64');
  if (bytes.byteLength === 0) throw ValidationError.of('dataUrl', 'Please select a file');
  if (bytes.byteLength > MAX_PROOF_BYTES) throw ValidationError.of('dataUrl', PROOF_TOO_LARGE);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) {
    throw ValidationError.of('dataUrl', 'Only images (PNG, JPEG, GIF, WebP) and PDF files are accepted');
  }
  return { bytes, contentType: detected.mime };
}

export function extensionFor(contentType: string): string {
  return { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'application/pdf': 'pdf' }[contentType] ?? 'bin';
}
