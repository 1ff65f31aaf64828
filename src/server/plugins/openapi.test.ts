import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

interface Schema {
  type?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

interface Operation {
  description?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** The Discord HTTP contract of issue 22: changed only with a decision record (docs/decisions/028). */
const DISCORD_OPERATIONS = [
  ['get', '/api/admin/discord/kinds'],
  ['get', '/api/admin/discord/routes'],
  ['post', '/api/admin/discord/routes'],
  ['put', '/api/admin/discord/routes/{id}'],
  ['delete', '/api/admin/discord/routes/{id}'],
  ['post', '/api/admin/discord/routes/{id}/test'],
  ['get', '/api/admin/discord/deliveries'],
] as const;

/** The Dink HTTP contract of issue 23: changed only with a decision record (docs/decisions/029). */
const DINK_OPERATIONS = [
  ['post', '/api/me/characters/{womId}/dink'],
  ['delete', '/api/me/characters/{womId}/dink'],
  ['post', '/api/dink/{token}'],
  ['get', '/api/dink/{token}/config'],
  ['get', '/api/feed'],
  ['get', '/api/personal-bests'],
] as const;

/** The kinds the issue asks for at least. */
const CONTRACT_KINDS = [
  'member_joined',
  'member_left',
  'member_returned',
  'member_renamed',
  'rank_changed',
  'achievements',
  'competition_created',
  'competition_starting',
  'competition_started',
  'competition_ending',
  'competition_ended',
  'season_reset',
  'anniversaries',
  'player_watch',
  'claim_requests',
  'rank_updates_due',
  'sync_failing',
  'goal_completed',
  'race_finished',
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    doc = response.json<OpenApiDocument>();
  });
  afterAll(async () => t.close());

  const operation = (method: string, path: string): Operation => {
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
    return found;
  };
  const json = (schema: { content?: Record<string, { schema: Schema }> } | undefined): Schema => {
    const found = schema?.content?.['application/json']?.schema;
    if (!found) throw new Error('no JSON schema');
    return found;
  };

  it('documents every Discord route of the contract, each with a description', () => {
    for (const [method, path] of DISCORD_OPERATIONS) {
      expect(operation(method, path).description, `${method} ${path}`).toMatch(/\w{3}/);
    }
  });

  it("shows a route's URL only as a hint, in every answer that holds a route", () => {
    const list = json(operation('get', '/api/admin/discord/routes').responses['200']).items;
    const created = json(operation('post', '/api/admin/discord/routes').responses['201']);
    const saved = json(operation('put', '/api/admin/discord/routes/{id}').responses['200']);
    for (const route of [list, created, saved]) {
      expect(route?.required).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'url_hint',
          'kinds',
          'enabled',
          'disabled_reason',
          'last_delivery_at',
        ]),
      );
      expect(Object.keys(route?.properties ?? {})).not.toContain('url');
    }
  });

  it('takes a URL when a route is added and keeps the stored one when a change omits it', () => {
    const added = json(operation('post', '/api/admin/discord/routes').requestBody);
    expect(added.required).toEqual(expect.arrayContaining(['name', 'url', 'kinds', 'enabled']));
    const changed = json(operation('put', '/api/admin/discord/routes/{id}').requestBody);
    expect(Object.keys(changed.properties ?? {})).toContain('url');
    expect(changed.required).not.toContain('url');
  });

  it("answers a test with Discord's status, and lists deliveries with the contract's fields", () => {
    const test = json(operation('post', '/api/admin/discord/routes/{id}/test').responses['200']);
    expect(test.required).toEqual(expect.arrayContaining(['ok', 'discord_status']));

    const deliveries = operation('get', '/api/admin/discord/deliveries');
    expect(deliveries.parameters?.map((parameter) => parameter.name)).toEqual(['route_id']);
    const delivery = json(deliveries.responses['200']).items;
    expect(delivery?.required).toEqual(
      expect.arrayContaining([
        'id',
        'route_id',
        'kind',
        'status',
        'discord_status',
        'attempts',
        'created_at',
        'delivered_at',
      ]),
    );
    expect(delivery?.properties?.status?.enum).toEqual(['pending', 'delivered', 'failed', 'dropped']);
  });

  it("names every kind the contract lists in a route's kinds", () => {
    const route = json(operation('get', '/api/admin/discord/routes').responses['200']).items;
    expect(route?.properties?.kinds?.items?.enum).toEqual(expect.arrayContaining(CONTRACT_KINDS));
  });

  it('documents every Dink route of the contract, each with a description', () => {
    for (const [method, path] of DINK_OPERATIONS) {
      expect(operation(method, path).description, `${method} ${path}`).toMatch(/\w{3}/);
    }
    expect(operation('post', '/api/dink/{token}').description).toMatch(/multipart\/form-data/);
  });

  it('answers a new Dink address with its URLs, and the feed with its items and cursor', () => {
    const created = json(operation('post', '/api/me/characters/{womId}/dink').responses['201']);
    expect(created.required).toEqual(expect.arrayContaining(['url', 'config_url']));
    const feed = operation('get', '/api/feed');
    expect(feed.parameters?.map((parameter) => parameter.name)).toEqual([
      'limit',
      'cursor',
      'kind',
      'wom_id',
    ]);
    const page = json(feed.responses['200']);
    expect(page.required).toEqual(expect.arrayContaining(['items', 'next_cursor']));
    expect(page.properties?.items?.items?.required).toEqual(
      expect.arrayContaining([
        'id',
        'kind',
        'wom_id',
        'player_name',
        'occurred_at',
        'title',
        'details',
        'value',
        'image_url',
        'thumbnail_url',
      ]),
    );
    const board = operation('get', '/api/personal-bests');
    expect(board.parameters?.map((parameter) => parameter.name)).toEqual(['boss', 'team_size']);
  });
});
