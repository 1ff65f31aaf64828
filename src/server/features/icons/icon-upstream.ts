/** Game icons are small sprites (about 1 KB); anything far larger is not an icon. */
const MAX_ICON_BYTES = 256 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(body: Buffer): boolean {
  return body.length > PNG_SIGNATURE.length && body.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** The upstream answered, but not with the icon: `status` tells a missing icon (404) from a failing host. */
export class UpstreamRefusal extends Error {
  constructor(
    url: string,
    readonly status: number,
  ) {
    super(`${url} answered ${status}`);
  }
}

/**
 * One icon from the upstream icon host, within `timeoutMs`. Throws with a short reason when the host
 * cannot be reached, answers anything but 200, or sends something that is not a PNG (an error page).
 */
export async function fetchUpstreamIcon(baseUrl: string, name: string, timeoutMs: number): Promise<Buffer> {
  const url = `${baseUrl.replace(/\/+$/, '')}/${name}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new UpstreamRefusal(url, response.status);
  }
  if (Number(response.headers.get('content-length')) > MAX_ICON_BYTES) {
    await response.body?.cancel();
    throw new Error(`${url} is too large for an icon`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_ICON_BYTES) throw new Error(`${url} is too large for an icon`);
  if (!isPng(body)) throw new Error(`${url} is not a PNG image`);
  return body;
}
