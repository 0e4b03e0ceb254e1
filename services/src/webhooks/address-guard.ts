import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * Addresses a production desk never sends a webhook to (decision 0039): this machine, private
 * networks, link-local (where cloud metadata services answer: 169.254.169.254, fd00:ec2::254),
 * carrier-grade NAT, multicast and the reserved ranges. Otherwise a brand admin could point an
 * endpoint at the desk's own network and read the answers in the delivery log.
 */
const REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, prefix, 'ipv4');
// IPv6 forms that carry an IPv4 address inside (IPv4-compatible ::/96, SIIT ::ffff:0:0:0/96, 6to4
// 2002::/16, NAT64 64:ff9b::/96 and 64:ff9b:1::/48) are refused whole: none is a webhook's
// address, and each can reach a private IPv4 network through a relay (review 11, F4).
for (const [net, prefix] of [
  ['::', 96],
  ['::1', 128],
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(net, prefix, 'ipv6');

/** Whether a production desk refuses to send to this IP address. IPv4 written inside IPv6 is judged as IPv4. */
export function isRefusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return REFUSED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  readonly code = 'refused_address';
  constructor(host: string) {
    super(`${host} resolves to a private or reserved address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the HTTP client that refuses what isRefusedAddress refuses: the address checked
 * is the address connected to, so a name that answers differently the second time (DNS rebinding)
 * gains nothing.
 */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isRefusedAddress(a.address));
    if (refused || list.length === 0) return callback(new RefusedAddressError(hostname), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
