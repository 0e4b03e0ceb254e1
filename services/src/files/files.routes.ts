import { Hono } from 'hono';
import { fixedError } from '@desk/platform/errors/domain-error';
import type { FileStorage } from './file-storage';
import type { UrlSigner } from './url-signer';

/** Whether whoever a verified link names may still open it (proof-links.ts). */
export type LinkViewerCheck = (query: Record<string, string>) => Promise<boolean>;

const FileLinkError = fixedError('invalid_link', 403, 'This file link has expired or is invalid. Please reload the order.');

/**
 * GET /api/files/:fileId with a signed, expiring query: proof files open in an <img> or a new tab,
 * which send no Authorization header. A proof link names its viewer, who must still be allowed when
 * it is opened. Served with the detected type, never sniffed, and sandboxed.
 */
export function fileRoutes(files: FileStorage, signer: UrlSigner, viewerMayOpen: LinkViewerCheck) {
  return new Hono().get('/:fileId', async (c) => {
    const fileId = c.req.param('fileId');
    const query = c.req.query();
    if (!signer.verify(`/api/files/${fileId}`, query) || !(await viewerMayOpen(query))) throw new FileLinkError();
    const file = await files.load(fileId);
    if (!file) return c.json({ error: 'File not found', code: 'not_found' }, 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      'content-type': file.contentType,
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=900',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    });
  });
}
