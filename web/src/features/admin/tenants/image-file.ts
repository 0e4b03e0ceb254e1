/** Sizes and types the server stores for logos and QR codes (checked there by content too). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** null when `file` can be sent as a logo or QR image; else why not, for the admin. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.split(',').includes(file.type)) return 'Please choose a PNG, JPEG, GIF or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be smaller than 2 MB';
  return null;
}

/** The file's bytes inline, as the JSON tenant edit carries a wallet's QR image. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(blob);
  });
}
