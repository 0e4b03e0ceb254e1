/** Hosts that are this machine: the only ones plain http may name, and only outside production. */
const THIS_MACHINE = new Set(['localhost', '127.0.0.1', '[::1]']);

export const URL_MAX = 2000;

/**
 * Why a webhook address is refused, or null when it is acceptable (decision 0039): https, or plain
 * http to this machine while developing (a receiver on the developer's own laptop); never a user
 * name or password in the address (they would sit in the database and the admin trail in the clear).
 * Where an https host resolves to is checked again at every delivery in production (address-guard.ts).
 */
export function endpointUrlProblem(text: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address, starting with https://';
  }
  if (url.username || url.password) return 'The address must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'The address must start with https://';
  if (production) return 'The address must start with https://';
  if (!THIS_MACHINE.has(url.hostname)) return 'Plain http:// is allowed only to this machine (localhost); use https://';
  return null;
}

/** The address as the admin trail records it: without its query, which may carry the receiver's own token. */
export function urlForTrail(text: string): string {
  const url = new URL(text);
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}
