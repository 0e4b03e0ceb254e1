/**
 * A wallet's QR code given as a link: kept as the admin typed it and shown from there, never fetched
 * by the browser or the server (decision 0018). https only: the admin pages and the customers'
 * payment details load it as an image, and nothing else belongs in an <img src>.
 */
export const QR_URL_MESSAGE = 'QR code URL must start with https://';
export const MAX_QR_URL_LENGTH = 2000;

/** What is wrong with a typed QR code link (already trimmed), or null. */
export function qrUrlProblem(url: string): string | null {
  if (url.length > MAX_QR_URL_LENGTH || !/^https:\/\/[^\s/?#]+[^\s]*$/i.test(url)) return QR_URL_MESSAGE;
  try {
    return new URL(url).protocol === 'https:' ? null : QR_URL_MESSAGE;
  } catch {
    return QR_URL_MESSAGE;
  }
}
