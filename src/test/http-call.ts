export interface HttpResult<T> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  body: T;
}

/** A real fetch with the body read once, as text and (when it parses) as JSON of the expected shape. */
export async function call<T>(url: string, init?: RequestInit): Promise<HttpResult<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: body as T };
}

/** A POST the way the official client sends it: always a JSON body, `{}` when empty. */
export function post<T>(
  url: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<HttpResult<T>> {
  return call<T>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
