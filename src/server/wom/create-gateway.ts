import type { Clock } from '#shared/clock.ts';
import type { Config } from '../config.ts';
import { WomGateway } from './wom-gateway.ts';
import { WomLimiter } from './wom-limiter.ts';

/**
 * The process's one gateway: one limiter for every WOM call this instance makes. The limiter keeps
 * half of each minute's budget for the sync (a run makes at most 10 requests, decision 006: half of
 * the keyless 20); visitors' refreshes (`forVisitors()`) get only the other half, when free.
 */
export function createWomGateway(
  config: Config,
  clock: Clock,
  baseUrl: string = config.wom.baseUrl,
  log?: { warn(message: string): void },
): WomGateway {
  return new WomGateway({
    baseUrl,
    apiKey: config.wom.apiKey,
    // WOM asks every client to identify itself so abuse can be traced to an app, not just an IP.
    userAgent: `clan-site (${config.clan.name})`,
    limiter: new WomLimiter(config.wom.requestsPerMinute, clock),
    log,
  });
}
