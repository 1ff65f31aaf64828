import type { DiscordKind, DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute, DiscordRouteUpdate } from '#core/discord/discord-routes.schema.ts';
import type { RouteFilters } from '#core/discord/route-filters.ts';
import { DINK_MOMENT_KINDS, DINK_MOMENT_LABELS, type DinkMomentKind } from '#core/dink/dink.schema.ts';

type AchievementLevel = RouteFilters['achievements'];

/** The achievements filter's choices, in the form's words. */
export const ACHIEVEMENT_CHOICES: ReadonlyArray<{ value: AchievementLevel; label: string }> = [
  { value: 'any', label: 'All' },
  { value: '99', label: '99s and up' },
  { value: '200m', label: '200M only' },
];

/** What the route form holds while an admin edits it. */
export interface RouteFormValues {
  name: string;
  /** Blank on edit: the stored URL is a secret the browser never has, and blank keeps it. */
  url: string;
  kinds: DiscordKind[];
  achievements: AchievementLevel;
  competitionTypes: string[];
  /** None for moments of every kind. */
  momentKinds: DinkMomentKind[];
  enabled: boolean;
}

export type RouteFormErrors = Partial<Record<'name' | 'url' | 'kinds', string>>;

export function routeFormValues(route?: DiscordRoute): RouteFormValues {
  return {
    name: route?.name ?? '',
    url: '',
    kinds: route ? [...route.kinds] : [],
    achievements: route?.filters.achievements ?? 'any',
    competitionTypes: route ? [...route.filters.competition_types] : [],
    momentKinds: [...(route?.filters.moment_kinds ?? [])],
    enabled: route?.enabled ?? true,
  };
}

/** What the form must have before it is sent; the server checks the URL itself. */
export function routeFormErrors(values: RouteFormValues, editing: boolean): RouteFormErrors {
  const errors: RouteFormErrors = {};
  if (values.name.trim() === '') errors.name = 'Name the route';
  if (!editing && values.url.trim() === '') errors.url = 'Paste the webhook URL from Discord';
  if (values.kinds.length === 0) errors.kinds = 'Choose at least one kind of news';
  return errors;
}

/**
 * The request body: every field, except a blank URL on edit, which is left out so the server keeps
 * the stored one.
 */
export function routeInput(values: RouteFormValues): DiscordRouteUpdate {
  const url = values.url.trim();
  return {
    name: values.name.trim(),
    ...(url === '' ? {} : { url }),
    kinds: values.kinds,
    enabled: values.enabled,
    filters: {
      achievements: values.achievements,
      competition_types: values.competitionTypes,
      // Left out when none is checked, as a route that never narrowed its moments is stored.
      ...(values.momentKinds.length > 0 ? { moment_kinds: values.momentKinds } : {}),
    },
  };
}

/** A list with an item added or removed, in the order `order` gives. */
export function toggled<T>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] {
  const next = new Set(list);
  if (on) next.add(item);
  else next.delete(item);
  return order.filter((each) => next.has(each));
}

/** A route's kinds in words, in the form's order; a kind the site no longer knows keeps its name. */
export function kindLabels(kinds: readonly string[], infos: readonly DiscordKindInfo[]): string[] {
  const label = new Map(infos.map((info) => [info.kind as string, info.label]));
  const known = infos.filter((info) => kinds.includes(info.kind)).map((info) => info.label);
  return [...known, ...kinds.filter((kind) => !label.has(kind))];
}

/** The filters a route narrows its news with, in words; none when it carries everything. */
export function filterLabels(filters: RouteFilters): string[] {
  const labels: string[] = [];
  const level = ACHIEVEMENT_CHOICES.find((choice) => choice.value === filters.achievements);
  if (level && level.value !== 'any') labels.push(`Achievements: ${level.label}`);
  if (filters.competition_types.length > 0)
    labels.push(`Competitions: ${filters.competition_types.join(', ')}`);
  const moments = DINK_MOMENT_KINDS.filter((kind) => filters.moment_kinds?.includes(kind));
  if (moments.length > 0)
    labels.push(`In-game moments: ${moments.map((kind) => DINK_MOMENT_LABELS[kind]).join(', ')}`);
  return labels;
}
