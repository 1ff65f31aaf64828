import { describe, expect, it, vi } from 'vitest';
import { characterPagesCache } from './character-cache.ts';

describe('characterPagesCache', () => {
  it('builds a page once per key and builds every page again when the key moves', async () => {
    const cache = characterPagesCache<string>(10);
    const build = vi.fn(async () => 'page');
    await cache('r1', '1', build);
    await cache('r1', '1', build);
    expect(build).toHaveBeenCalledTimes(1);
    await cache('r2', '1', build);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('hands out a page already built without waiting, for its key only, and no miss or evicted one', async () => {
    const cache = characterPagesCache<string>(1);
    const pending = cache('r1', '1', async () => 'page');
    expect(cache.ready('r1', '1')).toBeUndefined();
    await pending;
    expect(cache.ready('r1', '1')).toBe('page');
    expect(cache.ready('r2', '1')).toBeUndefined();
    await cache('r1', '2', async () => null);
    expect(cache.ready('r1', '2')).toBeUndefined();
    await cache('r1', '3', async () => 'other');
    expect(cache.ready('r1', '1')).toBeUndefined();
    expect(cache.ready('r1', '3')).toBe('other');
  });

  it('holds at most its limit of pages, letting the oldest go first', async () => {
    const cache = characterPagesCache<string>(2);
    const built: string[] = [];
    const get = (womId: string) =>
      cache('r1', womId, async () => {
        built.push(womId);
        return `page ${womId}`;
      });
    for (const womId of ['1', '2', '3', '3', '2', '1']) await get(womId);
    expect(built).toEqual(['1', '2', '3', '1']);
  });

  it('keeps no miss and no failed build, so the next request asks again', async () => {
    const cache = characterPagesCache<string>(10);
    const missing = vi.fn(async () => null);
    expect(await cache('r1', '9', missing)).toBeNull();
    expect(await cache('r1', '9', missing)).toBeNull();
    expect(missing).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => {
      throw new Error('database gone');
    });
    await expect(cache('r1', '8', failing)).rejects.toThrow('database gone');
    await expect(cache('r1', '8', failing)).rejects.toThrow('database gone');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
