import Fastify from 'fastify';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { createTestApp, createUser, loginAs, testConfig, TEST_PASSWORD, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { ensureFirstAdmin } from './bootstrap/first-admin.ts';
import { loggerOptions } from './logging/logger-options.ts';

/** Names that would run as markup, as a spreadsheet formula, or act on a terminal, were they not kept as text. */
const HOSTILE_NAMES = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  'line\r\nbreak \u001b[31mred\u001b[0m',
] as const;

/**
 * Usernames as hostile as registration allowed before names had rules (decision 018): any text but
 * NUL, trimmed, lower-cased, at most 32 characters. Such accounts may still exist.
 */
const HOSTILE_USERNAMES = [
  '<img src=x onerror=__pwned=1>',
  '<script>__pwned=1</script>',
  '=hyperlink("http://e.x","x")',
  '@sum(a1)',
  'line\r\nbreak \u001b[31mred',
] as const;

/** What a spreadsheet would read as a formula; the export must start such a cell with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

const member = (index: number, name: string) => ({
  wom_id: String(7000 + index),
  name,
  wom_name: name,
  womrole: 'opal',
  title: name,
  join_date: '2026-11-20',
  current_lvl: 100,
  current_xp: 1000,
  first_lvl: 100,
  first_xp: 1000,
  ehb: 0,
  siege_score: 0,
});

/** Log text written into memory: one entry per write, as pino writes one line per entry. */
function recordingStream() {
  const writes: string[] = [];
  return { stream: { write: (text: string) => void writes.push(text) }, writes };
}

