import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import {
  DEMO_GUILD,
  STAND_IN_APP,
  startDiscordStandIn,
  type ApplicationCommand,
  type DiscordStandIn,
} from './index.ts';

/** From Discord's reference (interactions/application-commands), typed out to check the stand-in. */
const REFERENCE = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  size: 8000,
  chatInputCommands: 100,
  userCommands: 15,
  messageCommands: 15,
};

interface FormErrorBody {
  message: string;
  code: number;
  errors?: Record<string, unknown>;
}

const text = (length: number, char = 'x') => char.repeat(length);
const slash = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Shows a rank',
  ...extra,
});
const option = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  name,
  description: 'A player name',
  ...extra,
});

/** The error codes Discord put at `path` in an Invalid Form Body answer. */
function codesAt(body: FormErrorBody, path: (string | number)[]): string[] {
  let node: unknown = body.errors;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[String(key)];
  const errors = (node as { _errors?: { code: string }[] } | undefined)?._errors ?? [];
  return errors.map((error) => error.code);
}

describe("the stand-in's guild command registration (bulk overwrite)", () => {
  let standIn: DiscordStandIn;
  let clock: ManualClock;
  const commandsPath = (applicationId: string = STAND_IN_APP.id, guildId: string = DEMO_GUILD.id) =>
    `/api/v10/applications/${applicationId}/guilds/${guildId}/commands`;
  beforeAll(async () => {
    clock = manualClock('2026-11-21T12:00:00.000Z');
    standIn = await startDiscordStandIn({ clock, rateLimit: false });
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.resetState());

  const put = <T = FormErrorBody>(body: unknown, path = commandsPath(), token = STAND_IN_APP.botToken) =>
    call<T>(`${standIn.url}${path}`, {
      method: 'PUT',
      headers: { Authorization: `Bot ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refusedAt = async (body: unknown, path: (string | number)[]) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Invalid Form Body', code: 50035 });
    expect(codesAt(response.body, path).length).toBeGreaterThan(0);
    return codesAt(response.body, path);
  };
  const accepted = async (body: unknown) => {
    const response = await put<ApplicationCommand[]>(body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('answers the list with ids, the application, the guild and a version, and lists it back', async () => {
    const body = [
      slash('rank', { options: [option('player', { required: true })] }),
      { type: 2, name: 'Show Rank' },
    ];
    const registered = await accepted(body);
    expect(registered).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        application_id: STAND_IN_APP.id,
        guild_id: DEMO_GUILD.id,
        version: expect.stringMatching(/^\d+$/),
        type: 1,
        name: 'rank',
        description: 'Shows a rank',
        options: [option('player', { required: true })],
        default_member_permissions: null,
        nsfw: false,
      },
      expect.objectContaining({ type: 2, name: 'Show Rank', description: '' }),
    ]);
    const listed = await call<ApplicationCommand[]>(`${standIn.url}${commandsPath()}`, {
      headers: { Authorization: `Bot ${STAND_IN_APP.botToken}` },
    });
    expect(listed.body).toEqual(registered);
    expect(standIn.registeredCommands(DEMO_GUILD.id)).toEqual(registered);
  });

  it('overwrites: a command keeps its id, a changed one gets a new version, a missing one goes', async () => {
    const [rank, sync] = await accepted([slash('rank'), slash('sync')]);
    clock.advance(1_000);
    const again = await accepted([slash('rank', { description: 'Shows your clan rank' }), slash('kc')]);
    expect(again.map((command) => command.name)).toEqual(['rank', 'kc']);
    expect(again[0]?.id).toBe(rank?.id);
    expect(again[0]?.version).not.toBe(rank?.version);
    expect(again.map((command) => command.id)).not.toContain(sync?.id);
    const unchanged = await accepted([slash('rank', { description: 'Shows your clan rank' })]);
    expect(unchanged[0]?.version).toBe(again[0]?.version);
  });

  it('takes names of 1 to 32 letters, digits, - and _ in lower case, in any script', async () => {
    await accepted([
      slash('a'),
      slash(text(REFERENCE.name)),
      slash('kill-count_2'),
      slash('ранг'),
      slash('रैंक'),
      slash('ยศ'),
    ]);
  });

  it.each([
    ['upper case', 'Rank'],
    ['a space', 'rank sync'],
    ['punctuation', 'rank!'],
    ['33 characters', text(REFERENCE.name + 1)],
    ['nothing', ''],
  ])('refuses a slash command name with %s', async (_, name) => {
    await refusedAt([slash('ok'), slash(name)], [1, 'name']);
  });

  it('takes user and message command names in mixed case with spaces', async () => {
    await accepted([
      { type: 2, name: 'Show Rank' },
      { type: 3, name: 'Log This Drop' },
    ]);
  });

  it('takes a description of 1 to 100 characters and refuses none or 101', async () => {
    await accepted([slash('rank', { description: text(REFERENCE.description) })]);
    await refusedAt([slash('rank', { description: text(REFERENCE.description + 1) })], [0, 'description']);
    await refusedAt([slash('rank', { description: '' })], [0, 'description']);
    await refusedAt([{ name: 'rank' }], [0, 'description']);
  });

  it('takes 25 options and refuses 26, with option names held to the same rules', async () => {
    const options = (count: number) => Array.from({ length: count }, (_, i) => option(`opt${i}`));
    await accepted([slash('rank', { options: options(REFERENCE.options) })]);
    const codes = await refusedAt(
      [slash('rank', { options: options(REFERENCE.options + 1) })],
      [0, 'options'],
    );
    expect(codes).toEqual(['BASE_TYPE_MAX_LENGTH']);
    await refusedAt([slash('rank', { options: [option('Player')] })], [0, 'options', 0, 'name']);
    await refusedAt(
      [slash('rank', { options: [option('player', { description: text(REFERENCE.description + 1) })] })],
      [0, 'options', 0, 'description'],
    );
  });

  it('refuses a required option after an optional one', async () => {
    const codes = await refusedAt(
      [slash('rank', { options: [option('player'), option('skill', { required: true })] })],
      [0, 'options', 1],
    );
    expect(codes).toEqual(['APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID']);
  });

  it('refuses more than 25 choices, and a command over 8,000 characters', async () => {
    const choices = (count: number, nameLength = 5) =>
      Array.from({ length: count }, (_, i) => ({
        name: `${i}`.padStart(nameLength, 'c'),
        value: `${i}`.padStart(nameLength, 'v'),
      }));
    await refusedAt(
      [slash('rank', { options: [option('skill', { choices: choices(REFERENCE.choices + 1) })] })],
      [0, 'options', 0, 'choices'],
    );
    // Two options of 25 choices of 100-character names and values: 10,000 characters.
    const big = (name: string) => option(name, { choices: choices(REFERENCE.choices, REFERENCE.choiceName) });
    const codes = await refusedAt([slash('rank', { options: [big('one'), big('two')] })], [0]);
    expect(codes).toEqual(['APPLICATION_COMMAND_TOO_LARGE']);
  });

  it('refuses two commands of one type with the same name', async () => {
    const codes = await refusedAt([slash('rank'), slash('rank')], [1]);
    expect(codes).toEqual(['APPLICATION_COMMANDS_DUPLICATE_NAME']);
    await accepted([slash('rank'), { type: 2, name: 'rank' }]);
  });

  it('takes 100 slash commands with 15 user and 15 message commands, and refuses a 101st slash command', async () => {
    const slashes = (count: number) => Array.from({ length: count }, (_, i) => slash(`cmd${i}`));
    const ui = (type: number) => Array.from({ length: 15 }, (_, i) => ({ type, name: `UI ${type} ${i}` }));
    await accepted([...slashes(REFERENCE.chatInputCommands), ...ui(2), ...ui(3)]);
    const tooMany = await put(slashes(REFERENCE.chatInputCommands + 1));
    expect(tooMany.status).toBe(400);
    expect(standIn.registeredCommands(DEMO_GUILD.id)).toHaveLength(130);
  });

  it('refuses a body that is not a list', async () => {
    const response = await put({ name: 'rank', description: 'Shows a rank' });
    expect([response.status, response.body.code]).toEqual([400, 50035]);
  });

  it("answers 401 without the bot, 403 for another application's commands, 404 for an unknown guild", async () => {
    expect((await put([slash('rank')], commandsPath(), 'wrong')).status).toBe(401);
    const other = await put([slash('rank')], commandsPath('1111111111111111111'));
    expect([other.status, other.body]).toEqual([403, { message: 'Missing Access', code: 50001 }]);
    const guild = await put([slash('rank')], commandsPath(STAND_IN_APP.id, '1299999999999999999'));
    expect([guild.status, guild.body]).toEqual([404, { message: 'Unknown Guild', code: 10004 }]);
  });
});
