import { isIP } from 'node:net';

/**
 * Which reverse proxies in front of the API are trusted, from TRUST_PROXY: a hop count (`1` for one
 * proxy, `true` meaning 1, `false`/`0` none), or a comma-separated list of the proxies' addresses.
 *
 * The client's address is read from the right of X-Forwarded-For, because each proxy appends the
 * address it received the request from and the leftmost entries are whatever the client wrote.
 * With n trusted hops, the client is the address n steps left of the socket's peer; with a list,
 * the first address from the right that is not a trusted proxy. Anything that is not an IP address
 * there is ignored and the socket's peer is used.
 */
export class ProxyTrust {
  private constructor(
    private readonly hops: number,
    private readonly addresses: ReadonlySet<string>,
  ) {}

  static none(): ProxyTrust {
    return new ProxyTrust(0, new Set());
  }

  static hops(count: number): ProxyTrust {
    return new ProxyTrust(count, new Set());
  }

  static addresses(list: readonly string[]): ProxyTrust {
    return new ProxyTrust(0, new Set(list));
  }

  /** Parses TRUST_PROXY; null when the value is none of the forms above. */
  static parse(value: string | undefined): ProxyTrust | null {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '' || text === 'false' || text === '0') return ProxyTrust.none();
    if (text === 'true') return ProxyTrust.hops(1);
    if (/^\d{1,2}$/.test(text)) return ProxyTrust.hops(Number(text));
    const list = text.split(',').map((a) => a.trim());
    return list.every((a) => isIP(a) !== 0) ? ProxyTrust.addresses(list) : null;
  }

  /** Whether anything in front of the API is trusted (its forwarded host headers included). */
  get enabled(): boolean {
    return this.hops > 0 || this.addresses.size > 0;
  }

  /** The client's address from the forwarded chain and the socket's peer (null when unknown). */
  clientIp(forwardedFor: string | undefined, peer: string | null): string | null {
    const socket = peer ? unmapped(peer) : null;
    if (!this.enabled || !forwardedFor) return socket;
    const chain = [...forwardedFor.split(',').map((a) => unmapped(a.trim())), ...(socket ? [socket] : [])];
    let candidate: string | undefined;
    if (this.hops > 0) {
      candidate = chain[Math.max(0, chain.length - 1 - this.hops)];
    } else {
      const rightmostUntrusted = chain.findLastIndex((address) => !this.addresses.has(address));
      candidate = chain[Math.max(0, rightmostUntrusted)];
    }
    return candidate && isIP(candidate) !== 0 ? candidate : socket;
  }
}

/** An IPv4 peer seen on an IPv6 socket ("::ffff:203.0.113.7") is the IPv4 address. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
