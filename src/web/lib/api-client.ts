/** Any failed API call: the server's `{code, message}`, or NETWORK_ERROR when it could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For NETWORK_ERROR, the browser's own error, whose message a form may show (spec §8, Registration). */
    options?: ErrorOptions,
  ) {
    super(message, options);
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

/**
 * The server checks every answer against the contract's schema before it sends it (and builds public
 * answers once), so the browser takes the JSON as typed instead of downloading zod to check it again.
 */
async function send<T>(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: 'same-origin',
      // A GET sends no extra header, so it can take the response the page's HTML preloaded; a form
      // (a file upload) gets its multipart type and boundary from the browser.
      headers:
        options.body === undefined || options.body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' },
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', CONNECTION_FAILED, { cause: error });
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

/** A file the server sends (a CSV export), with its headers, for the browser to save. */
async function download(path: string): Promise<{ blob: Blob; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', CONNECTION_FAILED, { cause: error });
  }
  if (!response.ok) throw await errorFrom(response);
  return { blob: await response.blob(), headers: response.headers };
}

/** The one way the web app talks to the server: JSON (or a form with a file) in, JSON out, typed by the contract's schemas. */
export const api = {
  get: <T>(path: string, query?: Query) => send<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => send<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => send<T>('PATCH', path, { body }),
  delete: <T>(path: string) => send<T>('DELETE', path),
  download,
};
