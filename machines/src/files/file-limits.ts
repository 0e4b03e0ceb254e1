/**
 * What the desk accepts as files, checked by the screens before sending and by the server on the
 * bytes themselves (seed-spec section 9, decision 0013).
 */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
export const PROOF_TOO_LARGE = 'File size must be less than 5MB';
/** Payment proofs: images and PDF. */
export const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Images must be smaller than 2 MB';
/** Logos and QR codes: raster images only (an SVG can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
