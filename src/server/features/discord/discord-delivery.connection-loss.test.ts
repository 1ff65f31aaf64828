import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { terminateBackendsNow } from '#test/postgres-backends.ts';
import { announce } from './discord-outbox.ts';

const MESSAGES = 8;
const LOSE_AT = 3;

describe('postgres: Discord delivery when the database connection is lost', () => {
  let t: DiscordTestApp;
  let onPost: () => void = () => undefined;
  beforeEach(async () => {
    t = await createDiscordTestApp('postgres', { standIn: { rateLimit: false, onReceived: () => onPost() } });
  });
  afterEach(async () => t.close());

  it('loses no message, and sends none twice but one whose answer could not be recorded', async () => {
    const { webhookId } = await t.addRoute(['member_joined']);
    await t.database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= MESSAGES; n += 1) {
        await announce(
          trx,
          { kind: 'member_joined', members: [{ wom_id: String(n), name: `Member${n}` }] },
          t.clock.now(),
        );
      }
    });
    onPost = () => {
      if (t.standIn.received().length !== LOSE_AT) return;
      // Discord has the message; before it answers, every connection the app holds is ended (the
      // app runs in this process, so blocking here leaves it no moment to record the answer first).
      terminateBackendsNow(t.database.url);
    };
    // The pool replaces the ended connections; a write that was cut fails the run instead.
    await t.deliver().catch(() => undefined);
    onPost = () => undefined;
    const names = () => t.texts(webhookId).map((text) => /\[(Member\d+)\]/.exec(text)![1]!);
    const before = names();

    expect(before.slice(0, LOSE_AT)).toEqual(['Member1', 'Member2', 'Member3']);
    t.clock.advance(20_000);
    expect((await t.deliver()).outcome).toBe('succeeded');
    const after = names();
    const expected = Array.from({ length: MESSAGES }, (_, i) => `Member${i + 1}`);
    expect([...new Set(after)]).toEqual(expected);
    // The one message whose answer could not be recorded is the only one sent twice.
    expect(after.length).toBeLessThanOrEqual(MESSAGES + 1);
    expect(after.filter((name, index) => after.indexOf(name) !== index)).toEqual(
      after.length > MESSAGES ? [before.at(-1)] : [],
    );
  });
});
