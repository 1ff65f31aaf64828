import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/http-error.ts';

/**
 * True when a string anywhere in a parsed value (object keys included) holds a NUL character.
 * Iterative, so a body nested a million levels deep cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      // Not push(...next): spreading half a million elements would overflow the stack.
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store a NUL in text and fails the query, so every route refuses one at the edge
 * (400), before its own schema runs: a route added later is covered without doing anything.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of Object.entries({
      params: request.params,
      query: request.query,
      body: request.body,
    })) {
      if (containsNul(value)) throw badRequest(`${part}: text must not contain NUL characters`);
    }
  });
}
