import { describe, expect, it } from 'vitest';
import { DISCORD_KIND_LIST } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import {
  filterLabels,
  kindLabels,
  routeFormErrors,
  routeFormValues,
  routeInput,
  toggled,
} from './route-form-values.ts';

const stored: DiscordRoute = {
  id: 1,
  name: '#news',
  url_hint: '…/webhooks/1234…/****',
  kinds: ['achievements'],
  filters: { achievements: '200m', competition_types: ['Weekly'] },
  enabled: false,
  disabled_reason: null,
  last_delivery_at: null,
};

describe('route form values', () => {
  it('starts a new route on, with nothing chosen, and an edit from the route with a blank URL', () => {
    expect(routeFormValues()).toEqual({
      name: '',
      url: '',
      kinds: [],
      achievements: 'any',
      competitionTypes: [],
      momentKinds: [],
      enabled: true,
    });
    expect(routeFormValues(stored)).toEqual({
      name: '#news',
      url: '',
      kinds: ['achievements'],
      achievements: '200m',
      competitionTypes: ['Weekly'],
      momentKinds: [],
      enabled: false,
    });
  });

  it('needs a URL for a new route only, a name and a kind always', () => {
    const blank = routeFormValues();
    expect(routeFormErrors(blank, false)).toEqual({
      name: 'Name the route',
      url: 'Paste the webhook URL from Discord',
      kinds: 'Choose at least one kind of news',
    });
    expect(routeFormErrors(routeFormValues(stored), true)).toEqual({});
    expect(routeFormErrors({ ...routeFormValues(stored), name: '  ' }, true)).toEqual({
      name: 'Name the route',
    });
  });

  it('leaves a blank URL out of the request, so the server keeps the stored one', () => {
    expect(routeInput({ ...routeFormValues(stored), name: ' #news ' })).toEqual({
      name: '#news',
      kinds: ['achievements'],
      enabled: false,
      filters: { achievements: '200m', competition_types: ['Weekly'] },
    });
    expect(
      routeInput({ ...routeFormValues(stored), url: ' https://discord.com/api/webhooks/1/t ' }).url,
    ).toBe('https://discord.com/api/webhooks/1/t');
  });

  it("keeps a toggled list in the form's order", () => {
    const order = ['a', 'b', 'c'];
    expect(toggled(['c'], 'a', true, order)).toEqual(['a', 'c']);
    expect(toggled(['a', 'c'], 'a', false, order)).toEqual(['c']);
  });

  it("reads a route's kinds and filters in words", () => {
    expect(kindLabels(['achievements', 'member_joined', 'retired_kind'], DISCORD_KIND_LIST)).toEqual([
      'Members joined',
      'Achievements',
      'retired_kind',
    ]);
    expect(filterLabels({ achievements: 'any', competition_types: [] })).toEqual([]);
    expect(filterLabels(stored.filters)).toEqual(['Achievements: 200M only', 'Competitions: Weekly']);
    expect(filterLabels({ ...stored.filters, moment_kinds: ['pet', 'loot'] }).at(-1)).toBe(
      'In-game moments: Drops, Pets',
    );
    expect(filterLabels({ achievements: 'any', competition_types: [], moment_kinds: [] })).toEqual([]);
  });

  it('sends the moment kinds checked, and none at all when none is checked', () => {
    const moments = routeFormValues({ ...stored, filters: { ...stored.filters, moment_kinds: ['pet'] } });
    expect(moments.momentKinds).toEqual(['pet']);
    expect(routeInput(moments).filters?.moment_kinds).toEqual(['pet']);
    expect(routeInput({ ...moments, momentKinds: [] }).filters).toEqual({
      achievements: '200m',
      competition_types: ['Weekly'],
    });
  });
});