for (const dialect of testDialects) {
  describe(`${dialect}: hostile names are stored and shown as text`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      roles.as('admin', { method, url, payload });

    it('keeps member names, WOM names and titles unchanged through the admin and public APIs and the audit', async () => {
      for (const [index, name] of HOSTILE_NAMES.entries()) {
        const created = await asAdmin('POST', '/api/admin/members', member(index, name));
        expect(created.statusCode, created.body).toBe(201);
      }

      const admin = (await asAdmin('GET', '/api/admin/members')).json<AdminMember[]>();
      const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<
        Array<{ wom_id: string; name: string; wom_name: string | null }>
      >();
      for (const [index, name] of HOSTILE_NAMES.entries()) {
        const womId = String(7000 + index);
        expect(admin.find((row) => row.wom_id === womId)).toMatchObject({
          name,
          wom_name: name,
          title: name,
        });
        expect(roster.find((row) => row.wom_id === womId)).toMatchObject({ name, wom_name: name });
      }

      const audit = (await asAdmin('GET', '/api/admin/audit?limit=50')).json<
        Array<{ action: string; after: { name?: string } | null }>
      >();
      const auditedNames = audit
        .filter((row) => row.action === 'member.create')
        .map((row) => row.after?.name);
      expect(new Set(auditedNames)).toEqual(new Set(HOSTILE_NAMES));
    });

    it('escapes exactly the export cells that a spreadsheet would read as a formula', async () => {
      const names = [...HOSTILE_NAMES, 'Plain Pat', 'Mid=Formula'];
      for (const [index, name] of names.entries()) {
        expect((await asAdmin('POST', '/api/admin/members', member(index, name))).statusCode).toBe(201);
      }

      const csv = await asAdmin('GET', '/api/admin/members/export.csv');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="siege-members-2026-11-21.csv"');
      const [header = [], ...rows] = Papa.parse<string[]>(csv.body, { skipEmptyLines: true }).data;
      const column = (title: string) => header.indexOf(title);
      expect(rows).toHaveLength(names.length);
      for (const [index, name] of names.entries()) {
        const row = rows.find((cells) => cells[column('WOM ID')] === String(7000 + index));
        const expected = FORMULA_START.test(name) ? `'${name}` : name;
        for (const title of ['Name', 'WOM Name', 'Title']) expect(row?.[column(title)], title).toBe(expected);
      }
      // Every other text cell holds nothing a spreadsheet would run.
      for (const row of rows) {
        const others = row.filter((_, index) => !['Name', 'WOM Name', 'Title'].includes(header[index] ?? ''));
        expect(others.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
      }
    });

    it("keeps older accounts' hostile usernames as stored for the user, the admins, claim requests and the audit", async () => {
      expect((await asAdmin('POST', '/api/admin/members', member(0, HOSTILE_NAMES[0]))).statusCode).toBe(201);
      const message = HOSTILE_NAMES.join(' | ');

      for (const username of HOSTILE_USERNAMES) {
        await createUser(t, username);
        const registered = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: `x${username}`, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
        });
        expect(registered.statusCode, registered.body).toBe(400);

        const cookie = await loginAs(t, `  ${username.toUpperCase()} `);
        const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
        expect(me.json().user.username).toBe(username);
        const request = await t.app.inject({
          method: 'POST',
          url: '/api/claim-requests',
          headers: { cookie },
          payload: { wom_id: '7000', message },
        });
        expect(request.statusCode, request.body).toBe(201);
      }

      const users = (await asAdmin('GET', '/api/admin/users')).json<
        Array<{ id: number; username: string }>
      >();
      expect(users.map((user) => user.username)).toEqual(expect.arrayContaining([...HOSTILE_USERNAMES]));
      const requests = (await asAdmin('GET', '/api/admin/claim-requests')).json<
        Array<{ username: string; rsn: string; message: string }>
      >();
      expect(requests.map(({ username, rsn, message }) => ({ username, rsn, message }))).toEqual(
        expect.arrayContaining(
          HOSTILE_USERNAMES.map((username) => ({ username, rsn: HOSTILE_NAMES[0], message })),
        ),
      );

      // A hostile username acting as an admin is who the audit names.
      const hostile = users.find((user) => user.username === HOSTILE_USERNAMES[0]);
      expect(
        (await asAdmin('POST', `/api/admin/users/${hostile?.id}/admin`, { is_admin: true })).statusCode,
      ).toBe(200);
      const cookie = await loginAs(t, HOSTILE_USERNAMES[0]);
      const points = await t.app.inject({
        method: 'POST',
        url: '/api/admin/members/7000/points',
        headers: { cookie },
        payload: { amount: 5 },
      });
      expect(points.statusCode, points.body).toBe(200);
      const audit = (await asAdmin('GET', '/api/admin/audit?limit=50')).json<
        Array<{ action: string; actor_label: string }>
      >();
      expect(audit.find((row) => row.action === 'member.points')?.actor_label).toBe(HOSTILE_USERNAMES[0]);
    });

    it('keeps event names and descriptions unchanged on the public events list', async () => {
      const description = HOSTILE_NAMES.join('\n');
      for (const name of HOSTILE_NAMES) {
        const created = await asAdmin('POST', '/api/admin/events', {
          name,
          description,
          start_date: '2026-11-20T00:00:00.000Z',
          end_date: '2026-11-27T00:00:00.000Z',
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const events = (await t.app.inject({ method: 'GET', url: '/api/events' })).json<
        Array<{ name: string; description: string | null }>
      >();
      expect(events.map((event) => ({ name: event.name, description: event.description }))).toEqual(
        expect.arrayContaining(HOSTILE_NAMES.map((name) => ({ name, description }))),
      );
    });

    it("logs an older account's hostile admin username as one escaped entry, in JSON and in the pretty format", async () => {
      const username = HOSTILE_USERNAMES[4];
      await createUser(t, username);
      const config = testConfig({ ADMIN_USERNAME: username, ADMIN_PASSWORD: 'hostile-secret' });
      const json = recordingStream();
      const pretty = recordingStream();
      // JSON is pino's own format (production writes it to stdout); the pretty one is the app's.
      const jsonLog = Fastify({ logger: { level: 'info', stream: json.stream } }).log;
      const prettyLog = Fastify({
        logger: loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, pretty.stream),
      }).log;
      await ensureFirstAdmin({ db: t.database.db, clock: t.clock }, config, jsonLog);
      await ensureFirstAdmin(
        { db: t.database.db, clock: t.clock },
        testConfig({ ADMIN_USERNAME: username, ADMIN_PASSWORD: 'hostile-secret-2' }),
        prettyLog,
      );

      expect(json.writes).toHaveLength(1);
      const entry = json.writes.join('');
      expect(entry.endsWith('\n')).toBe(true);
      // One line, and no raw control character a terminal or collector would act on.
      expect(entry.slice(0, -1)).not.toMatch(/\p{Cc}/u);
      expect(JSON.parse(entry).msg).toBe(`Updated admin account "${username}" from ADMIN_USERNAME`);

      // A multi-line message continues on indented lines: nothing a name holds can reach the head column.
      expect(pretty.writes).toHaveLength(1);
      const [head, ...continued] = pretty.writes.join('').slice(0, -1).split('\n');
      expect(head).toMatch(/^\d\d:\d\d:\d\d INFO {2}Updated admin account "line\\u000d$/);
      expect(continued).toEqual([`${' '.repeat(15)}break \\u001b[31mred" from ADMIN_USERNAME`]);
    });
  });
}
