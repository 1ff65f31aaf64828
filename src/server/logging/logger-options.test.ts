import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options.ts';

function recordingSink() {
  const written: string[] = [];
  return { sink: { write: (text: string) => written.push(text) }, written };
}

describe('loggerOptions', () => {
  it('in pretty format, writes readable lines instead of JSON', async () => {
    const { sink, written } = recordingSink();
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, sink) });
    app.log.warn({ job: 'wom-sync' }, 'Sync is slow');
    app.log.debug('below the level');
    await app.close();
    expect(written).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}Sync is slow job=wom-sync\n$/)]);
  });

  it("in JSON format, leaves pino's own stdout destination in place", () => {
    expect(loggerOptions({ logLevel: 'debug', logFormat: 'json' })).toEqual({ level: 'debug' });
  });
});
