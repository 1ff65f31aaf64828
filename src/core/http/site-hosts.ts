/**
 * `name[:port]` as a URL's host reads it: lowercased, the scheme's default port dropped, an IPv6
 * address in brackets; null when it is no host (empty, a path, a login, spaces).
 */
export function normalHost(host: string): string | null {
  if (host === '' || /[/?#@\\\s]/.test(host)) return null;
  try {
    const { host: normal } = new URL(`http://${host}`);
    return normal === '' ? null : normal;
  } catch {
    return null;
  }
}

/** A normal host without its port: `[::1]:3000` → `[::1]`, `clan.example:8080` → `clan.example`. */
function nameOf(normal: string): string {
  const portAt = normal.lastIndexOf(':');
  return portAt > normal.lastIndexOf(']') ? normal.slice(0, portAt) : normal;
}

/**
 * Whether a Host header names one of the site's hosts. An entry without a port matches the name at
 * any port (a port-forward or a proxy may change it); an entry with a port matches only that port.
 */
export function isSiteHost(siteHosts: readonly string[], host: string): boolean {
  const normal = normalHost(host);
  if (normal === null) return false;
  const name = nameOf(normal);
  return siteHosts.some((entry) => entry === normal || entry === name);
}
