import { isIP } from 'node:net';

/**
 * What a per-address rate limit counts a client by (review 12's F4): an IPv4 address as it is; an
 * IPv6 address by its /64, the block one home or office is given (one client holds a whole /64 and
 * may send from any of its 2^64 addresses, in any spelling); an IPv4 address written as IPv6
 * (`::ffff:203.0.113.9`) as that IPv4 address. Anything else as it came.
 */
export function clientAddressKey(address: string): string {
  if (isIP(address) === 4) return address;
  if (isIP(address) !== 6) return address;
  const hextets = expandIpv6(address.toLowerCase().replace(/%.*$/, ''));
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a trailing dotted IPv4 part expanded). */
function expandIpv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
