/**
 * A deposit wallet's QR code is what a customer scans to pay, so it must pay the wallet's own
 * address (security review, issue 27: an uploaded QR was never decoded, and a link to an image on
 * another site was shown to customers as it was, never checked). The rule:
 * - an uploaded image must hold a QR code that pays the wallet's address (the server decodes it);
 * - a link to an image on another site is no longer taken: the server never fetches other sites,
 *   so it could not check it (wallets that kept one from before show customers a QR drawn from the
 *   address instead);
 * - with neither, a QR is drawn from the address.
 * Pure: the decoding is the server's; this reads what the code says.
 */
import type { Network } from '../addresses/networks';

export const QR_URL_REFUSED =
  'A QR code cannot be a link to another site: the desk cannot check what it pays. Upload the QR image (it is checked against the address), or leave it empty to have one drawn from the address';
export const QR_UNREADABLE =
  'No QR code could be read in this image. Upload a clear PNG or JPEG of the QR code of the address, or leave it empty to have one drawn';
export const qrPaysElsewhere = (target: string, address: string) =>
  `This QR code pays ${target}, not the wallet's address ${address}. Upload the QR code of ${address}, or leave it empty to have one drawn`;

/**
 * The address a scanned QR code pays: the text itself when it is a bare address, else the target of
 * a payment URI (`tron:T…`, `ethereum:0x…@56?value=…`); for an EIP-681 token transfer
 * (`ethereum:<token>/transfer?address=<recipient>&uint256=…`) the recipient, not the token contract.
 */
export function qrPaymentTarget(text: string): string {
  const trimmed = text.trim();
  const uri = /^[a-z][a-z0-9+.-]*:(?!\/\/)(.*)$/i.exec(trimmed);
  if (!uri) return trimmed;
  const rest = uri[1]!;
  const [path = '', query = ''] = rest.split('?', 2);
  const [target = '', ...functionPath] = path.split('/');
  if (functionPath.join('/').toLowerCase() === 'transfer') {
    const recipient = new URLSearchParams(query).get('address');
    if (recipient) return recipient;
  }
  return target.split('@')[0]!;
}

/** Addresses compare as their networks write them: EVM hex in any case, TRON's base58 exactly. */
const sameAddress = (a: string, b: string, network: Network) => (network === 'TRC20' ? a === b : a.toLowerCase() === b.toLowerCase());

/** What is wrong with a decoded QR code for this wallet (null: it pays the wallet's address). */
export function qrAddressProblem(decoded: string | null, wallet: { network: Network; address: string }): string | null {
  if (decoded === null || decoded.trim() === '') return QR_UNREADABLE;
  const target = qrPaymentTarget(decoded);
  return sameAddress(target, wallet.address, wallet.network) ? null : qrPaysElsewhere(target.slice(0, 120), wallet.address);
}
