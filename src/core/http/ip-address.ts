/** An address read from a socket or a forwarded header; an IPv4 address written as IPv6 is IPv4. */
export type IpAddress = { version: 4; octets: number[] } | { version: 6; hextets: number[] };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

/** Leading zeros are read as decimal: proxies pad, nobody means octal in a forwarded header. */
function parseIpv4(text: string): number[] | null {
  const parts = IPV4.exec(text);
  if (!parts) return null;
  const octets = parts.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight hextets of an IPv6 address: `::` expanded, an IPv4 tail as two, a zone (`%eth0`) dropped. */
function parseIpv6(text: string): number[] | null {
  const [address = '', ...zone] = text.split('%');
  if (zone.length > 1 || zone[0] === '') return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1)!;
  const tail = last.at(-1);
  if (tail?.includes('.')) {
    const octets = parseIpv4(tail);
    if (!octets) return null;
    last.splice(
      -1,
      1,
      ((octets[0]! << 8) | octets[1]!).toString(16),
      ((octets[2]! << 8) | octets[3]!).toString(16),
    );
  }
  const [head = [], rest = []] = groups;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const hextets = [...head, ...Array<string>(missing).fill('0'), ...rest];
  return hextets.every((hextet) => HEXTET.test(hextet))
    ? hextets.map((hextet) => parseInt(hextet, 16))
    : null;
}

function fromIpv6(hextets: number[]): IpAddress {
  const mapped = hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff;
  if (!mapped) return { version: 6, hextets };
  const [high = 0, low = 0] = hextets.slice(6);
  return { version: 4, octets: [high >> 8, high & 255, low >> 8, low & 255] };
}

/**
 * Reads an address however a socket or a proxy wrote it: `1.2.3.4`, `1.2.3.4:5678`, `001.002.003.004`,
 * `2001:DB8::1`, `[2001:db8::1]`, `[2001:db8::1]:443`, `::ffff:1.2.3.4`; null when it is none.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const trimmed = text.trim();
  const bracketed = BRACKETED.exec(trimmed);
  if (bracketed) {
    const hextets = parseIpv6(bracketed[1]!);
    return hextets ? fromIpv6(hextets) : null;
  }
  const ipv4 = parseIpv4(IPV4_WITH_PORT.exec(trimmed)?.[1] ?? trimmed);
  if (ipv4) return { version: 4, octets: ipv4 };
  const hextets = trimmed.includes(':') ? parseIpv6(trimmed) : null;
  return hextets ? fromIpv6(hextets) : null;
}

/** The longest run of two or more zero hextets, the first of equals (RFC 5952 §4.2.3); null when none. */
function longestZeroRun(hextets: number[]): { start: number; length: number } | null {
  let best: { start: number; length: number } | null = null;
  for (let start = 0; start < hextets.length; start += 1) {
    let length = 0;
    while (hextets[start + length] === 0) length += 1;
    if (length >= 2 && length > (best?.length ?? 0)) best = { start, length };
    start += length;
  }
  return best;
}

/** The one way to write an address: dotted decimal, or RFC 5952 IPv6 (lower case, `::` for the longest zero run). */
export function formatIpAddress(address: IpAddress): string {
  if (address.version === 4) return address.octets.join('.');
  const hex = address.hextets.map((hextet) => hextet.toString(16));
  const run = longestZeroRun(address.hextets);
  if (!run) return hex.join(':');
  return `${hex.slice(0, run.start).join(':')}::${hex.slice(run.start + run.length).join(':')}`;
}
