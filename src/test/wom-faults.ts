import type { Clock } from '#shared/clock.ts';
import type { WomSimulator } from '#stand-ins/wom/index.ts';
import { WomGateway } from '#server/wom/wom-gateway.ts';
import { WomLimiter } from '#server/wom/wom-limiter.ts';

const BODIES = {
  json: 'a JSON error',
  html: 'an HTML page',
  truncated: 'JSON cut off halfway',
  empty: 'an empty body',
} as const;

/** Attempts the fault tests' gateway makes per call: every one must fail for the call to fail. */
const ATTEMPTS = 3;
/** Short, so a test can make WOM slower than it without waiting the production 30 s. */
const TIMEOUT_MS = 500;
const RETRY_AFTER_SECONDS = 30;
/** How far a test moves its clock after a fault, so a 429's Retry-After has passed. */
export const FAULT_PAUSE_MS = RETRY_AFTER_SECONDS * 1000;

/**
 * The real gateway with a timeout a test can exceed, on the test's clock (so a 429 blocks only
 * until the test moves it), retrying at once instead of after a real backoff.
 */
export function faultTestGateway(baseUrl: string, clock: Clock): WomGateway {
  return new WomGateway({
    baseUrl,
    apiKey: null,
    userAgent: 'clan-site (fault tests)',
    limiter: new WomLimiter(10_000, clock),
    timeoutMs: TIMEOUT_MS,
    maxAttempts: ATTEMPTS,
    sleep: async () => undefined,
  });
}

export interface WomFault {
  /** Reads after "when": 'WOM is down'. */
  name: string;
  apply(simulator: WomSimulator): void;
}

/**
 * Every way the simulator can fail a player request, each lasting through the gateway's retries:
 * outages, server errors with each kind of body, rate limits, answers too slow to wait for, and
 * 200s whose body is not WOM's JSON.
 */
export const WOM_FAILURES: readonly WomFault[] = [
  { name: 'WOM is down behind a proxy (HTML 503)', apply: (s) => s.setFaults({ down: true }) },
  { name: 'every WOM request fails with a 500', apply: (s) => s.setFaults({ errorRate: 1 }) },
  ...(
    [
      [500, 'json'],
      [502, 'html'],
      [503, 'truncated'],
      [504, 'empty'],
    ] as const
  ).map(([status, body]) => ({
    name: `WOM answers ${status} with ${BODIES[body]} on every attempt`,
    apply: (s: WomSimulator) => s.failNext(ATTEMPTS, status, body),
  })),
  {
    name: 'WOM rate-limits the site with a 429',
    apply: (s) => s.rateLimitNext(ATTEMPTS, RETRY_AFTER_SECONDS),
  },
  {
    name: "WOM answers slower than the gateway's timeout",
    apply: (s) => s.setFaults({ latencyMs: TIMEOUT_MS * 4 }),
  },
  ...(['html', 'json', 'truncated', 'empty'] as const).map((body) => ({
    name: `WOM answers 200 with ${BODIES[body]} instead of a player`,
    apply: (s: WomSimulator) => s.failNext(ATTEMPTS, 200, body),
  })),
];
