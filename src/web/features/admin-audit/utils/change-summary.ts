/** One field an admin action changed, its values as text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export type ChangeSummary =
  | { kind: 'created' }
  | { kind: 'deleted' }
  | { kind: 'unchanged' }
  | { kind: 'changed'; changes: FieldChange[] };

/** Every write stamps it, and the log's own time says when: listing it would only add noise. */
const IGNORED_FIELDS = new Set(['updated_at']);

const MAX_TEXT = 80;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absent(value: unknown): boolean {
  return value === null || value === undefined;
}

/** A value as one short line: '-' for none, JSON for lists and objects, long text cut. */
export function valueText(value: unknown): string {
  if (absent(value)) return '-';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audited action did, from the row's before and after: a creation, a deletion, or the
 * fields whose values differ. A value that is not an object (a count, a flag) is one field, 'value'.
 */
export function summariseChange(before: unknown, after: unknown): ChangeSummary {
  if (absent(before) && !absent(after)) return { kind: 'created' };
  if (!absent(before) && absent(after)) return { kind: 'deleted' };
  if (!isRecord(before) || !isRecord(after)) {
    return same(before, after)
      ? { kind: 'unchanged' }
      : {
          kind: 'changed',
          changes: [{ field: 'value', before: valueText(before), after: valueText(after) }],
        };
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes = fields
    .filter((field) => !IGNORED_FIELDS.has(field) && !same(before[field], after[field]))
    .map((field) => ({ field, before: valueText(before[field]), after: valueText(after[field]) }));
  return changes.length === 0 ? { kind: 'unchanged' } : { kind: 'changed', changes };
}
