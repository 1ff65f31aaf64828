import type { z } from 'zod';

/** Any failed API call: the server's `{code, message}`, or NETWORK_ERROR when it could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const CONNECTION_FAILED = 'Connection failed';

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      return new ApiError(response.status, body.code, body.message);
    }
  } catch {
    // Not our JSON (a proxy's error page): fall through to a generic error.
  }
  return new ApiError(response.status, 'HTTP_ERROR', `Request failed with status ${response.status}`);
}

async function send<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S,
  options: { query?: Query; body?: unknown } = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', CONNECTION_FAILED);
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}

/** The one way the web app talks to the server: JSON in and out, responses checked against the contract. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, query?: Query) => send('GET', path, schema, { query }),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    send('POST', path, schema, { body }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => send('PUT', path, schema, { body }),
  patch: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    send('PATCH', path, schema, { body }),
  delete: <S extends z.ZodType>(path: string, schema: S) => send('DELETE', path, schema),
};
