import { IMAGE_TOO_LARGE, IMAGE_TYPES, MAX_IMAGE_BYTES } from '@desk/machines/files/file-limits';

/** The types the server stores for logos and QR codes (checked there by content too), as a file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);

/** null when `file` can be sent as a logo or QR image; else why not, for the admin. */
export function imageProblem(file: File): string | null {
  if (!isImageType(file.type)) return 'Please choose a PNG, JPEG, GIF or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
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
