import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { startTcpProxy, type TcpProxy } from '#test/tcp-proxy.ts';
import { startTestIconUpstream, TINY_PNG, type TestIconUpstream } from './icon-upstream.testing.ts';
import { createIconService } from './icons.service.ts';

describe('icon service', () => {
  let upstream: TestIconUpstream;
  let proxy: TcpProxy;
  let cacheDir: string;
  const warnings: string[] = [];

  const service = (fetchTimeoutMs?: number) =>
    createIconService({
      baseUrl: proxy.routeTo(upstream.baseUrl),
      cacheDir,
      clock: createManualClock(),
      log: { warn: (message: string) => warnings.push(message) },
      fetchTimeoutMs,
    });

  beforeEach(async () => {
    upstream = await startTestIconUpstream();
    const { hostname, port } = new URL(upstream.baseUrl);
    proxy = await startTcpProxy({ host: hostname, port: Number(port) });
    cacheDir = mkdtempSync(join(tmpdir(), 'clan-icons-'));
    warnings.length = 0;
  });
  afterEach(async () => {
    await proxy.close();
    await upstream.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('gives up on an upstream that does not answer within the timeout', async () => {
    proxy.blackhole();
    expect(await service(50).get('vorkath.png')).toBeNull();
    expect(warnings).toHaveLength(1);
  });

  it('warns once while the upstream is failing, not once per icon', async () => {
    upstream.answer(500);
    const icons = service();
    for (const name of ['vorkath.png', 'zulrah.png', 'nex.png']) expect(await icons.get(name)).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('answered 500')]);
  });

  it('serves the same bytes and ETag from memory once loaded', async () => {
    const icons = service();
    const first = await icons.get('vorkath.png');
    expect(first?.body).toEqual(TINY_PNG);
    expect(await icons.get('vorkath.png')).toBe(first);
    expect(upstream.requests).toHaveLength(1);
  });
});
