import { z } from 'zod';
import { MAX_SERIAL_ID, womPlayerIdSchema } from '../http/params.schema.ts';
import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from '../metrics/metric-catalogue.ts';

/** Issue 31's bounds: what one board may hold, so no board can grow a page without end. */
export const BINGO_LIMITS = {
  minSize: 3,
  maxSize: 7,
  teams: 20,
  membersPerTeam: 100,
  itemsPerGoal: 50,
  titleLength: 80,
  descriptionLength: 2_000,
  itemNameLength: 80,
  /** Boards whose window is open at once. */
  running: 10,
} as const;

const BOSSES: ReadonlySet<string> = new Set(BOSS_KEYS);
const SKILLS: ReadonlySet<string> = new Set(SKILL_KEYS);

const count = z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000);

/** What completes a tile (issue 31): items from Dink, kills or XP from WOM's gains, or a screenshot. */
export const tileGoalSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('item'),
    items: z
      .array(z.string().trim().min(1, 'an item name is required').max(BINGO_LIMITS.itemNameLength))
      .min(1, 'list at least one item')
      .max(BINGO_LIMITS.itemsPerGoal, `at most ${BINGO_LIMITS.itemsPerGoal} items`),
    count,
  }),
  z.object({
    type: z.literal('kc'),
    metric: z.string().refine((metric) => BOSSES.has(metric), "must be one of Wise Old Man's bosses"),
    count,
  }),
  z.object({
    type: z.literal('xp'),
    metric: z.string().refine((metric) => SKILLS.has(metric), "must be one of Wise Old Man's skills"),
    amount: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(5_000_000_000),
  }),
  z.object({ type: z.literal('manual') }),
]);
export type TileGoal = z.infer<typeof tileGoalSchema>;

const ICONS: ReadonlySet<string> = new Set([...SKILL_KEYS, ...BOSS_KEYS, ...ACTIVITY_KEYS]);

const tileSchema = z.object({
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  title: z.string().trim().min(1, 'a title is required').max(BINGO_LIMITS.titleLength),
  /** A skill, boss or activity from the icon catalogue; a kill or XP tile shows its own without one. */
  icon: z
    .string()
    .refine((icon) => ICONS.has(icon), "must be one of Wise Old Man's skills, bosses or activities")
    .nullish()
    .transform((icon) => icon ?? null),
  points: z.number().int().min(0).max(1_000),
  goal: tileGoalSchema,
});
export type BingoTileInput = z.infer<typeof tileSchema>;

const bonus = z.number().int().min(0).max(1_000);

