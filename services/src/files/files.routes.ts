import { z } from 'zod';
import { fixedError } from '@desk/platform/errors/domain-error';
// Proofs are these; logos and QR codes are the images among them.
import { PROOF_TYPES } from '@desk/machines/files/file-limits';
import { declare, routes } from '../http/openapi-route';
import { alsoRefuses } from '../identity/declared-route-extras';
import type { FileStorage } from './file-storage';
import type { UrlSigner } from './url-signer';

/** Whether whoever a verified link names may still open it (proof-links.ts). */
export type LinkViewerCheck = (query: Record<string, string>) => Promise<boolean>;

const FileLinkError = fixedError('invalid_link', 403, 'This file link has expired or is invalid. Please reload the order.');

/** The query of a file's signed link (url-signer.ts, proof-links.ts): the link is used as it was given. */
export const signedFileQuery = z.object({
  exp: z.string().meta({ pattern: '^[0-9]+$' }).describe('When the link expires, in seconds since the epoch'),
  sig: z.string().describe('The signature of the path and the rest of the query'),
  by: z.string().optional().describe("A proof's link: the account it was made for"),
  as: z.enum(['customer', 'staff']).optional().describe("A proof's link: whether that account reads it as the customer or as staff"),
  tenant: z.string().optional().describe("A proof's link made for staff: the order's brand"),
});

export const fileDeclarations = {
  file: alsoRefuses(
    declare({
      method: 'get',
      path: '/{fileId}',
      tag: 'files',
      access: 'signed-link',
      summary: "A stored file from its signed link: an order's proof (15 minutes), a brand's logo or wallet QR code (a day)",
      query: signedFileQuery,
      answers: {
        200: {
          description: 'The file, served with the type read from its bytes, inline and sandboxed',
          content: Object.fromEntries(PROOF_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        },
      },
      refuses: { 404: '`not_found`: no such file (removed since the link was made)' },
    }),
    {
      400: '`validation_error`: a NUL character in the path',
      403: '`invalid_link`: the link expired, was altered, or the account it was made for may no longer open it',
    },
  ),
};

/** A query that is not a link's (no `exp` or `sig`, say) is a link that does not verify: 403, as any other. */
const notALink = (result: { success: boolean }): undefined => {
  if (!result.success) throw new FileLinkError();
  return undefined;
};

/**
 * GET /api/files/:fileId with a signed, expiring query: proof files open in an <img> or a new tab,
 * which send no Authorization header. A proof link names its viewer, who must still be allowed when
 * it is opened. Served with the detected type, never sniffed, and sandboxed.
 */
export function fileRoutes(files: FileStorage, signer: UrlSigner, viewerMayOpen: LinkViewerCheck) {
  return routes().openapi(
    fileDeclarations.file,
    async (c) => {
      const fileId = c.req.param('fileId') ?? '';
      // The whole query as sent: the signature covers every parameter of it.
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
    },
    notALink,
  );
}
