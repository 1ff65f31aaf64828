/** One field an audited action changed, named for people, its values as text. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Every write stamps it, and the log's own time says when: listing it would only add noise. */
const IGNORED_FIELDS = new Set(['updated_at']);

const MAX_TEXT = 120;

/** Names that plain sentence case would get wrong or leave cryptic. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  womrole: 'Rank',
  wom_role_synced: 'Rank last seen in WOM',
  wom_name: 'Name in WOM',
  wom_id: 'WOM id',
  siege_score: 'Siege score',
  amount: 'Points given',
  hidden: 'Hidden from the public site',
  runewatch_whitelisted: 'Whitelisted',
  runewatch_whitelist_reason: 'Whitelist reason',
  runewatch_whitelisted_at: 'Whitelisted at',
  runewatch_whitelisted_by: 'Whitelisted by (user id)',
  unwhitelist_reason: 'Reason for removal from the whitelist',
  deleted_at: 'Removed from the roster at',
  away_until: 'Away until',
  is_admin: 'Admin',
  supabase_auth_id: 'Sign-in id',
  password_changed: 'New password set',
  link_created_by: 'Reset link made by',
  expires_at: 'Expires',
  start_date: 'Starts',
  end_date: 'Ends',
  admin_notes: 'Admin notes',
  members_reset: 'Members reset',
  cases_added: 'Cases added',
  cases_removed: 'Cases removed',
};

/** Abbreviations kept in capitals when a field name is turned into words. */
const CAPITALS = new Set(['wom', 'xp', 'ehb', 'ehp', 'rsn', 'url']);

/** A field as people read it: 'siege_score' -> 'Siege score', 'initial_xp' -> 'Initial XP'. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => (CAPITALS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence === '' ? field : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const absent = (value: unknown) => value === null || value === undefined;

/** A value as one short line: '-' for none, Yes/No for flags, lists joined, objects as JSON, long text cut. */
export function valueText(value: unknown): string {
  if (absent(value)) return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)
        ? value.map(String).join(', ')
        : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of both sides, in the order the record has them, the new ones last. */
const keysOf = (before: Record<string, unknown>, after: Record<string, unknown>) => [
  ...new Set([...Object.keys(before), ...Object.keys(after)]),
];

/**
 * What an audited action changed, field by field, from the row's before and after: a creation lists
 * the new values against '-', a deletion the old ones. A value that is not an object (a count, a flag)
 * is one field, 'Value'. A field holding a record on either side (one member of a CSV import, the
 * season a reset closed) is opened one level, its fields named 'Parent: field'; `names` turns a WOM id
 * used as a key into the member's name.
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  names: Readonly<Record<string, string>> = {},
): FieldChange[] {
  if (absent(before) && absent(after)) return [];
  const bothRecords = (absent(before) || isRecord(before)) && (absent(after) || isRecord(after));
  if (!bothRecords) {
    return same(before, after)
      ? []
      : [{ field: 'value', label: 'Value', before: valueText(before), after: valueText(after) }];
  }
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  return keysOf(old, now).flatMap((field): FieldChange[] => {
    if (IGNORED_FIELDS.has(field) || same(old[field], now[field])) return [];
    const a = old[field];
    const b = now[field];
    const nested = (absent(a) || isRecord(a)) && (absent(b) || isRecord(b));
    if (!nested) return [{ field, label: fieldLabel(field), before: valueText(a), after: valueText(b) }];
    const parent = names[field] ?? fieldLabel(field);
    const inner = isRecord(a) ? a : {};
    const outer = isRecord(b) ? b : {};
    return keysOf(inner, outer)
      .filter((key) => !IGNORED_FIELDS.has(key) && !same(inner[key], outer[key]))
      .map((key) => ({
        field: `${field}.${key}`,
        label: `${parent}: ${fieldLabel(key)}`,
        before: valueText(inner[key]),
        after: valueText(outer[key]),
      }));
  });
}
