/** Why a WOM call failed; the sync records it and keeps the last good data. */
export type WomFailure =
  | { kind: 'http'; status: number; code: string | null }
  | { kind: 'invalid-body' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  /** The site's own limiter kept the budget for the sync; nothing was sent. */
  | { kind: 'budget' };

export class WomError extends Error {
  override name = 'WomError';

  constructor(
    readonly failure: WomFailure,
    message: string,
    readonly path: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  get status(): number | null {
    return this.failure.kind === 'http' ? this.failure.status : null;
  }

  /** Worth another try later: rate limits, server errors, timeouts and dropped connections. */
  get retryable(): boolean {
    const { failure } = this;
    if (failure.kind === 'http') return failure.status === 429 || failure.status >= 500;
    return failure.kind !== 'invalid-body' && failure.kind !== 'budget';
  }
}
