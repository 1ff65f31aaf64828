// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '#test/manual-clock.ts';
import { DEMO_GUILD, STAND_IN_APP, startDiscordStandIn, type DiscordStandIn } from './index.ts';

const SITE = 'https://clan.example/auth/discord/callback';
/** An S256 challenge: 43 characters of base64url. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');
const labelOf = (document: Document, input: Element): string | undefined =>
  document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim();

describe("the stand-in's OAuth2 authorize page", () => {
  let standIn: DiscordStandIn;
  beforeAll(async () => {
    standIn = await startDiscordStandIn({ clock: manualClock('2026-11-21T12:00:00.000Z'), rateLimit: false });
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.resetState());

  const query = (overrides: Record<string, string | null> = {}): Record<string, string> => {
    const values: Record<string, string | null> = {
      response_type: 'code',
      client_id: STAND_IN_APP.id,
      redirect_uri: SITE,
      scope: 'identify guilds.members.read',
      state: 'state-123',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null),
    );
  };
  const encode = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');

  const page = async (values: Record<string, string>) => {
    const response = await fetch(`${standIn.url}/oauth2/authorize?${encode(values)}`);
    return { response, document: parse(await response.text()) };
  };
  /** The form's POST, as a browser sends it. */
  const submit = (values: Record<string, string>) =>
    fetch(`${standIn.url}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(values),
      redirect: 'manual',
    });

  it('shows the application and its scopes in an English page with a title', async () => {
    const { response, document } = await page(query());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toContain(STAND_IN_APP.name);
    expect(document.querySelector('h1')?.textContent).toContain(STAND_IN_APP.name);
    // guilds.members.read, in the words of Discord's consent screen.
    expect(document.body.textContent).toContain('roles');
  });

  it('carries the request in hidden fields and offers every test user, the first chosen', async () => {
    const values = query({ prompt: 'consent' });
    const { document } = await page(values);
    const form = document.querySelector('form');
    expect(form?.method.toLowerCase()).toBe('post');
    const hidden = [...document.querySelectorAll<HTMLInputElement>('input[type=hidden]')];
    expect(Object.fromEntries(hidden.map((input) => [input.name, input.value]))).toEqual(values);

    const radios = [...document.querySelectorAll<HTMLInputElement>('input[type=radio][name=user_id]')];
    expect(radios.map((radio) => radio.value)).toEqual(Object.values(DEMO_GUILD.users));
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false, false, false]);
    expect(document.querySelector('fieldset legend')?.textContent).toBeTruthy();
    expect(labelOf(document, radios[0] as Element)).toContain('zezima');
    expect(labelOf(document, radios[4] as Element)).toContain('not in the server');
  });

  it('labels every field, and offers a new test user, membership, Authorize and Cancel', async () => {
    const { document } = await page(query());
    const visible = [...document.querySelectorAll('input:not([type=hidden])')];
    expect(visible.every((input) => labelOf(document, input))).toBe(true);
    const newUser = document.querySelector('input[type=text][name=new_username]') as Element;
    expect(labelOf(document, newUser)).toBe('or a new test user named');
    const notMember = document.querySelector('input[type=checkbox][name=not_member]') as Element;
    expect(labelOf(document, notMember)).toBe('not a member of the server');
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[type=submit]')];
    expect(buttons.map((button) => [button.textContent, button.name, button.value])).toEqual([
      ['Authorize', 'action', 'authorize'],
      ['Cancel', 'action', 'cancel'],
    ]);
  });

  it('sends the browser back with error=access_denied and the state on Cancel', async () => {
    const response = await submit({ ...query(), user_id: DEMO_GUILD.users.zezima, action: 'cancel' });
    expect(response.status).toBe(302);
    const redirect = new URL(response.headers.get('location') ?? '');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SITE);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('error_description')).toBeTruthy();
    expect(redirect.searchParams.get('state')).toBe('state-123');
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('lists a new test user who was ticked as not a member, outside the guild', async () => {
    const response = await submit({
      ...query(),
      new_username: 'just_visiting',
      not_member: '1',
      action: 'authorize',
    });
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const { document } = await page(query());
    const labels = [...document.querySelectorAll('fieldset label')].map((label) => label.textContent);
    expect(labels.at(-1)).toMatch(/just_visiting.*not in the server/);
  });

  it('refuses an invalid new username on the page itself, keeping what was typed', async () => {
    const response = await submit({ ...query(), new_username: 'Bad Name!', action: 'authorize' });
    expect(response.status).toBe(400);
    const document = parse(await response.text());
    expect(document.querySelector('[role=alert]')?.textContent).toMatch(/username/i);
    expect(document.querySelector<HTMLInputElement>('input[name=new_username]')?.value).toBe('Bad Name!');
  });

  it.each([
    ['an unknown client_id', { client_id: '1111111111111111111' }],
    ['no redirect_uri', { redirect_uri: null }],
    ['response_type token', { response_type: 'token' }],
    ['PKCE plain', { code_challenge_method: 'plain' }],
    ['an unknown scope', { scope: 'identify nonsense' }],
  ])('answers 400 with a message, and no form, for %s', async (_, overrides) => {
    const { response, document } = await page(query(overrides));
    expect(response.status).toBe(400);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBeTruthy();
    expect(document.querySelector('[role=alert]')?.textContent).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });
});
