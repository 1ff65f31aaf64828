import { GOAL_MESSAGES } from '../../src/core/goals/goals.schema.ts';

/** The kinds of request the soak makes, in the order its table lists them. */
export const REQUEST_KINDS = [
  'public read',
  'public read, If-None-Match',
  'public player stats',
  'sign-in',
  'sign-out',
  'my goals',
  'goal Sync Progress',
  'admin award points',
  'admin member edit',
  'admin members list',
  'admin start WOM sync',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** A documented answer that refuses the request: the app did its job by saying no. */
interface Refusal {
  status: number;
  code: string;
  /** The exact message, where the spec quotes one. */
  message?: string;
}

interface Expected {
  ok: readonly number[];
  refusals: readonly Refusal[];
}

/** Any request may meet a per-address or per-account limit. */
const RATE_LIMITED: Refusal = { status: 429, code: 'RATE_LIMITED' };
/** What PostgreSQL's serializable transactions answer once their retries are spent (decision 009). */
const WRITE_CONFLICT: Refusal = { status: 409, code: 'CONFLICT' };

const EXPECTED: Record<RequestKind, Expected> = {
  'public read': { ok: [200], refusals: [] },
  'public read, If-None-Match': { ok: [200, 304], refusals: [] },
  // Served from storage while WOM fails; "not stored yet" only for a player never fetched.
  'public player stats': { ok: [200], refusals: [{ status: 503, code: 'WOM_UNAVAILABLE' }] },
  'sign-in': { ok: [200], refusals: [] },
  'sign-out': { ok: [204], refusals: [] },
  'my goals': { ok: [200], refusals: [] },
  // While WOM is slow, failing, down, or the visitors' share of its budget is spent.
  'goal Sync Progress': {
    ok: [200],
    refusals: [{ status: 503, code: 'WOM_UNAVAILABLE', message: GOAL_MESSAGES.syncFailed }],
  },
  'admin award points': { ok: [200], refusals: [WRITE_CONFLICT] },
  // Another write (an award, another edit) changed the member after the editor's copy was read.
  'admin member edit': { ok: [200], refusals: [WRITE_CONFLICT] },
  'admin members list': { ok: [200], refusals: [] },
  // "A sync is already running".
  'admin start WOM sync': { ok: [202], refusals: [WRITE_CONFLICT] },
};

/** What came back: a status with the body's error fields, or no answer at all. */
export type Answer =
  { status: number; code: string | null; message: string | null } | { status: null; failure: string };

export type Outcome = { kind: 'ok' } | { kind: 'refused' } | { kind: 'error'; label: string };

/**
 * Sorts an answer into success, an expected refusal, or an error: a network failure, a 5xx that is
 * not a documented answer, or any other status the request should not get.
 */
export function classify(kind: RequestKind, answer: Answer): Outcome {
  if (answer.status === null) return { kind: 'error', label: `no answer: ${answer.failure}` };
  const expected = EXPECTED[kind];
  if (expected.ok.includes(answer.status)) return { kind: 'ok' };
  const refused = [...expected.refusals, RATE_LIMITED].some(
    (r) =>
      r.status === answer.status &&
      r.code === answer.code &&
      (r.message === undefined || r.message === answer.message),
  );
  return refused
    ? { kind: 'refused' }
    : { kind: 'error', label: `${answer.status} ${answer.code ?? ''}`.trim() };
}
