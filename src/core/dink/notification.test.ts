import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDinkNotification } from './notification.ts';

/** Dink's documented example bodies, one or more per type (../shared/reference/dink/README.md). */
const PAYLOADS = new URL('../../server/demo/dink-payloads/', import.meta.url);
const payloadFiles = readdirSync(PAYLOADS).filter((file) => file.endsWith('.json'));
const payload = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(file, PAYLOADS), 'utf8')) as Record<string, unknown>;

const valid = payload('loot.json');
const problemWith = (body: unknown): string => {
  const parsed = parseDinkNotification(body);
  return parsed.ok ? 'accepted' : parsed.problem;
};

describe('parseDinkNotification', () => {
  it('accepts every example payload Dink documents, as it was sent', () => {
    expect(payloadFiles).toHaveLength(33);
    for (const file of payloadFiles) {
      const body = payload(file);
      const parsed = parseDinkNotification(body);
      expect(parsed, file).toEqual({ ok: true, notification: body });
    }
  });

  it('accepts a LOGOUT without extra, or with a null one', () => {
    const logout = payload('logout.json');
    expect('extra' in logout).toBe(false);
    expect(parseDinkNotification(logout).ok).toBe(true);
    expect(parseDinkNotification({ ...logout, extra: null }).ok).toBe(true);
  });

  it('keeps fields Dink adds later', () => {
    const parsed = parseDinkNotification({ ...valid, futureField: { nested: [1, 2] } });
    expect(parsed.ok && parsed.notification.futureField).toEqual({ nested: [1, 2] });
  });

  it('accepts a type it does not know yet', () => {
    expect(parseDinkNotification({ ...valid, type: 'LEAGUES_2026_THING' }).ok).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'LOOT', 5, [valid]]) {
      expect(problemWith(body)).toBe('the body must be a JSON object');
    }
  });

  it('names the field that is missing or of the wrong kind', () => {
    const { type: _type, ...withoutType } = valid;
    expect(problemWith(withoutType)).toBe('type is missing');
    expect(problemWith({ ...valid, dinkAccountHash: 5 })).toBe('dinkAccountHash must be a string');
    expect(problemWith({ ...valid, seasonalWorld: 'false' })).toBe('seasonalWorld must be true or false');
    expect(problemWith({ ...valid, world: '517' })).toBe('world must be a number');
    expect(problemWith({ ...valid, extra: [] })).toBe('extra must be an object');
    expect(problemWith({ ...valid, extra: 'loot' })).toBe('extra must be an object');
    expect(problemWith({ ...valid, embeds: {} })).toBe('embeds must be a list');
    expect(problemWith({ ...valid, discordUser: { id: 5 } })).toBe('discordUser.id must be a string');
  });

  it('refuses a type that is not an upper-case name', () => {
    expect(problemWith({ ...valid, type: 'loot' })).toBe(
      'type must be upper-case letters, digits and underscores',
    );
    expect(problemWith({ ...valid, type: '' })).toBe('type must not be empty');
  });

  it('refuses empty names and texts too long to store', () => {
    expect(problemWith({ ...valid, playerName: '' })).toBe('playerName must not be empty');
    expect(problemWith({ ...valid, playerName: 'x'.repeat(65) })).toBe(
      'playerName must be at most 64 characters',
    );
    expect(problemWith({ ...valid, dinkAccountHash: 'x'.repeat(129) })).toBe(
      'dinkAccountHash must be at most 128 characters',
    );
    expect(problemWith({ ...valid, content: 'x'.repeat(10_001) })).toBe(
      'content must be at most 10000 characters',
    );
    expect(problemWith({ ...valid, embeds: Array.from({ length: 11 }, () => ({})) })).toBe(
      'embeds must have at most 10 entries',
    );
  });

  it('takes the longest texts allowed', () => {
    const longest = {
      ...valid,
      playerName: 'x'.repeat(64),
      dinkAccountHash: 'x'.repeat(128),
      content: 'x'.repeat(10_000),
      embeds: Array.from({ length: 10 }, () => ({ title: 'x' })),
    };
    expect(parseDinkNotification(longest).ok).toBe(true);
  });
});
