import { clanPointsSchema, type ClanPoints } from '#core/clan/rank-ladder.schema.ts';

/** The point values as typed: four placements, the short-event amount and the +N buttons on one line. */
export interface PointsForm {
  placements: [string, string, string, string];
  short: string;
  buttons: string;
}

export function pointsForm(points: ClanPoints): PointsForm {
  const [first = 0, second = 0, third = 0, others = 0] = points.placements;
  return {
    placements: [String(first), String(second), String(third), String(others)],
    short: String(points.short),
    buttons: points.buttons.join(', '),
  };
}

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The values the form holds, or the first reason they cannot be saved, in the server's words. */
export function pointsFromForm(form: PointsForm): { points: ClanPoints } | { error: string } {
  const parsed = clanPointsSchema.safeParse({
    placements: form.placements.map(number),
    short: number(form.short),
    buttons: form.buttons
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(Number),
  });
  if (parsed.success) return { points: parsed.data };
  const issue = parsed.error.issues[0];
  const field =
    issue?.path[0] === 'placements'
      ? 'Placements'
      : issue?.path[0] === 'short'
        ? 'Short events'
        : '+N buttons';
  return { error: `${field}: ${issue?.message ?? 'not valid'}` };
}
