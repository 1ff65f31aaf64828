import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('warms the icons it is asked for, those on disk without asking the upstream, and holds them', async () => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, 'nex.png'), TINY_PNG);
    const icons = service();
    expect([...icons.held()]).toEqual([]);
    await icons.warm(['nex.png', 'zulrah.png', 'vorkath.png']);
    expect([...icons.held()].sort()).toEqual(['nex.png', 'vorkath.png', 'zulrah.png']);
    expect(upstream.requests.sort()).toEqual(['/img/icons_small/vorkath.png', '/img/icons_small/zulrah.png']);
  });

  it('stops warming at a failing upstream, still holding what the disk had', async () => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, 'nex.png'), TINY_PNG);
    upstream.answer(500);
    const icons = service();
    const names = ['nex.png', ...Array.from({ length: 20 }, (_, index) => `boss_${index}.png`)];
    await icons.warm(names);
    expect([...icons.held()]).toEqual(['nex.png']);
    // One icon tells the upstream is down: the rest wait for the next warm-up.
    expect(upstream.requests).toHaveLength(1);
  });

  it('goes on warming past icons the upstream does not have', async () => {
    upstream.answer(404);
    const icons = service();
    const names = Array.from({ length: 10 }, (_, index) => `boss_${index}.png`);
    await icons.warm(names);
    expect(upstream.requests).toHaveLength(10);
    expect(icons.held().size).toBe(0);
  });

  it('serves the same bytes and ETag from memory once loaded', async () => {
    const icons = service();
    const first = await icons.get('vorkath.png');
    expect(first?.body).toEqual(TINY_PNG);
    expect(await icons.get('vorkath.png')).toBe(first);
    expect(upstream.requests).toHaveLength(1);
  });
});
