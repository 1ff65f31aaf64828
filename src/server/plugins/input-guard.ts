import type { FastifyInstance } from 'fastify';
import { hasLoneSurrogate } from '#core/bounds/text.ts';
import { badRequest } from '../http/http-error.ts';

/** What makes text unstorable, as the refusal names it. */
function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return 'text must not contain NUL characters';
  if (hasLoneSurrogate(text)) return 'text must be valid Unicode (no unpaired surrogates)';
  return null;
}

/**
 * Why a string anywhere in a parsed value (object keys included) cannot be stored alike on both
 * databases, or null when every string can. Iterative, so a body nested a million levels deep cannot
 * overflow the stack.
 */
export function unstorableText(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      const problem = problemOf(next);
      if (problem) return problem;
    } else if (Array.isArray(next)) {
      // Not push(...next): spreading half a million elements would overflow the stack.
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) {
        const problem = problemOf(key);
        if (problem) return problem;
        pending.push(child);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL or an unpaired surrogate in text and fails the query, while SQLite
 * keeps the one and replaces the other, so every route refuses both at the edge (400), before its
 * own schema runs: a route added later is covered without doing anything.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of Object.entries({
      params: request.params,
      query: request.query,
      body: request.body,
    })) {
      const problem = unstorableText(value);
      if (problem) throw badRequest(`${part}: ${problem}`);
    }
  });
}
