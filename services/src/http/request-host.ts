/**
 * The host a request names, in the one form tenant domains are kept in: lower case, without a port
 * and without the trailing dot of a fully qualified name. `sunrise.example.com.` is the same host as
 * `sunrise.example.com` to every browser and resolver; read as another, it fell through to the
 * operator's brand, and sign-ups through it landed there (security review, issue 27).
 */
export function requestHost(raw: string | undefined | null): string | null {
  let host = (raw ?? '').trim().toLowerCase();
  // An IPv6 literal keeps its brackets; any port after it, or after a name, goes.
  host = host.startsWith('[') ? host.replace(/^(\[[^\]]*\])(:\d+)?$/, '$1') : host.replace(/:\d+$/, '');
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host === '' ? null : host;
}