/** `POST /api/admin/bingo` (issue 31's contract); every fault names its field. */
export const createBingoInputSchema = z
  .object({
    title: z.string().trim().min(1, 'a title is required').max(BINGO_LIMITS.titleLength),
    description: z.string().trim().max(BINGO_LIMITS.descriptionLength).default(''),
    starts_at: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }),
    ends_at: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }),
    size: z.number().int().min(BINGO_LIMITS.minSize).max(BINGO_LIMITS.maxSize),
    codeword: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .nullish()
      .transform((word) => word ?? null),
    review: z.enum(['auto', 'referee']).default('auto'),
    signups: z.boolean().default(false),
    bonuses: z
      .object({ row: bonus, column: bonus, diagonal: bonus, board: bonus })
      .default({ row: 0, column: 0, diagonal: 0, board: 0 }),
    teams: z
      .array(
        z.object({
          name: z.string().trim().min(1, 'a team name is required').max(40),
          members: z.array(womPlayerIdSchema).max(BINGO_LIMITS.membersPerTeam),
        }),
      )
      .max(BINGO_LIMITS.teams, `at most ${BINGO_LIMITS.teams} teams`)
      .default([]),
    tiles: z.array(tileSchema).max(BINGO_LIMITS.maxSize ** 2),
  })
  .superRefine((board, ctx) => {
    if (Date.parse(board.ends_at) <= Date.parse(board.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    const cells = new Set<string>();
    board.tiles.forEach((tile, index) => {
      if (tile.row >= board.size || tile.col >= board.size)
        ctx.addIssue({
          code: 'custom',
          path: ['tiles', index],
          message: `must lie on the ${board.size}×${board.size} board`,
        });
      const cell = `${tile.row},${tile.col}`;
      if (cells.has(cell))
        ctx.addIssue({ code: 'custom', path: ['tiles', index], message: `repeats the cell ${cell}` });
      cells.add(cell);
    });
    const names = new Set<string>();
    const members = new Set<string>();
    board.teams.forEach((team, index) => {
      const name = team.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({ code: 'custom', path: ['teams', index, 'name'], message: 'repeats a team name' });
      names.add(name);
      for (const womId of team.members) {
        if (members.has(womId))
          ctx.addIssue({
            code: 'custom',
            path: ['teams', index, 'members'],
            message: `${womId} is already in a team`,
          });
        members.add(womId);
      }
    });
  });
export type CreateBingoInput = z.output<typeof createBingoInputSchema>;

/** A tile added to a board (after its start, the only change it takes). */
export const addTileInputSchema = tileSchema;

/** Saved layouts the dashboard keeps at once. */
export const BINGO_TEMPLATES_MAX = 50;
/** Referees one board may have besides the admins. */
export const BINGO_REFEREES_MAX = 20;
/** Members one board's sign-up list holds. */
export const BINGO_SIGNUPS_MAX = BINGO_LIMITS.teams * BINGO_LIMITS.membersPerTeam;

/** What a template keeps of a board: everything but its dates and teams. */
export const bingoLayoutSchema = z.object({
  description: z.string(),
  size: z.number().int().min(BINGO_LIMITS.minSize).max(BINGO_LIMITS.maxSize),
  codeword: z.string().nullable(),
  review: z.enum(['auto', 'referee']),
  bonuses: z.object({ row: bonus, column: bonus, diagonal: bonus, board: bonus }),
  // As stored and sent: the icon already checked, so no transform (a response schema cannot hold one).
  tiles: z.array(tileSchema.extend({ icon: z.string().nullable() })).max(BINGO_LIMITS.maxSize ** 2),
});
export type BingoLayout = z.infer<typeof bingoLayoutSchema>;

export const templateInputSchema = z.object({
  name: z.string().trim().min(1, 'a name is required').max(BINGO_LIMITS.titleLength),
  // A board's id: past the id column's range there is no such board (PostgreSQL would refuse it).
  board_id: z.number().int().min(1).max(MAX_SERIAL_ID),
});

export const bingoTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  layout: bingoLayoutSchema,
});
export type BingoTemplate = z.infer<typeof bingoTemplateSchema>;

export const refereesInputSchema = z.object({
  usernames: z
    .array(z.string().trim().min(1).max(64))
    .max(BINGO_REFEREES_MAX, `at most ${BINGO_REFEREES_MAX} referees`),
});

/** A board as its admins see it: the public board with what only they may read or change. */
export const adminBingoExtrasSchema = z.object({
  codeword: z.string().nullable(),
  review: z.enum(['auto', 'referee']),
  signups_open: z.boolean(),
  status: z.enum(['upcoming', 'running', 'finished']),
  referees: z.array(z.object({ user_id: z.number().int(), username: z.string() })),
  signups: z.array(z.object({ wom_id: z.string(), name: z.string(), username: z.string() })),
  points_batch_id: z.number().int().nullable(),
});

/** The signed-in member's place on a board: their team, the codeword once it runs, their sign-ups. */
export const myBingoSchema = z.object({
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  codeword: z.string().nullable(),
  referee: z.boolean(),
  signups_open: z.boolean(),
  characters: z.array(z.object({ wom_id: z.string(), name: z.string(), signed_up: z.boolean() })),
});
export type MyBingo = z.infer<typeof myBingoSchema>;

export const signupInputSchema = z.object({ wom_id: womPlayerIdSchema });

export const BINGO_MESSAGES = {
  started: 'A board can be changed only until it starts; after that, tiles can be added',
  ended: 'This board has ended',
  cellTaken: (row: number, col: number) => `The cell ${row},${col} already holds a tile`,
  offBoard: (size: number) => `must lie on the ${size}×${size} board`,
  templatesFull: `At most ${BINGO_TEMPLATES_MAX} templates: delete one first`,
  templateName: 'A template of that name exists',
  unknownUser: (name: string) => `usernames: no account is named ${name}`,
  signupsClosed: 'Sign-ups for this board are closed',
  notYours: 'Sign up a character you have claimed',
  notFinished: 'Points are booked once the board has ended',
  booked: "This board's points are already booked",
  noTeams: 'No team scored on this board: there is nothing to pay',
} as const;
