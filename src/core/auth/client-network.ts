/** Hextets of an IPv6 address kept to name its network: a /64, what one subscriber is usually given. */
const IPV6_NETWORK_HEXTETS = 4;

/** The eight hextets of an IPv6 address, `::` expanded and an embedded IPv4 tail turned into two. */
function hextetsOf(address: string): string[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, ipv4Tail.index) + tail;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const hextets = [...head, ...Array<string>(missing).fill('0'), ...tail];
  return hextets.every((h) => /^[0-9a-f]{1,4}$/.test(h))
    ? hextets.map((h) => h.replace(/^0+(?=.)/, ''))
    : null;
}

/**
 * What a client's address counts as for rate limits. An IPv4 address counts alone; an IPv6 one by
 * its /64 network, since one subscriber holds a whole /64 and could otherwise take a fresh address
 * for every guess. An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientNetworkOf(address: string): string {
  if (!address.includes(':')) return address;
  const hextets = hextetsOf(address);
  if (!hextets) return address;
  const mapped = hextets.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  if (mapped) {
    const [high, low] = [parseInt(hextets[6]!, 16), parseInt(hextets[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${hextets.slice(0, IPV6_NETWORK_HEXTETS).join(':')}::/64`;
}
