import { parseIpAddress } from '../http/ip-address.ts';

/** Hextets of an IPv6 address kept to name its network: a /64, what one subscriber is usually given. */
const IPV6_NETWORK_HEXTETS = 4;

/**
 * What every value that is not an address counts as: one shared bucket, so a proxy's garbage cannot
 * give each request a fresh limit.
 */
export const UNPARSABLE_ADDRESS = 'unparsable';

/**
 * What a client's address counts as for limits, however it was written (`ip:port`, `[v6]:port`,
 * leading zeros, upper case, `::` or not). An IPv4 address counts alone, also written as IPv6
 * (`::ffff:1.2.3.4`); an IPv6 one by its /64 network, since one subscriber holds a whole /64 and could
 * otherwise take a fresh address for every guess.
 */
export function clientNetworkOf(text: string): string {
  const address = parseIpAddress(text);
  if (!address) return UNPARSABLE_ADDRESS;
  if (address.version === 4) return address.octets.join('.');
  const network = address.hextets.slice(0, IPV6_NETWORK_HEXTETS).map((hextet) => hextet.toString(16));
  return `${network.join(':')}::/64`;
}
