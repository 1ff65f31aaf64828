import { isMetric, type Metric } from '@wise-old-man/utils';
import { validationError } from './replies.ts';

/** Request parsing with the server's zod error messages, word for word (§2.0). */
export function parseId(raw: string | undefined, name = 'id'): number {
  if (raw === undefined || !/^\d+$/.test(raw))
    throw validationError(`Parameter '${name}' is not a valid number.`);
  return Number(raw);
}

const MAX_LIMIT = 50;

export interface Pagination {
  limit: number;
  offset: number;
}

function numberParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !Number.isInteger(value))
    throw validationError(`Parameter '${name}' is not a valid number.`);
  return value;
}

export function parsePagination(query: URLSearchParams): Pagination {
  const limit = numberParam(query, 'limit', 20);
  if (limit <= 0) throw validationError("Parameter 'limit' must be > 0.");
  if (limit > MAX_LIMIT)
    throw validationError(
      `The maximum results limit is ${MAX_LIMIT}. Please consider using the 'offset' parameter to load more data.`,
    );
  const offset = numberParam(query, 'offset', 0);
  if (offset < 0) throw validationError("Parameter 'offset' must be >= 0.");
  return { limit, offset };
}

export function parseMetric(raw: string | null): Metric {
  if (raw === null) throw validationError("Parameter 'metric' is undefined.");
  if (!isMetric(raw)) throw validationError("Invalid enum value for 'metric'.");
  return raw;
}

/**
 * The optional preview metric of /competitions/:id: the server reads `metric`, client 4.0.24 sends
 * `metrics` repeated (§0), so both are accepted and every value given must be a metric.
 */
export function parsePreviewMetric(query: URLSearchParams): Metric | null {
  const given = [...query.getAll('metric'), ...query.getAll('metrics')];
  for (const value of given) {
    if (!isMetric(value)) throw validationError("Invalid enum value for 'metric'.");
  }
  const first = given[0];
  return first !== undefined && isMetric(first) ? first : null;
}
