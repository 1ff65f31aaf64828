import type { DiscordStandIn } from './index.ts';

/** What the control routes may do to a running stand-in: its test knobs. */
export type StandInControls = Pick<
  DiscordStandIn,
  | 'requests'
  | 'createWebhook'
  | 'deleteWebhook'
  | 'received'
  | 'resetReceived'
  | 'rateLimitNext'
  | 'failNext'
  | 'hangNext'
  | 'setRandomFailures'
  | 'resetFaults'
>;

export const CONTROL_PREFIX = '/__control';

export interface ControlReply {
  status: number;
  body: unknown;
}

const done = (): ControlReply => ({ status: 200, body: { ok: true } });
const refused = (message: string): ControlReply => ({ status: 400, body: { message } });

const optionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';

/**
 * The test knobs over HTTP, for a stand-in that journeys or a demo reach only over the network: read
 * and reset what arrived, create and delete webhooks, script faults. Served only when the stand-in is
 * started with `control: true`; never part of Discord's API.
 */
export function controlReply(
  controls: StandInControls,
  method: string,
  url: URL,
  body: Record<string, unknown>,
): ControlReply {
  const route = `${method} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  try {
    switch (route) {
      case 'GET /received':
        return { status: 200, body: controls.received(url.searchParams.get('webhook_id') ?? undefined) };
      case 'GET /requests':
        return { status: 200, body: controls.requests };
      case 'POST /reset':
        controls.resetReceived();
        return done();
      case 'POST /webhooks': {
        const { id, token, name } = body;
        if (!optionalString(id) || !optionalString(token) || !optionalString(name))
          return refused('Send {id?, token?, name?} as strings');
        const options: { id?: string; token?: string; name?: string } = {};
        if (id !== undefined) options.id = id;
        if (token !== undefined) options.token = token;
        if (name !== undefined) options.name = name;
        return { status: 201, body: controls.createWebhook(options) };
      }
      case 'POST /webhooks/delete': {
        if (typeof body.id !== 'string') return refused('Send {id}');
        controls.deleteWebhook(body.id);
        return done();
      }
      case 'POST /rate-limit-next': {
        const { count, retryAfterSeconds, global } = body;
        if (
          typeof count !== 'number' ||
          typeof retryAfterSeconds !== 'number' ||
          !['boolean', 'undefined'].includes(typeof global)
        )
          return refused('Send {count, retryAfterSeconds, global?}');
        controls.rateLimitNext(count, retryAfterSeconds, { global: global === true });
        return done();
      }
      case 'POST /fail-next': {
        const { count, status } = body;
        if (typeof count !== 'number' || typeof status !== 'number') return refused('Send {count, status}');
        controls.failNext(count, status);
        return done();
      }
      case 'POST /hang-next': {
        if (typeof body.count !== 'number') return refused('Send {count}');
        controls.hangNext(body.count);
        return done();
      }
      case 'POST /random-failures': {
        const { rate, status } = body;
        if (typeof rate !== 'number' || !['number', 'undefined'].includes(typeof status))
          return refused('Send {rate, status?}');
        controls.setRandomFailures(rate, typeof status === 'number' ? status : undefined);
        return done();
      }
      case 'POST /faults/reset':
        controls.resetFaults();
        return done();
      default:
        return { status: 404, body: { message: 'No such control route' } };
    }
  } catch (error) {
    if (error instanceof RangeError) return refused(error.message);
    throw error;
  }
}
