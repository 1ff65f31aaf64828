import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { DINK_MOMENTS } from './dink-moments.job.ts';
import { connectDink, examplePayload, postDink } from './dink.testing.ts';

const POSTS = 12;
/** The moment whose insert ends its own connection, mid-transaction. */
const CUT_AT = 4;

describe('postgres: Dink moments when the database connection is lost', () => {
  let t: TestApp;
  let roles: SignedInRoles;
  beforeEach(async () => {
    t = await createTestApp('postgres');
    roles = await signInRoles(t);
    await addMember(t, '42', 'Wise Rune');
    await claimCharacter(t, roles.userId, '42');
  });
  afterEach(async () => t.close());

  it('makes each post one moment and counts each drop once, whatever transaction was cut', async () => {
    const { token } = await connectDink(t, '42', roles.headers('user'));
    for (let n = 1; n <= POSTS; n += 1) {
      const body = examplePayload(n % 2 === 0 ? 'pet.json' : 'loot.json');
      expect((await postDink(t, token, { ...body, content: `post ${n}` })).statusCode).toBe(202);
    }
    // The connection that inserts the CUT_AT-th moment is ended inside its transaction.
    await sql`
      create function cut_connection() returns trigger language plpgsql as $$
      begin
        if (select count(*) from dink_moments) = ${sql.lit(CUT_AT)} then
          perform pg_terminate_backend(pg_backend_pid());
        end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger cut_connection after insert on dink_moments
      for each row execute function cut_connection()`.execute(t.database.db);
    const cut = await t.runJob(DINK_MOMENTS).catch((error: unknown) => error);
    expect(cut).not.toMatchObject({ outcome: 'succeeded' });
    const moments = () => t.database.db.selectFrom('dink_moments').select('post_id').execute();
    expect(await moments()).toHaveLength(CUT_AT - 1);

    await sql`drop trigger cut_connection on dink_moments`.execute(t.database.db);
    expect((await t.runJob(DINK_MOMENTS)).outcome).toBe('succeeded');
    const made = await moments();
    expect(made).toHaveLength(POSTS / 2);
    expect(new Set(made.map((row) => row.post_id)).size).toBe(POSTS / 2);
    const loot = await t.database.db
      .selectFrom('dink_loot_totals')
      .select(['total_value', 'drops'])
      .execute();
    expect(loot).toEqual([{ total_value: (POSTS / 2) * 42_069, drops: POSTS / 2 }]);
  });

  it('sets aside a post the database cannot hold, and goes on with the posts behind it', async () => {
    const { token } = await connectDink(t, '42', roles.headers('user'));
    for (const name of ['Poison', 'Olmlet']) {
      const pet = {
        ...examplePayload('pet.json'),
        extra: { petName: name, milestone: '', duplicate: false },
      };
      expect((await postDink(t, token, pet)).statusCode).toBe(202);
    }
    // Whatever a post carries that the checks before missed, the database refuses it as out of range.
    await sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.title = 'Pet: Poison' then
          raise exception 'out of range' using errcode = 'numeric_value_out_of_range';
        end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger refuse_poison before insert on dink_moments
      for each row execute function refuse_poison()`.execute(t.database.db);

    expect((await t.runJob(DINK_MOMENTS)).outcome).toBe('succeeded');
    const moments = await t.database.db.selectFrom('dink_moments').select('title').execute();
    expect(moments.map((moment) => moment.title)).toEqual(['Pet: Olmlet']);
    const pending = await t.database.db
      .selectFrom('dink_posts')
      .select('id')
      .where('processed_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });
});
