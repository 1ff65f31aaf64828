import { z } from 'zod';

const NAME_MAX = 64;
const CONTENT_MAX = 10_000;
const EMBEDS_MAX = 10;

const shortText = z.string().max(NAME_MAX);

/**
 * The envelope of every Dink notification. Unknown keys are kept, since Dink adds fields over time;
 * `extra` is the structured data the site reads (Dink leaves it out of `LOGOUT`).
 */
export const dinkNotificationSchema = z.looseObject({
  type: z
    .string()
    .min(1)
    .max(NAME_MAX)
    .regex(/^[A-Z][A-Z0-9_]*$/, 'type must be upper-case letters, digits and underscores'),
  playerName: z.string().min(1).max(NAME_MAX),
  dinkAccountHash: z.string().min(1).max(128),
  accountType: shortText.nullish(),
  seasonalWorld: z.boolean().nullish(),
  clanName: shortText.nullish(),
  groupIronClanName: shortText.nullish(),
  content: z.string().max(CONTENT_MAX).nullish(),
  embeds: z.array(z.record(z.string(), z.unknown())).max(EMBEDS_MAX).nullish(),
  world: z.number().nullish(),
  regionId: z.number().nullish(),
  discordUser: z
    .looseObject({ id: shortText.nullish(), name: shortText.nullish(), avatarHash: shortText.nullish() })
    .nullish(),
  extra: z.record(z.string(), z.unknown()).nullish(),
});
export type DinkNotification = z.infer<typeof dinkNotificationSchema>;

export type DinkNotificationParse =
  { ok: true; notification: DinkNotification } | { ok: false; problem: string };

const KIND_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

function problemOf(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.');
  if (where === '') return 'the body must be a JSON object';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${where} is missing`
        : `${where} must be ${KIND_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return `${where} must not be empty`;
    case 'too_big':
      return issue.origin === 'array'
        ? `${where} must have at most ${issue.maximum} entries`
        : `${where} must be at most ${issue.maximum} characters`;
    default:
      return issue.message.startsWith(where) ? issue.message : `${where}: ${issue.message}`;
  }
}

/** The notification in a body, or the first thing wrong with it in words fit for a 400 answer. */
export function parseDinkNotification(value: unknown): DinkNotificationParse {
  const parsed = dinkNotificationSchema.safeParse(value, { reportInput: true });
  if (parsed.success) return { ok: true, notification: parsed.data };
  const [first] = parsed.error.issues;
  return { ok: false, problem: first ? problemOf(first) : 'not a Dink notification' };
}
