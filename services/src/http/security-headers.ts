import { secureHeaders } from 'hono/secure-headers';

const SELF = "'self'";

/**
 * The Content-Security-Policy of the client and the API (docs/operations.md, "Serving the web
 * client"). The built client is files of our own: index.html has no inline script or style, and
 * React writes `style` props through the DOM (not as markup), which a policy without
 * 'unsafe-inline' allows, as does the brand colour set on the root element at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: [SELF],
  scriptSrc: [SELF],
  styleSrc: [SELF],
  // data: QR images and picked files read inline; blob: the preview of a logo before its upload;
  // https: a brand's logo, or a wallet's QR code, may be a link to its own site.
  imgSrc: [SELF, 'data:', 'blob:', 'https:'],
  // Our own API only: a wallet's QR code link is kept as given and shown as an image, never fetched.
  connectSrc: [SELF],
  objectSrc: ["'none'"],
  baseUri: [SELF],
  formAction: [SELF],
  frameAncestors: ["'none'"],
};

/**
 * Hono's secure headers with that policy, on every answer. `overwrite: false` keeps a policy a
 * route sets for itself: uploaded files are served sandboxed (files.routes.ts).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: 'DENY',
  overwrite: false,
});
