/** The encodings a prebuilt body is kept in, best first. */
export const bodyEncodings = ['br', 'gzip'] as const;
export type BodyEncoding = (typeof bodyEncodings)[number];

/**
 * The best of our encodings that an `Accept-Encoding` header allows, or null for the plain bytes.
 * Honours q-values (`q=0` refuses) and `*`; on equal weights brotli wins, being the smaller.
 */
export function preferredEncoding(header: string | undefined): BodyEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (token === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: BodyEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of bodyEncodings) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
