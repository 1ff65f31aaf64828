import { describe, expect, it } from 'vitest';
import { parseLadder, pointsInputSchema, profileInputSchema, ranksInputSchema } from './admin-clan.schema.ts';
import { DEFAULT_LADDER } from './default-rules.ts';
import { RANK_MEASURES } from './rank-ladder.schema.ts';

/** The default ladder as a request would send it, with its skiller path's ranks changed. */
function withSkillerRanks(change: (ranks: unknown[]) => unknown[]): { paths: unknown[]; exempt: unknown[] } {
  const [skillers, ...others] = DEFAULT_LADDER.paths;
  return {
    paths: [{ ...skillers, ranks: change(structuredClone(skillers!.ranks)) }, ...others],
    exempt: [...DEFAULT_LADDER.exempt],
  };
}

/** The default ladder with its Sapphire rank (the skiller path's second) replaced. */
const withSapphire = (sapphire: object) =>
  withSkillerRanks((ranks) =>
    ranks.map((rank, index) => (index === 1 ? { ...(rank as object), ...sapphire } : rank)),
  );

const errorOf = (input: { paths: unknown[]; exempt: unknown[] }) => {
  const parsed = parseLadder(input);
  return 'error' in parsed ? parsed.error : null;
};

describe('parseLadder', () => {
  it('reads the default ladder as it is', () => {
    expect(parseLadder({ paths: DEFAULT_LADDER.paths, exempt: DEFAULT_LADDER.exempt })).toEqual({
      ladder: DEFAULT_LADDER,
    });
  });

  it('reads a ladder through JSON, as a request sends it', () => {
    const sent = JSON.parse(JSON.stringify(DEFAULT_LADDER)) as { paths: unknown[]; exempt: unknown[] };
    expect(parseLadder(sent)).toEqual({ ladder: DEFAULT_LADDER });
  });

  it('takes roles only as their stored keys, naming the rank or exempt role typed otherwise', () => {
    expect(errorOf(withSapphire({ role: ' Sapphire ' }))).toBe(
      `Sapphire: " Sapphire " is not one of Wise Old Man's group roles`,
    );
    expect(errorOf({ paths: DEFAULT_LADDER.paths, exempt: ['Deputy Owner'] })).toBe(
      `Exempt role Deputy Owner: "Deputy Owner" is not one of Wise Old Man's group roles`,
    );
  });

  it("accepts the site's own PvM Organizer as a role", () => {
    expect(parseLadder({ paths: [], exempt: ['pvm_organizer'] })).toEqual({
      ladder: { paths: [], exempt: ['pvm_organizer'] },
    });
  });

  it('names the rank whose requirement has an unknown measure', () => {
    const error = errorOf(withSapphire({ requirements: [{ measure: 'quest_points', min: 10 }] }));
    expect(error).toMatch(/^Sapphire: The measure must be one of/);
    expect(error).toBe(`Sapphire: The measure must be one of ${RANK_MEASURES.join(', ')}`);
  });

  it('names the rank whose minimum is negative', () => {
    expect(errorOf(withSapphire({ requirements: [{ measure: 'clan_xp', min: -1 }] }))).toBe(
      'Sapphire: The minimum must be 0 or more',
    );
  });

  it('names the rank whose minimum is not a number', () => {
    expect(errorOf(withSapphire({ requirements: [{ measure: 'clan_xp', min: '3000000' }] }))).toBe(
      'Sapphire: The minimum must be a number',
    );
  });

  it("names the rank whose role is not one of Wise Old Man's", () => {
    expect(errorOf(withSapphire({ role: 'emperor' }))).toBe(
      `Sapphire: "emperor" is not one of Wise Old Man's group roles`,
    );
  });

  it('names a rank without a name by its role, and one without either by its place', () => {
    expect(errorOf(withSapphire({ name: '' }))).toBe('sapphire: A name is required');
    expect(errorOf(withSapphire({ name: '', role: '' }))).toMatch(/^Skillers rank 2: /);
  });

  it('names the rank that uses a role another rank already uses', () => {
    const error = errorOf(
      withSkillerRanks((ranks) => [
        ...ranks,
        { role: 'sapphire', name: 'Star Sapphire', requirements: [{ measure: 'clan_xp', min: 900_000_000 }] },
      ]),
    );
    expect(error).toBe('Star Sapphire: the role sapphire is already used by Sapphire');
  });

  it('names the rank that uses a role a rank of another path already uses', () => {
    const error = errorOf(
      withSkillerRanks((ranks) => [
        ...ranks,
        { role: 'tzkal', name: 'Fire Cape', requirements: [{ measure: 'clan_xp', min: 900_000_000 }] },
      ]),
    );
    expect(error).toBe('TzKal: the role tzkal is already used by Fire Cape');
  });

  it('names an exempt role that is not a role, and one a rank already uses', () => {
    expect(errorOf({ paths: DEFAULT_LADDER.paths, exempt: ['owner', 'emperor'] })).toMatch(
      /^Exempt role emperor: /,
    );
    expect(errorOf({ paths: DEFAULT_LADDER.paths, exempt: ['owner', 'opal'] })).toBe(
      'Exempt role opal: the role opal is already used by Opal',
    );
  });

  it('names the rank whose threshold is not above the one below', () => {
    expect(errorOf(withSapphire({ requirements: [] }))).toBe(
      "Sapphire: its thresholds must be higher than Opal's",
    );
  });

  it('names the path without ranks or with a bad key', () => {
    expect(errorOf(withSkillerRanks(() => []))).toBe('Skillers: A path needs at least one rank');
    const [skillers, fighters] = DEFAULT_LADDER.paths;
    expect(errorOf({ paths: [skillers, { ...fighters, key: 'Fighters!' }], exempt: [] })).toMatch(
      /^Fighters: /,
    );
  });
});

describe('ladder and points requests', () => {
  it('reads a ranks request as a dry run only when it says so', () => {
    expect(ranksInputSchema.parse({ paths: [], exempt: [] }).dry_run).toBe(false);
    expect(ranksInputSchema.parse({ paths: [], exempt: [], dry_run: true }).dry_run).toBe(true);
  });

  it('lets a points request leave out the buttons, but not the placements', () => {
    expect(pointsInputSchema.safeParse({ placements: [15, 10, 5, 2], short: 2 }).success).toBe(true);
    expect(pointsInputSchema.safeParse({ short: 2 }).success).toBe(false);
    expect(pointsInputSchema.safeParse({ placements: [15, 10, 5], short: 2 }).success).toBe(false);
    expect(pointsInputSchema.safeParse({ placements: [15, 10, 5, 2.5], short: 2 }).success).toBe(false);
  });

  it('refuses a profile request that changes nothing or a field the profile has not', () => {
    expect(profileInputSchema.safeParse({}).success).toBe(false);
    expect(profileInputSchema.safeParse({ name: 'Siege', motto: 'x' }).success).toBe(false);
    expect(profileInputSchema.safeParse({ home_world: 302 }).success).toBe(true);
  });
});
